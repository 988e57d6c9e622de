import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openSocket, parseRaw, readUntilClose } from './support/raw-http.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

const running: ServerProcess[] = [];
const sockets: Socket[] = [];

async function start(
  env: Record<string, string>,
  maxOpenFiles?: number,
): Promise<{ server: ServerProcess; port: number }> {
  const server = await spawnServer(env, maxOpenFiles === undefined ? {} : { maxOpenFiles });
  running.push(server);
  return { server, port: Number(new URL(server.url).port) };
}

async function open(port: number, localAddress?: string): Promise<Socket> {
  const socket = await openSocket(port, localAddress);
  sockets.push(socket);
  return socket;
}

/** A normal client's request on a fresh connection, with a deadline well under any of the server's. */
async function fetchMeta(url: string): Promise<number> {
  const response = await fetch(`${url}/v1/meta`, { signal: AbortSignal.timeout(3000) });
  await response.arrayBuffer();
  return response.status;
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
});

describe('connection deadlines', () => {
  it('closes a connection that never sends a byte at the header deadline, with nothing else going on', async () => {
    const { port } = await start({ GAMEDATA_HEADERS_TIMEOUT_MS: '1000' });
    const { received, ms } = await readUntilClose(await open(port));
    expect(received).toBe('');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4000);
  });

  it.each([
    ['half a request line', (socket: Socket) => void socket.write('GET /v1/ite')],
    [
      'headers sent a byte at a time (slowloris)',
      (socket: Socket) => {
        const bytes = 'GET /v1/items HTTP/1.1\r\nHost: x\r\nX-Padding: ' + 'a'.repeat(200);
        let at = 0;
        const drip = setInterval(
          () =>
            at < bytes.length && !socket.destroyed
              ? socket.write(bytes[at++] as string)
              : clearInterval(drip),
          100,
        );
        socket.once('close', () => clearInterval(drip));
      },
    ],
  ])(
    'answers %s with a 408 in the contract’s words at the deadline, and logs it',
    async (_name, send) => {
      const { server, port } = await start({ GAMEDATA_HEADERS_TIMEOUT_MS: '1500' });
      const socket = await open(port);
      const closed = readUntilClose(socket);
      send(socket);
      const { received, ms } = await closed;
      expect(ms).toBeLessThan(4000);
      const reply = parseRaw(received);
      expect(reply.status).toBe(408);
      expect(JSON.parse(reply.body)).toEqual({
        error: {
          code: 'bad_request',
          message:
            'The request did not arrive in time: headers are due within 1.5 s, the whole request within 30 s.',
        },
      });
      expect(reply.headers).toMatchObject({
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
        connection: 'close',
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.output()).toContain(`"requestId":"${reply.headers['x-request-id']}"`);
    },
  );
});

describe('connection caps', () => {
  it('keeps serving a normal client while 1,100 silent connections flood a server limited to 1,024 descriptors', async () => {
    const { server, port } = await start({}, 1024);
    // From 20 addresses, so the total cap is what holds, not the per-client one.
    const flood = await Promise.all(
      Array.from({ length: 1100 }, (_, i) =>
        open(port, `127.0.1.${(i % 20) + 1}`).catch(() => undefined),
      ),
    );
    expect(flood.filter(Boolean).length).toBe(1100);
    expect(await fetchMeta(server.url)).toBe(200);
    // The oldest idle connections were closed to make room; the newest are still open.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stillOpen = flood.filter(
      (socket) => socket && !socket.destroyed && socket.readyState === 'open',
    ).length;
    expect(stillOpen).toBeLessThan(1024);
    expect(flood.at(-1)?.readyState).toBe('open');
  });

  it('closes the oldest idle connection of a client past its cap, and no other client’s', async () => {
    const { server, port } = await start({ GAMEDATA_MAX_CONNECTIONS_PER_CLIENT: '5' });
    const other = await open(port, '127.0.0.9');
    const first = await open(port, '127.0.0.2');
    const firstClosed = readUntilClose(first);
    for (let i = 0; i < 5; i++) await open(port, '127.0.0.2');
    await firstClosed;
    expect(other.readyState).toBe('open');
    expect(await fetchMeta(server.url)).toBe(200);
  });
});
