import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** A real redis-server on a free loopback port, which a test can stop and start again, or pause. */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Makes the server hold every client's commands for `ms` (CLIENT PAUSE): a Redis that is slow, not down. Settles once the pause has begun. */
  pause(ms: number): Promise<void>;
}

const INSTALL_HINT =
  'redis-server is not installed: run `apt-get update && apt-get install -y redis-server` (CI installs it in .ci/run)';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`redis-server did not listen on ${port}`));
        else setTimeout(attempt, 25);
      });
    };
    attempt();
  });
}

/** Sends one command in Redis's inline form and settles on its `+OK`. */
function sendInline(port: number, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${command}\r\n`));
    socket.once('data', (reply) => {
      socket.destroy();
      if (reply.toString().startsWith('+OK')) resolve();
      else reject(new Error(`${command}: ${reply.toString().trim()}`));
    });
    socket.once('error', reject);
  });
}

/** Starts redis-server (no persistence) on a free port; fails loudly with the install command when it is missing. */
export async function startRedisServer(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error(INSTALL_HINT);
  const port = await freePort();
  let child: ChildProcess | undefined;

  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitForPort(port, 10_000);
    },
    async stop() {
      const running = child;
      // Killed by a signal, a process has a signalCode and no exitCode.
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
    pause: (ms) => sendInline(port, `CLIENT PAUSE ${ms}`),
  };
  await server.start();
  return server;
}
