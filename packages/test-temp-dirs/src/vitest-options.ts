/**
 * The `test` options of every suite that makes temporary directories: the run fails naming any
 * `gamedata-*` directory left behind (`no-leftovers.ts`), and those made outside a test are removed
 * after their file (`remove-after-file.ts`). Spread into a package's `vitest.config.ts`,
 * imported by its relative path: vite bundles a config's relative imports, while Node would load a
 * package's TypeScript export as it is and fail.
 */
export const tempDirOptions = {
  globalSetup: ['@gamedata/test-temp-dirs/no-leftovers'],
  setupFiles: ['@gamedata/test-temp-dirs/remove-after-file'],
};
