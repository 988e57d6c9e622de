import { defineConfig } from 'vitest/config';

// `pnpm test`: every package's tests in one run, each package with its own vitest.config.ts, their
// files sharing one pool of workers. Most test files wait on servers, browsers and timers they
// start, so three workers keep two cores busy where vitest's default (cores − 1) would leave one
// idle; `pnpm test --maxWorkers=N` changes it.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      // The reporter that ends the run, tested on its own.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
    maxWorkers: 3,
    reporters: ['default', './scripts/closing-line-reporter.ts'],
  },
});
