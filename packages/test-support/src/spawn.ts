import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** The process's open-file limit (`ulimit -n`), to see how it copes with running out of descriptors. */
  maxOpenFiles?: number;
}

/**
 * Starts a built server script (the Node adapter's `dist/main.js`) on a free port and waits for the
 * ready line it logs, which carries its URL.
 */
export async function spawnServer(
  script: string,
  env: Record<string, string> = {},
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const command =
    options.maxOpenFiles === undefined
      ? [process.execPath, script]
      : [
          'sh',
          '-c',
          `ulimit -n ${options.maxOpenFiles} && exec "$0" "$1"`,
          process.execPath,
          script,
        ];
  const child = spawn(command[0] as string, command.slice(1), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // Only until the ready line: after it, the access log grows by a line per request.
    const onData = () => {
      const ready = output.split('\n').find((line) => line.includes('"msg":"ready"'));
      if (!ready) return;
      child.stdout.off('data', onData);
      resolve((JSON.parse(ready) as { url: string }).url);
    };
    child.stdout.on('data', onData);
    exited.then((code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    );
  });
  return { child, url, output: () => output, exited };
}
