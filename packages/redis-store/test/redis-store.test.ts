import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '@gamedata/test-support/redis-server';
import { createRedisStore, type RedisStore } from '../src/index.js';

describe('createRedisStore against a real redis-server', () => {
  let redis: RedisServer;
  let store: RedisStore;
  let inspector: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await startRedisServer();
    store = createRedisStore({ url: redis.url, prefix: 'test:' });
    await store.ready;
    inspector = createClient({ url: redis.url });
    // The outage test stops the server under this client too; it reconnects by itself.
    inspector.on('error', () => {});
    await inspector.connect();
  });
  afterAll(async () => {
    await store?.close();
    await inspector?.close();
    await redis?.stop();
  });

  it('counts atomically under concurrency: 200 parallel requests get 1..200', async () => {
    const expiresAt = Date.now() + 60_000;
    const counts = await Promise.all(
      Array.from({ length: 200 }, () => store.consume('concurrent', 1, expiresAt)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('a cost of 0 reads without counting', async () => {
    const expiresAt = Date.now() + 60_000;
    await store.consume('peek', 1, expiresAt);
    expect(await store.consume('peek', 0, expiresAt)).toBe(1);
    expect(await store.consume('never-counted', 0, expiresAt)).toBe(0);
  });

  it('prefixes keys and never leaves one without an expiry at its window end', async () => {
    const expiresAt = Date.now() + 30_000;
    await store.consume('ttl-a', 1, expiresAt);
    await store.consume('ttl-b', 0, expiresAt);
    const keys = await inspector.keys('test:*');
    expect(keys).toEqual(expect.arrayContaining(['test:ttl-a', 'test:ttl-b']));
    for (const key of keys) {
      const ttl = await inspector.pTTL(key);
      expect(ttl, key).toBeGreaterThan(0);
    }
    const expireTime = await inspector.pExpireTime('test:ttl-a');
    expect(expireTime).toBe(Math.ceil(expiresAt));
  });

  it('forgets a counter when its window ends', async () => {
    await store.consume('short', 1, Date.now() + 150);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.consume('short', 1, Date.now() + 60_000)).toBe(1);
  });

  it('loads its script again after SCRIPT FLUSH', async () => {
    await inspector.scriptFlush();
    expect(await store.consume('after-flush', 1, Date.now() + 60_000)).toBe(1);
  });

  it('is ready at once when Redis is up, and within the connect timeout when it is not', async () => {
    const unreachable = createRedisStore({ url: 'redis://127.0.0.1:9', connectTimeoutMs: 200 });
    const started = Date.now();
    await unreachable.ready;
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(unreachable.consume('x', 1, Date.now() + 1000)).rejects.toThrow();
    await unreachable.close();
  });

  it('fails fast while Redis is down and works again once it is back', async () => {
    await redis.stop();
    const started = Date.now();
    await expect(store.consume('outage', 1, Date.now() + 60_000)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    await redis.start();
    let count: number | undefined;
    for (let i = 0; i < 100 && count === undefined; i++) {
      count = await store.consume('outage', 1, Date.now() + 60_000).catch(() => undefined);
      if (count === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(count).toBe(1);
  });
});
