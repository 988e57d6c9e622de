import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRaw, rawExchange } from './support/raw-http.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

/** The access-log line naming `requestId`, once the server has written it. */
async function logLineOf(
  server: ServerProcess,
  requestId: string,
): Promise<Record<string, unknown>[]> {
  for (let waited = 0; waited < 3000; waited += 50) {
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    if (lines.length > 0) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

/**
 * Requests Node refuses before the app sees them still get the contract's JSON error and CORS, and
 * are answered, counted and logged by the app like any other.
 */
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
    [
      'CONNECT',
      405,
      'method_not_allowed',
      'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n',
    ],
    [
      'headers over 16 KB',
      431,
      'bad_request',
      `GET /v1/items?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ],
    [
      'a method Node does not know',
      405,
      'method_not_allowed',
      'BREW /v1/items HTTP/1.1\r\nHost: x\r\n\r\n',
    ],
    ['a malformed request line', 400, 'bad_request', 'GET /v1/items HTTP/9.9 junk\r\n\r\n'],
    [
      'a backslash in the path',
      400,
      'bad_request',
      'GET /v1/items\\x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ],
    ['no Host header', 400, 'bad_request', 'GET /v1/items HTTP/1.1\r\nConnection: close\r\n\r\n'],
  ])('%s → %i %s', async (_name, status, code, request) => {
    const reply = parseRaw(await rawExchange(port, request));
    expect(reply.status).toBe(status);
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code } });
    if (status === 431)
      expect(JSON.parse(reply.body).error.message).toBe(
        'Request headers (or the URL) are larger than 16 KB.',
      );
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    if (status === 405) expect(reply.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(reply.headers['ratelimit-limit']).toBe('60');
    const requestId = reply.headers['x-request-id'] ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = await logLineOf(server, requestId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request',
      status,
      client: '127.0.0.1',
      tier: 'anonymous',
    });
  });
});
