import { defineConfig } from 'vitest/config';
import { tempDirOptions } from './src/vitest-options.js';

export default defineConfig({
  test: {
    ...tempDirOptions,
    include: ['src/**/*.test.ts'],
  },
});
