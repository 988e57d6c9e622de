import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@gamedata/test-temp-dirs/no-leftovers'],
    setupFiles: ['@gamedata/test-temp-dirs/remove-after-file'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph: each builds what it needs in its hooks, and each
    // handler it imports is an instance of its own (test/support/built-handler.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
