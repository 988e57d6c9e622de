import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { awayFromWindowEdge } from '@gamedata/test-support/clock';
import {
  DEMO_EXPORT_DIR,
  demo,
  TEST_KEY,
  TEST_KEY_ID,
  writeTestKeyFile,
} from '@gamedata/test-support/demo';
import { startRedisServer } from '@gamedata/test-support/redis-server';
import { PACKAGE_ZIP } from './support/built-handler.js';
import { invokeInFreshProcess, unzipPackage } from './support/fresh-process.js';
import { toEvent, toReply } from './support/lambda-events.js';

describe('the package pnpm build writes (dist/lambda-<version>.zip)', () => {
  let unzipped: { dir: string; names: string[] };
  beforeAll(async () => {
    unzipped = await unzipPackage(PACKAGE_ZIP);
  });

  it('holds the bundled handler, the dataset snapshot and its history, the SQLite file in its three codings at its root, its on-demand chunks, and no node_modules', () => {
    const [root, chunks] = [
      unzipped.names.filter((name) => !name.includes('/')),
      unzipped.names.filter((name) => name.includes('/')),
    ];
    const sqlite = `gamedata-${demo.meta.version}.sqlite`;
    expect(root.sort()).toEqual([
      'dataset.snapshot',
      'dataset.snapshot.sha256',
      'dataset.sqlite.json',
      sqlite,
      `${sqlite}.br`,
      `${sqlite}.gz`,
      'history.json',
      'index.mjs',
    ]);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((name) => !/^chunks\/[\w-]+\.mjs$/.test(name))).toEqual([]);
  });

  it('answers from its handler in a fresh process, with nothing but the zip to load from', async () => {
    const { path } = await writeTestKeyFile();
    const icon = demo.lists.items.records.find((item) => item.icon)?.icon as string;
    const sourceIp = '203.0.113.20';
    const events = [
      toEvent('http-api', {
        path: '/v1/items?limit=2',
        headers: { authorization: `Bearer ${TEST_KEY}` },
        sourceIp,
      }),
      toEvent('http-api', { path: `/v1/img/${icon}.png`, sourceIp }),
      toEvent('http-api', { path: `/v1/meta?key=${TEST_KEY}`, sourceIp }),
    ];
    const { results, stdout } = await invokeInFreshProcess(unzipped.dir, events, {
      GAMEDATA_KEYS_JSON: await readFile(path, 'utf8'),
    });
    const [items, sprite, meta] = results.map(toReply);

    expect(items?.status).toBe(200);
    expect(items?.json()).toMatchObject({
      data: demo.lists.items.records.slice(0, 2),
      meta: { total: demo.lists.items.records.length, count: 2 },
    });
    expect(items?.headers.get('ratelimit-limit')).toBe('600');
    expect(results[0]?.isBase64Encoded).toBe(false);

    expect(sprite?.status).toBe(200);
    expect(results[1]?.isBase64Encoded).toBe(true);
    expect(sprite?.headers.get('content-type')).toBe('image/png');
    expect(sprite?.headers.get('etag')).toBe(demo.sprites.get(icon)?.etag);
    expect(
      Buffer.from(sprite?.bytes ?? []).equals(
        await readFile(join(DEMO_EXPORT_DIR, 'sprites', `${icon}.png`)),
      ),
    ).toBe(true);

    expect(meta?.json()).toMatchObject({ data: { version: demo.meta.version } });
    expect(meta?.headers.get('ratelimit-limit')).toBe('600');

    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      msg: 'ready',
      dataset: demo.meta.version,
      keys: { source: 'GAMEDATA_KEYS_JSON', active: 1 },
      rateLimits: 'per instance',
    });
    expect(
      lines
        .filter((line) => line.msg === 'request')
        .map((line) => [line.status, line.keyId, line.client]),
    ).toEqual([
      [200, TEST_KEY_ID, sourceIp],
      [200, undefined, sourceIp],
      [200, TEST_KEY_ID, sourceIp],
    ]);
    expect(stdout).not.toContain(TEST_KEY);
  });

  it('shares rate-limit counters between instances through Redis, and keeps answering when Redis is gone', async () => {
    const redis = await startRedisServer();
    try {
      await awayFromWindowEdge();
      const env = { GAMEDATA_REDIS_URL: redis.url };
      const request = () => toEvent('http-api', { path: '/v1/meta', sourceIp: '203.0.113.77' });
      // Two fresh processes stand for two Lambda instances.
      const first = await invokeInFreshProcess(
        unzipped.dir,
        [request(), request(), request()],
        env,
      );
      const second = await invokeInFreshProcess(unzipped.dir, [request()], env);
      expect(first.results.map((r) => toReply(r).headers.get('ratelimit-remaining'))).toEqual([
        '59',
        '58',
        '57',
      ]);
      expect(toReply(second.results[0]!).headers.get('ratelimit-remaining')).toBe('56');
      expect(second.stdout).toContain('"rateLimits":"shared"');

      await redis.stop();
      const alone = await invokeInFreshProcess(unzipped.dir, [request()], env);
      expect(toReply(alone.results[0]!).status).toBe(200);
      expect(toReply(alone.results[0]!).headers.get('ratelimit-remaining')).toBe('59');
      expect(alone.stdout).toContain(
        '"msg":"rate-limit store","state":"per-instance","reason":"error"',
      );
    } finally {
      await redis.stop();
    }
  });

  it('sends bulk files to GAMEDATA_EDGE_URL from the packaged handler, and a malformed value stops the cold start naming it', async () => {
    const events = [
      toEvent('http-api', { path: '/v1/bulk/items.json', sourceIp: '203.0.113.21' }),
      toEvent('http-api', { path: '/v1/items?limit=1', sourceIp: '203.0.113.21' }),
    ];
    const { results, stdout } = await invokeInFreshProcess(unzipped.dir, events, {
      GAMEDATA_EDGE_URL: 'https://cdn.example.com',
    });
    const [bulk, list] = results.map(toReply);
    expect(bulk?.status).toBe(307);
    expect(bulk?.headers.get('location')).toBe(
      `https://cdn.example.com/v1/files/${demo.meta.version}/bulk/items.json`,
    );
    expect(list?.status).toBe(200);
    expect(JSON.parse(stdout.split('\n')[0]!)).toMatchObject({
      msg: 'ready',
      edge: 'https://cdn.example.com',
    });

    await expect(
      invokeInFreshProcess(unzipped.dir, events, {
        GAMEDATA_EDGE_URL: 'http://cdn.example.com/files',
      }),
    ).rejects.toThrow(/GAMEDATA_EDGE_URL must be an https origin with no path/);
  });

  it('hashes its snapshot at cold start: a package whose snapshot was damaged stops there, naming it', async () => {
    const damaged = await unzipPackage(PACKAGE_ZIP);
    const path = join(damaged.dir, 'dataset.snapshot');
    const bytes = await readFile(path);
    bytes[bytes.length >> 1]! ^= 0x01;
    await writeFile(path, bytes);
    await expect(
      invokeInFreshProcess(damaged.dir, [
        toEvent('http-api', { path: '/v1/meta', sourceIp: '203.0.113.22' }),
      ]),
    ).rejects.toThrow(
      'dataset.snapshot does not match the SHA-256 the package was built with (dataset.snapshot.sha256): the package is damaged; build it again with pnpm package:lambda',
    );
  });
});
