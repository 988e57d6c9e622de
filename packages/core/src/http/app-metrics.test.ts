import { describe, expect, it } from 'vitest';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import type { AccessLogEntry } from './access-log.js';
import { createApp } from './app.js';
import { UNMATCHED_ROUTE } from './app-metrics.js';

const get = (app: ReturnType<typeof createApp>, path: string) =>
  app.fetch(new Request(`http://api.test${path}`), { clientIp: '203.0.113.7' });

describe('the metrics hook', () => {
  it('gets every request with its route as declared, never the requested URL', async () => {
    const seen: Array<[string, AccessLogEntry]> = [];
    const app = createApp({
      dataset: fixtureDataset(),
      metrics: { request: (entry, route) => seen.push([route, entry]), storeFlip: () => {} },
    });
    await get(app, '/v1/items/party-hat');
    await get(app, '/v1/items/no-such-item?x=1');
    await get(app, '/v2/anything');
    expect(seen.map(([route, entry]) => [route, entry.status, entry.tier])).toEqual([
      ['/v1/items/{id}', 200, 'anonymous'],
      ['/v1/items/{id}', 404, 'anonymous'],
      [UNMATCHED_ROUTE, 404, 'anonymous'],
    ]);
  });

  it('stats: the answer cache counts hits and misses across releases, and the release served', async () => {
    const app = createApp({ dataset: fixtureDataset() });
    expect(app.stats()).toMatchObject({
      rateLimits: 'per-instance',
      cacheBytes: 0,
      cache: { hits: 0, misses: 0 },
    });
    // An answer is kept from its second request on: the third is the first hit.
    for (let i = 0; i < 3; i++) await get(app, '/v1/meta');
    const next = app.withDataset(fixtureDataset());
    for (let i = 0; i < 2; i++) await get(next, '/v1/meta');
    expect(next.stats()).toMatchObject({ version: '2026-11-20.1', cache: { hits: 1, misses: 4 } });
    expect(next.stats().cacheBytes).toBeGreaterThan(0);
  });

  it('stats: queries asked once each, past what the cache holds, push out no answer asked for again', async () => {
    const app = createApp({ dataset: fixtureDataset() });
    const popular = '/v1/items?limit=2';
    for (let i = 0; i < 2; i++) await get(app, popular);
    // Many clients, so that no rate limit answers in the cache's place.
    for (let i = 0; i < 3000; i++)
      await app.fetch(new Request(`http://api.test/v1/items?q=${i}`), {
        clientIp: `198.51.${i >> 8}.${i & 255}`,
      });
    const { hits } = app.stats().cache;
    await get(app, popular);
    expect(app.stats().cache.hits).toBe(hits + 1);
  });
});
