import { describe, expect, it } from 'vitest';
import README from '../../../../README.md?raw';
import {
  DEPRECATIONS,
  QUERY_KEY_DEPRECATION,
  REMOVAL_NOTICE_MONTHS,
  SUNSET_NOTICE_MONTHS,
  type Deprecation,
} from './deprecations.js';
import { deprecationHeaders } from './headers.js';

describe('deprecationHeaders', () => {
  it('says since when as a structured-field date (RFC 9745) and links to the policy; no Sunset without a removal date', () => {
    expect(deprecationHeaders(QUERY_KEY_DEPRECATION, '/docs')).toEqual({
      deprecation: '@1795564800',
      link: '</docs#deprecations>; rel="deprecation"; type="text/html"',
    });
  });

  it('names the removal date, once one is set, as an HTTP-date in Sunset (RFC 8594)', () => {
    const removed: Deprecation = { ...QUERY_KEY_DEPRECATION, sunsetAt: Date.UTC(2027, 10, 25, 12) };
    expect(deprecationHeaders(removed, '/gamedata/docs')).toEqual({
      deprecation: '@1795564800',
      link: '</gamedata/docs#deprecations>; rel="deprecation"; type="text/html"',
      sunset: 'Thu, 25 Nov 2027 12:00:00 GMT',
    });
  });
});

describe('the deprecations in force', () => {
  it.each(DEPRECATIONS.map((deprecation) => [deprecation.subject, deprecation] as const))(
    '%s keeps the notice the policy promises',
    (_subject, deprecation) => {
      const earliest = new Date(deprecation.deprecatedAt);
      earliest.setUTCMonth(earliest.getUTCMonth() + REMOVAL_NOTICE_MONTHS);
      // No removal date yet counts as removal never: the notice holds either way.
      expect(deprecation.sunsetAt ?? Infinity).toBeGreaterThanOrEqual(earliest.getTime());
    },
  );
});

describe("the README's deprecation policy", () => {
  // Table cells are padded to line up: compared with single spaces.
  const policy = (/### Deprecation policy\n([\s\S]*?)\n## /.exec(README)?.[1] ?? '').replace(
    / +/g,
    ' ',
  );

  it('promises the notice the policy keeps', () => {
    expect(policy).toContain(`at least ${REMOVAL_NOTICE_MONTHS} months after it was deprecated`);
    expect(policy).toContain(`at least ${SUNSET_NOTICE_MONTHS} months ahead`);
  });

  it.each(DEPRECATIONS.map((deprecation) => [deprecation.subject, deprecation] as const))(
    'lists %s with the Deprecation header it gets',
    (_subject, deprecation) => {
      const since = new Date(deprecation.deprecatedAt).toISOString().slice(0, 10);
      expect(policy).toContain(
        `| ${since} (\`deprecation: ${deprecationHeaders(deprecation, '/docs').deprecation}\`) | ${deprecation.sunsetAt === undefined ? 'not set' : new Date(deprecation.sunsetAt).toISOString().slice(0, 10)} |`,
      );
    },
  );
});
