import { defineConfig } from 'vitest/config';
import { tempDirOptions } from '../test-temp-dirs/src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Core's tests are pure functions of their inputs (ARCHITECTURE.md, "Pure core, edges inject"):
    // they share one module graph in threads rather than loading core afresh in a process per file,
    // which took three quarters of the package's time.
    pool: 'threads',
    isolate: false,
    // Under mutation testing (a Stryker worker), the code mutated is instrumented, and the word walk's
    // tests run several times slower: Stryker's own limit, which follows each test's plain time, stops a
    // mutant that loops (CONTRIBUTING.md, "Mutation testing").
    ...(process.env.STRYKER_MUTATOR_WORKER === undefined ? {} : { testTimeout: 60_000 }),
  },
});
