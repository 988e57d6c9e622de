import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));

/**
 * The root README's shell block (```sh) that `is` picks, as written; fails, naming what was looked
 * for, when there is none — a test of a block must not pass because the block went away.
 */
export async function readmeShellBlock(
  what: string,
  is: (block: string) => boolean,
): Promise<string> {
  const blocks = [...(await readFile(README, 'utf8')).matchAll(/```sh\n([\s\S]*?)```/g)].map(
    (match) => match[1] as string,
  );
  const block = blocks.find(is);
  if (block === undefined) throw new Error(`README.md has no shell block of ${what}`);
  return block;
}

/**
 * Runs `script` with `sh -e` in a fresh directory, `env` over this process's: its exit code, its
 * output, and the directory (for the files it wrote).
 */
export async function runShell(
  script: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string; cwd: string }> {
  const cwd = await makeTempDir('readme');
  return new Promise((resolve) =>
    execFile(
      'sh',
      ['-e', '-c', script],
      { cwd, env: { ...process.env, ...env } },
      (error, out, err) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err, cwd }),
    ),
  );
}
