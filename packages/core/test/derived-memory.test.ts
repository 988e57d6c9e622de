// What list queries derive from a release's records, counted in the memory budget: on the demo
// release, which has the languages and the size to show it.
import { describe, expect, it } from 'vitest';
import { demo } from '../../test-support/src/demo.js';
import { createApp } from '../src/http/app.js';
import { decodeSnapshot, encodeSnapshot } from '../src/release/snapshot.js';
import { testBlockCodec } from '../src/testing/block-codec.js';

const get = (app: ReturnType<typeof createApp>, path: string) =>
  app.fetch(new Request(`http://api.test${path}`), { clientIp: '203.0.113.7' });

describe('what queries derive from the records', () => {
  it('what queries derive from the records is counted once per list and language, in the cache budget', async () => {
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
    // The name index of `q`, in one language, built on its first query of three letters.
    const named = derived();
    await get(app, '/v1/items?q=amu&lang=de');
    expect(derived()).toBeGreaterThan(named);
    const indexed = derived();
    await get(app, '/v1/items?q=amul&lang=de');
    expect(derived()).toBe(indexed);
    // Each language's search index: its names, words and lists, at its first search.
    await get(app, '/v1/search?q=amulet&lang=fr');
    const searched = derived();
    expect(searched - indexed).toBeGreaterThan(4 * dataset.lists.items.size);
    await get(app, '/v1/search?q=amulet&lang=fr&limit=3');
    expect(derived()).toBe(searched);
    // Typos, and a text nothing else matches: the one-letter drops of the words and the names
    // without spaces, each made on the first search that needs it, and only then.
    for (const q of ['amuelt', 'zzqx']) await get(app, `/v1/search?q=${q}&lang=fr`);
    const typos = derived();
    expect(typos).toBeGreaterThan(searched + 4 * dataset.lists.items.size);
    for (const q of ['amuelt', 'zzqxw']) await get(app, `/v1/search?q=${q}&lang=fr&limit=2`);
    expect(derived()).toBe(typos);
    // Facets laid out along a range's order.
    const along = derived();
    await get(app, '/v1/facets/items?stat[mgt]=1..');
    expect(derived()).toBeGreaterThan(along);
    expect(app.stats().cacheBytes).toBeGreaterThanOrEqual(app.stats().derivedBytes);
  });

  it('the answer caches make room for what queries derive, within the budget', async () => {
    const small = createApp({ dataset: demo, cacheBytes: 16 * 1024 });
    const roomy = createApp({ dataset: demo });
    for (const lang of ['en', 'de'])
      for (const sort of ['name', '-stat.mgt', 'roll.mgt.max'])
        await get(small, `/v1/items?sort=${sort}&lang=${lang}&fields=roll`);
    expect(small.stats().derivedBytes).toBeGreaterThan(8 * 1024);
    // Past half the budget, what is derived leaves the answers a quarter of it, 4 KiB: a page kept
    // with its two compressed forms takes more, so it is not kept, and not found again.
    const page = '/v1/items?limit=3&lang=es';
    for (const app of [small, roomy]) for (let i = 0; i < 3; i++) await get(app, page);
    expect([small.stats().cache.hits, roomy.stats().cache.hits]).toEqual([0, 1]);
    // One record fits in the quarter the answers keep.
    for (let i = 0; i < 3; i++) await get(small, `/v1/relics/${demo.lists.relics.ids[0]}?lang=es`);
    expect(small.stats().cache.hits).toBe(1);
  });
});
