import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, createApp, type SearchHit, type SearchResults } from '@gamedata/core';
import { demo, readExport } from '@gamedata/test-support/demo';
import { sendInProcess } from '@gamedata/test-support/send';

const send = sendInProcess(
  createApp({ dataset: demo, rateLimitStore: { consume: async () => 1 } }),
);
const search = async (query: string, headers: Record<string, string> = {}) => {
  const reply = await send({ path: `/v1/search?${query}`, headers });
  expect(reply.status, reply.text).toBe(200);
  // Hits are copied from the records' stored JSON: the body is still what JSON.stringify writes.
  expect(reply.text).toBe(JSON.stringify(reply.json()));
  return reply.json<SearchResults>();
};
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const ids = (hits: SearchHit[]) => hits.map((hit) => hit.id);

const items = await readExport<{ id: string; name: string }>('items.json');
const germanItems = await readExport<Record<string, { name?: string }>>(
  'translations/de/items.json',
);

describe('/v1/search on the demo names', () => {
  it('answers the whole name, upper-cased, first', async () => {
    const { data } = await search(q('AMBER AMULET OF THE FOX'));
    expect(data[0]).toMatchObject({
      collection: 'items',
      id: 'amber-amulet-of-the-fox',
      name: 'Amber Amulet of the Fox',
      match: 'exact',
    });
  });

  it('lists the names that start with the text before any other', async () => {
    const { data, meta } = await search(`${q('AMBER AM')}&limit=50`);
    const starting = items.filter((item) => item.name.toLowerCase().startsWith('amber am'));
    expect(starting.length).toBeGreaterThan(0);
    expect(data.slice(0, starting.length).map((hit) => hit.match)).toEqual(
      starting.map(() => 'prefix'),
    );
    expect(new Set(ids(data.slice(0, starting.length)))).toEqual(
      new Set(starting.map((item) => item.id)),
    );
    expect(data.slice(starting.length).every((hit) => hit.match !== 'prefix')).toBe(true);
    expect(meta.count).toBe(data.length);
  });

  it('finds a name by its words in any order', async () => {
    const { data } = await search(q('amulet fox'));
    expect(data.find((hit) => hit.id === 'amber-amulet-of-the-fox')?.match).toBe('words');
  });

  it('finds every item in the top 5 with a letter dropped, or two neighbours swapped', async () => {
    const misses: string[] = [];
    for (const [n, item] of items.entries()) {
      // Every fifth item, each typo at another place: a few hundred searches.
      if (n % 5 !== 0) continue;
      const name = item.name;
      const at = 1 + (n % (name.length - 2));
      const dropped = name.slice(0, at) + name.slice(at + 1);
      const swapped = name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2);
      for (const typo of [dropped, swapped]) {
        const { data } = await search(`${q(typo)}&limit=5`);
        if (!ids(data).includes(item.id)) misses.push(`${typo} (${item.id})`);
      }
    }
    expect(misses).toEqual([]);
  });

  it('finds a German name in German, asked with lang and with Accept-Language', async () => {
    const [id, { name }] = Object.entries(germanItems).find(([, t]) => t.name)! as [
      string,
      { name: string },
    ];
    for (const [query, headers] of [
      [`${q(name)}&lang=de`, {}],
      [q(name), { 'accept-language': 'de-DE' }],
    ] as const) {
      const { data } = await search(query, headers);
      expect(data[0]).toMatchObject({ id, name, match: 'exact' });
    }
  });

  it('searches only the collections asked for', async () => {
    const { data, meta } = await search(`${q('a')}&collections=relics&limit=50`);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((hit) => hit.collection === 'relics')).toBe(true);
    expect(meta.total).toBeGreaterThanOrEqual(data.length);
  });

  it('finds a stat by its name, its key as the id', async () => {
    const stat = demo.stats[0]!;
    const { data } = await search(q(stat.name.toUpperCase()));
    expect(data[0]).toEqual({ collection: 'stats', id: stat.key, name: stat.name, match: 'exact' });
  });

  it('finds every name of three words or more by its initials, in the top 3 unless the rules rank others first', async () => {
    const joining = new Set([
      'of',
      'the',
      'a',
      'an',
      'and',
      'in',
      'on',
      'to',
      'for',
      'with',
      'from',
      'at',
      'by',
      'or',
    ]);
    const named = [...(await readExport<{ id: string; name: string }>('followers.json')), ...items];
    const before = new Set(['exact', 'prefix', 'words', 'initials']);
    let searched = 0;
    let topThree = 0;
    for (const { id, name } of named) {
      const words = name.split(/[^\p{L}\p{N}']+/u).filter((word) => word !== '');
      if (words.length < 3) continue;
      const letters = (kept: string[]) => kept.map((word) => word[0]!.toLowerCase()).join('');
      const forms = new Set([
        letters(words),
        letters(words.filter((word) => !joining.has(word.toLowerCase()))),
      ]);
      for (const initials of forms) {
        if (initials.length < 2 || initials.length > 6) continue;
        searched++;
        const { data } = await search(`${q(initials)}&limit=50`);
        const at = data.findIndex((hit) => hit.id === id);
        // Found by its initials (or by a rule before them: `du` starts `Dunmor the Unbowed`), and
        // only names those rules find before it; past the 50 hits (`st`) only when they fill them.
        const ahead = at < 0 ? data : data.slice(0, at);
        expect([initials, name, ahead.filter((hit) => !before.has(hit.match))]).toEqual([
          initials,
          name,
          [],
        ]);
        if (at < 0) expect([initials, name, data.length]).toEqual([initials, name, 50]);
        else expect(before.has(data[at]!.match)).toBe(true);
        if (at < 3) topThree++;
      }
    }
    expect(searched).toBeGreaterThan(1000);
    // The demo's names share many initials (five records are \`rotard\`): most are first anyway.
    expect(topThree / searched).toBeGreaterThan(0.9);
  });

  it('answers a two-letter search with no contains hit, and a three-letter one with no typo', async () => {
    for (const text of ['am', 'er', 'xo', 'fo'])
      for (const hit of (await search(`${q(text)}&limit=50`)).data)
        expect([text, hit.match]).not.toEqual([text, 'contains']);
    for (const text of ['fxo', 'amb', 'rin'])
      for (const hit of (await search(`${q(text)}&limit=50`)).data)
        expect([text, hit.match]).not.toEqual([text, 'fuzzy']);
  });

  it('finds each record by each of its aliases first, in every language that gives them', async () => {
    type Aliased = { id?: string; key?: string; aliases?: string[] };
    const given: Array<{ lang?: string; collection: string; id: string; alias: string }> = [];
    for (const collection of COLLECTION_NAMES) {
      for (const record of await readExport<Aliased>(`${collection}.json`))
        for (const alias of record.aliases ?? [])
          given.push({ collection, id: (record.id ?? record.key) as string, alias });
      for (const lang of ['de', 'fr']) {
        const translated = (await readExport(
          `translations/${lang}/${collection}.json`,
        )) as unknown as Record<string, Aliased>;
        for (const [id, record] of Object.entries(translated))
          for (const alias of record.aliases ?? []) given.push({ lang, collection, id, alias });
      }
    }
    expect(given.filter((found) => found.lang === undefined).length).toBeGreaterThanOrEqual(5);
    expect(given.filter((found) => found.lang !== undefined).length).toBeGreaterThanOrEqual(4);
    for (const { lang, collection, id, alias } of given) {
      const { data } = await search(`${q(alias.toLowerCase())}${lang ? `&lang=${lang}` : ''}`);
      expect([lang, alias, data[0]]).toEqual([
        lang,
        alias,
        expect.objectContaining({ collection, id, match: 'alias', alias }),
      ]);
    }
  });

  it('finds a record in German by its English alias when German gives it none', async () => {
    const hesk = items.find((item) => item.id === 'hesk-the-drowneds-wrath') as {
      aliases?: string[];
    };
    expect(hesk.aliases).toEqual(["Hesk's Wrath"]);
    const german = germanItems as unknown as Record<string, { name: string }>;
    expect(german['hesk-the-drowneds-wrath']).not.toHaveProperty('aliases');
    const { data } = await search(`${q("hesk's wrath")}&lang=de`);
    expect(data[0]).toMatchObject({
      id: 'hesk-the-drowneds-wrath',
      name: german['hesk-the-drowneds-wrath']!.name,
      match: 'alias',
      alias: "Hesk's Wrath",
    });
  });
});
