import { defineConfig } from 'vitest/config';
import { tempDirOptions } from '../test-temp-dirs/src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    // The shards of a worker share one module graph: each starts its own server and Lambda
    // instances (`importBuiltHandler` gives each import an instance of its own).
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
