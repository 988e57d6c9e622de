import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@gamedata/test-temp-dirs/no-leftovers'],
    setupFiles: ['@gamedata/test-temp-dirs/remove-after-file'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The files of a worker share one module graph rather than loading the server afresh in a
    // process each: every file starts the servers it tests in its own hooks.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
