import { defineConfig } from 'vitest/config';
import { tempDirOptions } from '../test-temp-dirs/src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
