import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['@gamedata/test-temp-dirs/no-leftovers'],
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
