import { expect, it } from 'vitest';
import { encodeCursor } from '../cursor.js';
import { filtersFingerprint } from '../query/list-query.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { createApp } from './app.js';

// A cursor is the caller's text (its checksum is public), so it must not be able to name another
// query's cached page: one that ends in what `fields` adds to a key once did.
it('a forged cursor cannot fill the cache with the page of a query that has fields', async () => {
  const dataset = fixtureDataset();
  const app = createApp({ dataset });
  const get = async (path: string) =>
    (await (
      await app.fetch(new Request(`http://api.test${path}`), { clientIp: '192.0.2.1' })
    ).json()) as {
      data: Array<Record<string, unknown>>;
      meta: { cursor?: string };
    };
  const first = await get('/v1/items?limit=1&fields=stats');
  const cursor = first.meta.cursor!;
  const [id] = dataset.lists.items.ids;
  const forged = encodeCursor({
    version: dataset.meta.version,
    filters: filtersFingerprint('items?'),
    after: `${id}|stats`,
  });
  await get(`/v1/items?limit=1&cursor=${forged}`);
  const second = await get(`/v1/items?limit=1&fields=stats&cursor=${cursor}`);
  expect(Object.keys(second.data[0]!).sort()).toEqual(
    ['id', 'name', 'rarity', 'rarityName', ...(second.data[0]!.stats ? ['stats'] : [])].sort(),
  );
});
