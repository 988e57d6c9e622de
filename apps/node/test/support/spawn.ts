import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const KEYS_CLI = fileURLToPath(new URL('../../dist/keys.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Starts the built adapter (`dist/main.js`) on a free port and waits for its ready line. */
export async function spawnServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.split('\n').find((line) => line.includes('"msg":"ready"'));
      if (ready) resolve((JSON.parse(ready) as { url: string }).url);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}

/**
 * Rate-limit windows are aligned to the wall clock (60 s). A test that counts requests against a real
 * server waits here when fewer than `needMs` remain in the current window, so its requests all fall in
 * one window.
 */
export async function awayFromWindowEdge(needMs = 10_000, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/** Polls `condition` every 20 ms until it holds (or throws after `timeoutMs`). */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs the built adapter to completion (for start-up failures), returning its exit code and output. */
export function runToExit(env: Record<string, string>, args: string[] = [], script = MAIN): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
