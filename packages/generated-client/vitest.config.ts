import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@gamedata/test-temp-dirs/no-leftovers'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
