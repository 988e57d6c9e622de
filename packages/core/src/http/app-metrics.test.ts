import { describe, expect, it } from 'vitest';
import { demo } from '../../../test-support/src/demo.js';
import { decodeSnapshot, encodeSnapshot } from '../release/snapshot.js';
import { testBlockCodec } from '../testing/block-codec.js';
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

  it('stats: what queries derive from the records is counted once per list and language, in the cache budget', async () => {
    // The demo read afresh: what other tests derived from the demo's own lists is theirs.
    const dataset = decodeSnapshot(encodeSnapshot(demo, testBlockCodec), undefined, testBlockCodec);
    const items = dataset.lists.items.size;
    const app = createApp({ dataset });
    const derived = () => app.stats().derivedBytes;
    expect(derived()).toBe(0);
    // Each record's members' starts, per language: two bytes a member, one for the count.
    const starts = items * (1 + 2 * dataset.registry.list('items').fields.length);
    await get(app, '/v1/items?fields=roll&lang=de');
    expect(derived()).toBe(starts);
    await get(app, '/v1/items?fields=icon&lang=de');
    expect(derived()).toBe(starts);
    // Names ranked, and positions in their order, per language: four bytes a record each.
    await get(app, '/v1/items?sort=name&lang=de');
    expect(derived()).toBe(starts + 8 * items);
    await get(app, '/v1/items?sort=-name&lang=de&limit=3');
    expect(derived()).toBe(starts + 8 * items);
    await get(app, '/v1/items?sort=name&lang=fr');
    expect(derived()).toBe(starts + 16 * items);
    // Facets laid out along a range's order.
    const along = derived();
    await get(app, '/v1/facets/items?stat[mgt]=1..');
    expect(derived()).toBeGreaterThan(along);
    expect(app.stats().cacheBytes).toBeGreaterThanOrEqual(app.stats().derivedBytes);
  });

  it('stats: the answer caches make room for what queries derive, within the budget', async () => {
    const small = createApp({ dataset: demo, cacheBytes: 16 * 1024 });
    const roomy = createApp({ dataset: demo });
    for (const lang of ['en', 'de'])
      for (const sort of ['name', '-stat.mgt', 'roll.mgt.max'])
        await get(small, `/v1/items?sort=${sort}&lang=${lang}&fields=roll`);
    expect(small.stats().derivedBytes).toBeGreaterThan(12 * 1024);
    // The matches keep their quarter; beside what is derived, no answer is kept, so none is found again.
    expect(small.stats().cacheBytes - small.stats().derivedBytes).toBeLessThanOrEqual(4 * 1024);
    for (const app of [small, roomy])
      for (let i = 0; i < 3; i++) await get(app, '/v1/items?limit=1&lang=es');
    expect([small.stats().cache.hits, roomy.stats().cache.hits]).toEqual([0, 1]);
  });
});
