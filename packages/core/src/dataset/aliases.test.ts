import { describe, expect, it } from 'vitest';
import { createApp } from '../http/app.js';
import { decodeSnapshot, encodeSnapshot, rewriteSnapshot } from '../release/snapshot.js';
import type { SearchResults } from '../schemas/records.js';
import { testBlockCodec } from '../testing/block-codec.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../testing/fixture-source.js';
import type { Dataset, GameDataset } from './dataset.js';
import { loadDataset } from './load-dataset.js';
import { formatProblems } from './problems.js';

/** The fixture with aliases: an item's and a stat's own, and German ones, one for a record without. */
function aliasedSource() {
  const source = fixtureSource();
  const items = source.files['items.json'] as Array<Record<string, unknown>>;
  items.find((item) => item.id === 'ashbringer')!.aliases = ['Ashy', 'The Bringer'];
  items.find((item) => item.id === 'jade-ring')!.aliases = ['JR'];
  (source.files['stats.json'] as Array<Record<string, unknown>>)[0]!.aliases = ['Power'];
  Object.assign(source.files, {
    'translations/de/items.json': {
      ashbringer: { name: 'Aschenbringer', aliases: ['Aschi'] },
      'party-hat': { aliases: ['Hütchen'] },
    },
  });
  return source;
}

function load(source: ReturnType<typeof fixtureSource>): GameDataset {
  const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
  if (!loaded.ok) throw new Error(formatProblems(loaded.problems));
  return loaded.dataset;
}

const searchIn = (dataset: Dataset) => {
  const app = createApp({ dataset, rateLimitStore: { consume: async () => 1 } });
  return async (query: string) => {
    const reply = await app.fetch(new Request(`http://api.test/v1/search?${query}`));
    expect(reply.status).toBe(200);
    const text = await reply.text();
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
    return JSON.parse(text) as SearchResults;
  };
};

describe('aliases', () => {
  const dataset = load(aliasedSource());
  const released = decodeSnapshot(
    encodeSnapshot(dataset, testBlockCodec),
    undefined,
    testBlockCodec,
  );

  it('are read from the records and the translations, each language apart, in id order', () => {
    expect(dataset.aliases).toEqual({
      en: {
        items: { ashbringer: ['Ashy', 'The Bringer'], 'jade-ring': ['JR'] },
        stats: { mgt: ['Power'] },
      },
      de: { items: { ashbringer: ['Aschi'], 'party-hat': ['Hütchen'] } },
    });
    expect(released.aliases).toEqual(dataset.aliases);
    expect(
      decodeSnapshot(rewriteSnapshot(encodeSnapshot(dataset, testBlockCodec), testBlockCodec))
        .aliases,
    ).toEqual(dataset.aliases);
  });

  it('are never a field of a record, in any language or file', () => {
    const text = JSON.stringify([
      dataset.lists.items.records,
      dataset.stats,
      dataset.translations,
      released.lists.items.records,
    ]);
    expect(text).not.toMatch(/aliases|Ashy|Aschi|Hütchen/);
  });

  it.each<[string, Dataset]>([
    ['as loaded', dataset],
    ['from its release file', released],
  ])('find their record first, saying which alias matched (%s)', async (_, served) => {
    const search = searchIn(served);
    expect((await search('q=ashy')).data[0]).toEqual({
      collection: 'items',
      id: 'ashbringer',
      name: 'Ashbringer',
      match: 'alias',
      alias: 'Ashy',
      icon: 'sword.4',
    });
    expect((await search('q=the%20bringer')).data[0]).toMatchObject({
      id: 'ashbringer',
      alias: 'The Bringer',
    });
    expect((await search('q=power&collections=stats')).data).toEqual([
      { collection: 'stats', id: 'mgt', name: 'Might', match: 'alias', alias: 'Power' },
    ]);
    // In German, a record's German aliases; the default language's where it has none.
    expect((await search('q=aschi&lang=de')).data[0]).toMatchObject({
      id: 'ashbringer',
      alias: 'Aschi',
    });
    expect((await search('q=ashy&lang=de')).meta.total).toBe(0);
    expect((await search('q=jr&lang=de')).data[0]).toMatchObject({ id: 'jade-ring', alias: 'JR' });
    expect((await search('q=hutchen&lang=de')).data[0]).toMatchObject({
      id: 'party-hat',
      alias: 'Hütchen',
    });
  });

  it('rank after the whole name and before its start, each record once, counted once', async () => {
    const source = aliasedSource();
    const items = source.files['items.json'] as Array<Record<string, unknown>>;
    items.find((item) => item.id === 'iron-helm')!.aliases = ['Jade', 'Iron Helm'];
    const search = searchIn(load(source));
    const { data, meta } = await search('q=jade&limit=50');
    expect(data.map((hit) => [hit.id, hit.match])).toEqual([
      ['iron-helm', 'alias'],
      ['jade-ring', 'prefix'],
    ]);
    expect(meta.total).toBe(2);
    // An alias that is the record's name: the name finds it.
    expect((await search('q=iron%20helm')).data).toEqual([
      expect.objectContaining({ id: 'iron-helm', match: 'exact' }),
    ]);
    expect((await search('q=iron%20helm')).data[0]).not.toHaveProperty('alias');
  });

  it.each<[string, unknown, string]>([
    ['an empty alias', [''], 'aliases[0]'],
    ['a list of more than 20', Array.from({ length: 21 }, (_, n) => `a${n}`), 'aliases'],
    ['not a list', 'Ashy', 'aliases'],
    ['an alias of 201 characters', ['x'.repeat(201)], 'aliases[0]'],
  ])('are refused as %s, naming the file, record and field', (_, aliases, field) => {
    const source = fixtureSource();
    (source.files['items.json'] as Array<Record<string, unknown>>)[0]!.aliases = aliases;
    const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok)
      expect(loaded.problems).toEqual([
        expect.objectContaining({ file: 'items.json', record: 'ashbringer', field }),
      ]);
  });

  it('are refused in a translation that is not a list of names', () => {
    const source = aliasedSource();
    Object.assign(source.files, {
      'translations/de/items.json': { ashbringer: { aliases: [''] } },
    });
    const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
    expect(loaded.ok ? [] : loaded.problems).toEqual([
      expect.objectContaining({
        file: 'translations/de/items.json',
        record: 'ashbringer',
        field: 'aliases[0]',
      }),
    ]);
  });
});
