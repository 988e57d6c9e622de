import { defineConfig } from 'vitest/config';
import { tempDirOptions } from '../test-temp-dirs/src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    // The files of a worker share one module graph. The two that replace `sleep` with vi.mock load
    // their own afresh (`vi.resetModules`) and drop it after them.
    isolate: false,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
