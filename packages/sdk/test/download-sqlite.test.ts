import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerProcess } from '@gamedata/test-support/spawn';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, InvalidResponseError } from '../src/index.js';
import { downloadSqlite } from '../src/node.js';
import { demo, RELEASES_DIR, spawnNodeAdapter } from './support/fixtures.js';

const version = demo.meta.version;
const published = await readFile(join(RELEASES_DIR, version, `gamedata-${version}.sqlite`));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the release SQLite file from the client', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnNodeAdapter({ GAMEDATA_RELEASES_DIR: RELEASES_DIR });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('gd.bulk.sqlite() is what /v1/bulk lists', async () => {
    expect(await createClient({ baseUrl: server.url }).bulk.sqlite()).toEqual({
      file: `gamedata-${version}.sqlite`,
      version,
      bytes: published.length,
      sha256: sha256(published),
      // The layout's version, as the file's header holds it (PRAGMA user_version, at byte 60).
      schema: Buffer.from(published).readUInt32BE(60),
      url: `/v1/sqlite/gamedata-${version}.sqlite`,
    });
  });

  it('downloadSqlite saves the file published, compressed on the wire, and leaves nothing else', async () => {
    const dir = await makeTempDir('sqlite');
    const codings: Array<string | null> = [];
    const to = join(dir, 'gamedata.sqlite');
    const file = await downloadSqlite(
      {
        baseUrl: server.url,
        fetch: async (request) => {
          const reply = await fetch(request);
          if (request.url.includes('/v1/sqlite/'))
            codings.push(reply.headers.get('content-encoding'));
          return reply;
        },
      },
      to,
    );
    expect(codings).toEqual([expect.stringMatching(/^(gzip|br)$/)]);
    expect(file.sha256).toBe(sha256(published));
    expect(sha256(await readFile(to))).toBe(sha256(published));
    expect(await readdir(dir)).toEqual(['gamedata.sqlite']);
  });

  it('refuses bytes that are not the file listed, writing nothing', async () => {
    const dir = await makeTempDir('sqlite');
    const damaged = async (request: Request) => {
      const reply = await fetch(request);
      if (!request.url.includes('/v1/sqlite/')) return reply;
      const bytes = new Uint8Array(await reply.arrayBuffer());
      bytes[100] = bytes[100]! ^ 1;
      return new Response(bytes, { status: 200, headers: reply.headers });
    };
    await expect(
      downloadSqlite({ baseUrl: server.url, fetch: damaged }, join(dir, 'gamedata.sqlite')),
    ).rejects.toThrow(InvalidResponseError);
    expect(await readdir(dir)).toEqual([]);
  });
});
