import { describe, expect, it } from 'vitest';
import { compareVersions, DATASET_VERSION_PATTERN } from './version.js';

describe('dataset versions', () => {
  it('order by date, then by n as a number', () => {
    expect(
      ['2026-12-01.10', '2026-11-30.3', '2026-12-01.9', '2026-12-01.1'].sort(compareVersions),
    ).toEqual(['2026-11-30.3', '2026-12-01.1', '2026-12-01.9', '2026-12-01.10']);
  });

  it.each([
    ['2026-12-01.1', true],
    ['2026-12-01', false],
    ['2026-12-01.x', false],
    [' 2026-12-01.1', false],
  ] as const)('%s matches the pattern: %s', (version, matches) => {
    expect(DATASET_VERSION_PATTERN.test(version)).toBe(matches);
  });
});
