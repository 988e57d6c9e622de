import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished, TestRunner } from 'vitest';
import { TEMP_DIR_PREFIX } from './no-leftovers.js';

const MADE_OUTSIDE_TESTS = Symbol.for('@gamedata/test-temp-dirs: made outside tests');

const remove = (dir: string) => rm(dir, { recursive: true, force: true });

/**
 * Directories made outside a test, removed after their file's tests by `remove-after-file.ts`. Kept
 * on the global object: a test file that reloads its modules (`vi.resetModules`) gets another
 * instance of this module, and its directories must still reach the setup file's list.
 */
const global = globalThis as { [MADE_OUTSIDE_TESTS]?: string[] };
const madeOutsideTests = (global[MADE_OUTSIDE_TESTS] ??= []);

/** Removes the directories made outside a test so far. */
export async function removeTempDirsMadeOutsideTests(): Promise<void> {
  await Promise.all(madeOutsideTests.splice(0).map(remove));
}

/**
 * Makes a fresh `gamedata-<name>-*` directory under `os.tmpdir()` and registers its removal: when the
 * test that made it finishes or, made outside a test (at a file's top level, in `describe` or
 * `beforeAll`), after the file's tests.
 *
 * @example
 * const releasesDir = await makeTempDir('releases'); // gone once this test has finished
 */
export async function makeTempDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `${TEMP_DIR_PREFIX}${name}-`));
  if (TestRunner.getCurrentTest()) onTestFinished(() => remove(dir));
  else madeOutsideTests.push(dir);
  return dir;
}
