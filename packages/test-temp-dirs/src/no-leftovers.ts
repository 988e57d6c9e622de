import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** Every temporary directory the suites make is named so; see `makeTempDir`. */
export const TEMP_DIR_PREFIX = 'gamedata-';

/**
 * A vitest `globalSetup` that fails the run naming every `gamedata-*` directory a suite leaves in the
 * temporary directory.
 *
 * The suite gets a temporary directory of its own (`TMPDIR`, which `os.tmpdir()` reads and the test
 * workers and the servers they spawn inherit), so another suite running at the same time on the
 * machine can neither hide a leftover of this one nor be blamed for one of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // One run of several packages' suites (the root's `pnpm test`) calls this once per package in one
  // process: the first call's directory holds them all, and its check covers them all.
  if (basename(tmpdir()).startsWith(`${TEMP_DIR_PREFIX}suite-`)) return async () => {};
  const suiteTmp = await mkdtemp(join(tmpdir(), `${TEMP_DIR_PREFIX}suite-`));
  const outerTmp = process.env['TMPDIR'];
  process.env['TMPDIR'] = suiteTmp;
  return async () => {
    const leftovers = (await readdir(suiteTmp)).filter((name) => name.startsWith(TEMP_DIR_PREFIX));
    if (outerTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = outerTmp;
    await rm(suiteTmp, { recursive: true, force: true });
    if (leftovers.length > 0) {
      // vitest reports an error thrown here but still exits 0, so the exit code is set as well.
      process.exitCode = 1;
      throw new Error(
        `tests left ${leftovers.length} temporary director${leftovers.length === 1 ? 'y' : 'ies'} behind: ${leftovers.join(', ')}`,
      );
    }
  };
}
