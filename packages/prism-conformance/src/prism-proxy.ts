import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PrismProxy {
  url: string;
  stop(): Promise<void>;
}

/** Prism's CLI script, run with this process's Node so the suite exercises Prism on the Node under test. */
const require = createRequire(import.meta.url);
const PRISM_CLI = join(
  dirname(require.resolve('@stoplight/prism-cli/package.json')),
  'dist',
  'index.js',
);

/**
 * Starts `prism proxy` in front of `upstream`, validating against the document at `documentPath`, on
 * a free port, and resolves once it logs the address it listens on.
 *
 * Without `--errors`: with it, Prism answers a request the document calls invalid (the contract's own
 * 400 cases) or does not route (405s, unknown paths) itself, and the server's answer is never seen.
 * Without it every request is forwarded and every finding arrives in the `sl-violations` header.
 * `--cors=false`: with CORS on, Prism answers preflights itself instead of forwarding them.
 *
 * @example
 * const prism = await startPrismProxy('/tmp/openapi.json', 'http://127.0.0.1:3000');
 * await prism.stop();
 */
export async function startPrismProxy(documentPath: string, upstream: string): Promise<PrismProxy> {
  const child = spawn(
    process.execPath,
    [
      PRISM_CLI,
      'proxy',
      documentPath,
      upstream,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--cors=false',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Prism is listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve(listening[1] as string);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) =>
      reject(new Error(`prism exited with ${code} before it listened:\n${output}`)),
    );
  });
  // Prism logs a line per request; it is read and dropped so the pipe never fills.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
