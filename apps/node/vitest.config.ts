import { defineConfig } from 'vitest/config';
import { tempDirOptions } from '../../packages/test-temp-dirs/src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph: each starts the servers, stores and stubbed
    // environment it needs and stops or restores them after, so loading the app afresh per file
    // proves nothing and cost a fifth of the package's CPU time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
