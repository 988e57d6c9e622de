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
    await get(app, '/v1/meta');
    await get(app, '/v1/meta');
    const next = app.withDataset(fixtureDataset());
    await get(next, '/v1/meta');
    expect(next.stats()).toMatchObject({ version: '2026-11-20.1', cache: { hits: 1, misses: 2 } });
    expect(next.stats().cacheBytes).toBeGreaterThan(0);
  });
});
