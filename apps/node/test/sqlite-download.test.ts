import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_RELEASES_DIR, demo } from '@gamedata/test-support/demo';
import { spawnServer } from './support/spawn.js';

const version = demo.meta.version;
const file = `gamedata-${version}.sqlite`;
const published = await readFile(join(DEMO_RELEASES_DIR, version, file));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Over a socket, from the server's releases directory: the file whole, as a download is saved, and
// a HEAD that opens nothing. (The HTTP table holds the ranges and codings through every adapter.)
describe("the Node server sends a release's SQLite file from its releases directory", () => {
  it('whole, streamed from the file, the bytes published; a HEAD with its length and no body', async () => {
    const server = await spawnServer();
    try {
      // fetch asks for gzip unless told otherwise.
      const identity = { 'accept-encoding': 'identity' };
      const reply = await fetch(`${server.url}/v1/sqlite/${file}`, { headers: identity });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-length')).toBe(String(published.length));
      expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
      expect(sha256(new Uint8Array(await reply.arrayBuffer()))).toBe(sha256(published));

      const head = await fetch(`${server.url}/v1/sqlite/gamedata.sqlite`, {
        method: 'HEAD',
        headers: identity,
      });
      expect([head.status, head.headers.get('content-length')]).toEqual([
        200,
        String(published.length),
      ]);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      // A Range it does not serve (two ranges) gets the whole file, as it is even asked for compressed:
      // a client reading pages has no use for a compressed whole. (The whole file is larger than an
      // ALB lets a Lambda return, so this is held on Node alone.)
      const ranges = await fetch(`${server.url}/v1/sqlite/${file}`, {
        headers: { range: 'bytes=0-1,5-9', 'accept-encoding': 'br, gzip' },
      });
      expect([ranges.status, ranges.headers.get('content-encoding')]).toEqual([200, null]);
      expect(sha256(new Uint8Array(await ranges.arrayBuffer()))).toBe(sha256(published));

      // The server goes on answering after both: nothing was left open or half sent.
      expect((await fetch(`${server.url}/v1/meta`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
