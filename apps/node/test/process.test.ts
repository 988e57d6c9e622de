import { connect } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  copyDemoReleases,
  TEST_KEY,
  TEST_KEY_ID,
  writeTestKeyFile,
} from '@gamedata/test-support/demo';
import { runToExit, spawnServer } from './support/spawn.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

describe('the Node adapter process', () => {
  it('logs one ready line, then one JSON line per request with the key redacted and never printed', async () => {
    const { path } = await writeTestKeyFile();
    const server = await spawnServer({ GAMEDATA_KEYS_FILE: path });
    try {
      await fetch(`${server.url}/v1/items?limit=1&key=${TEST_KEY}`);
      await fetch(`${server.url}/v1/items?limit=1&%6Bey=${TEST_KEY}`);
      await fetch(`${server.url}/v1/meta`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
      await fetch(`${server.url}/v1/meta`);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === 'ready')).toHaveLength(1);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(4);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/items?limit=1&key=[redacted]',
      status: 200,
      tier: 'community',
      keyId: TEST_KEY_ID,
      client: '127.0.0.1',
    });
    expect(requests[1]).toMatchObject({
      path: '/v1/items?limit=1&%6Bey=[redacted]',
      keyId: TEST_KEY_ID,
    });
    expect(requests[2]).toMatchObject({ path: '/v1/meta', tier: 'community', keyId: TEST_KEY_ID });
    expect(requests[3]).toMatchObject({ path: '/v1/meta', tier: 'anonymous' });
    expect(requests[3]).not.toHaveProperty('keyId');
    for (const entry of requests)
      expect(entry).toEqual(
        expect.objectContaining({ requestId: expect.any(String), durationMs: expect.any(Number) }),
      );
    expect(server.output()).not.toContain(TEST_KEY);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const server = await spawnServer();
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Many pipelined requests with a client that stops reading: the server's writes back up, so a
    // response is still being sent when the signal arrives.
    socket.pause();
    socket.write('GET /v1/items?limit=200 HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(40));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.resume();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(await server.exited).toBe(0);
    const [head = '', ...rest] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    const body = rest.join('\r\n\r\n').slice(0, length);
    expect((JSON.parse(body) as { data: unknown[] }).data).toHaveLength(200);
    expect(server.output()).toContain('"msg":"stopped"');
  });

  it('exits 0 on SIGINT too', async () => {
    const server = await spawnServer();
    await fetch(`${server.url}/v1/meta`);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start on a release changed after publishing, naming the file', async () => {
    const releasesDir = await copyDemoReleases();
    const snapshot = join(releasesDir, '2026-11-22.1', 'dataset.snapshot');
    const bytes = await readFile(snapshot);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    await writeFile(snapshot, bytes);
    const { code, stderr } = await runToExit({ GAMEDATA_RELEASES_DIR: releasesDir });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'dataset.snapshot: content does not match the SHA-256 in manifest.json',
    );
  });

  it('refuses to start when no release is current', async () => {
    const { code, stderr } = await runToExit({
      GAMEDATA_RELEASES_DIR: await makeTempDir('no-release'),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('CURRENT: no release is current (publish one: pnpm publish-dataset)');
  });
});
