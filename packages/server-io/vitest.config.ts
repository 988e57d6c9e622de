import { defineConfig } from 'vitest/config';
import { tempDirOptions } from '../test-temp-dirs/src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    // The files of a worker share one module graph: each makes its own directories and stores, so
    // loading the package afresh per file proves nothing. A file that mocks a module loads what uses
    // it afresh (`vi.resetModules`).
    isolate: false,
    include: ['src/**/*.test.ts'],
    // Tests publish and read whole releases (SQLite, compression, several in a row): about a second
    // each alone, but past 5 s beside the other packages' suites on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
