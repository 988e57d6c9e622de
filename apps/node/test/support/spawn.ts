import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  spawnServer as spawnScript,
  type ServerProcess,
  type SpawnOptions,
} from '@gamedata/test-support/spawn';

export type { ServerProcess };

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const KEYS_CLI = fileURLToPath(new URL('../../dist/keys.js', import.meta.url));
export const PUBLISH_CLI = fileURLToPath(new URL('../../dist/publish-dataset.js', import.meta.url));

/** Starts the built adapter (`dist/main.js`) on a free port and waits for its ready line. */
export function spawnServer(
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  return spawnScript(MAIN, env, options);
}

/**
 * Runs the built adapter to completion (for start-up failures), returning its exit code and output;
 * `cwd` is where relative paths would land.
 */
export function runToExit(
  env: Record<string, string>,
  args: string[] = [],
  script = MAIN,
  { cwd }: { cwd?: string } = {},
): Promise<Exit> {
  return exitOf(
    spawn(process.execPath, [script, ...args], {
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd,
    }),
  );
}

/**
 * Runs a built script to completion as `runToExit` does, allowed at most `openFiles` open file
 * descriptors, as on a host whose `ulimit -n` is low: the shell lowers its own limit and `exec` hands
 * it to node.
 */
export function runWithOpenFileLimit(
  openFiles: number,
  script: string,
  args: string[],
): Promise<Exit> {
  const command = `ulimit -n ${openFiles} && exec "$@"`;
  return exitOf(
    spawn('sh', ['-c', command, 'sh', process.execPath, script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

export interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function exitOf(child: ChildProcessByStdio<null, Readable, Readable>): Promise<Exit> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
