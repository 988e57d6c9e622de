import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run with one line over every package: `N passed, M failed` (`, K skipped` when some were),
 * the line `.ci/run` and CI read. A test file that fails before any of its tests runs (an import
 * that throws, a `beforeAll` that fails) counts as one failure, and so does an error no test caught:
 * neither may leave the line saying all passed.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly unknown[]): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      failed += failedHere > 0 || testModule.ok() ? failedHere : 1;
    }
    const skippedPart = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${passed} passed, ${failed} failed${skippedPart}\n`);
  }
}
