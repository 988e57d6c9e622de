import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Runs a package's command-line tool (`bin` entry) with this process's Node, so the suite exercises
 * it on the Node under test, and resolves with its exit code and everything it printed.
 *
 * @example const { code, output } = await runBin('typescript', 'tsc', ['-p', 'client']);
 */
export function runBin(
  pkg: string,
  bin: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: bins } = require(manifest) as { bin: Record<string, string> };
  const script = join(dirname(manifest), bins[bin] as string);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}
