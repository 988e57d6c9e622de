import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import ClosingLineReporter from './closing-line-reporter.js';

/** A test module as the reporter reads it: whether it is ok, and its tests' states. */
const module_ = (ok: boolean, states: string[]) =>
  ({
    ok: () => ok,
    children: { allTests: () => states.map((state) => ({ result: () => ({ state }) })) },
  }) as unknown as TestModule;

/** The line the reporter writes for a run. */
function closingLine(modules: TestModule[], unhandledErrors: unknown[] = []): string {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  new ClosingLineReporter().onTestRunEnd(modules, unhandledErrors);
  return String(write.mock.calls.at(-1)?.[0]).trim();
}

afterEach(() => vi.restoreAllMocks());

describe('the closing line', () => {
  it.each([
    [
      'all passed',
      [module_(true, ['passed', 'passed']), module_(true, ['passed'])],
      [],
      '3 passed, 0 failed',
    ],
    ['a failed test', [module_(false, ['passed', 'failed'])], [], '1 passed, 1 failed'],
    [
      'skipped tests',
      [module_(true, ['passed', 'skipped', 'pending'])],
      [],
      '1 passed, 0 failed, 2 skipped',
    ],
    [
      'a file that failed before its tests ran',
      [module_(false, []), module_(true, ['passed'])],
      [],
      '1 passed, 1 failed',
    ],
    [
      'a file whose hook failed after its tests passed',
      [module_(false, ['passed'])],
      [],
      '1 passed, 1 failed',
    ],
    [
      'an error no test caught',
      [module_(true, ['passed'])],
      [new Error('late')],
      '1 passed, 1 failed',
    ],
  ])('%s', (_name, modules, errors, line) => {
    expect(closingLine(modules, errors)).toBe(line);
  });
});
