import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from './support/spawn.js';

/** Sends raw bytes and reads until the server closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

/** Requests Node refuses before the app sees them still get the contract's JSON error and CORS. */
describe('requests refused before the app', () => {
  let server: ServerProcess;
  let port: number;
  beforeAll(async () => {
    server = await spawnServer();
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it.each([
    ['CONNECT', 405, 'method_not_allowed', 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n'],
    ['headers over 16 KB', 431, 'bad_request', `GET /v1/items?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['a malformed request line', 400, 'bad_request', 'GET /v1/items HTTP/9.9 junk\r\n\r\n'],
    ['a backslash in the path', 400, 'bad_request', 'GET /v1/items\\x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['no Host header', 400, 'bad_request', 'GET /v1/items HTTP/1.1\r\nConnection: close\r\n\r\n'],
  ])('%s → %i %s', async (_name, status, code, request) => {
    const reply = parse(await rawExchange(port, request));
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ error: { code } });
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    if (status === 405) expect(reply.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});
