import { describe, expect, it } from 'vitest';
import { decodeSnapshot, encodeSnapshot } from '../release/snapshot.js';
import type { Item } from '../schemas/records.js';
import { perTest } from '../testing/per-test.js';
import { variedDataset } from '../testing/varied-dataset.js';
import { parseListQuery } from './list-query.js';
import { matchIndexes, selectPage } from './select-page.js';
import { comparatorOf, parseSort, sortNumbers, sortText } from './sort.js';

// Sorts, ranges and cursors checked against a plain computation over the records: filter them with
// the documented rules, sort them with Intl.Collator and comparisons, and compare with what a walk
// through the pages returns.
// Built in each test that reads them (perTest): the sort's ranks are kept per dataset, and a test
// must build the ranks it reads for mutation testing to see it reach them.
const VARIED = () => variedDataset(300);
const DATASETS = { loaded: VARIED, snapshot: () => decodeSnapshot(encodeSnapshot(VARIED())) };
const loaded = perTest(VARIED);

type Value = string | number | undefined;

/** The item's value for a sort key, as the docs define it. */
function valueOf(item: Item, key: string): Value {
  if (key === 'id' || key === 'name' || key === 'rarity') return item[key];
  const [family, stat, end] = key.split('.') as [string, string, string?];
  if (family === 'stat') {
    const entries = (item.stats ?? []).filter((entry) => entry.stat === stat);
    return entries.length === 0 ? undefined : entries.reduce((sum, e) => sum + e.value, 0);
  }
  const roll = Object.hasOwn(item.roll ?? {}, stat) ? item.roll?.[stat] : undefined;
  return roll?.[end === 'min' ? 0 : 1];
}

function expectedOrder(items: readonly Item[], sort: string, language: string): string[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const keys = sort
    .split(',')
    .map((part) => ({ key: part.replace(/^-/, ''), descending: part.startsWith('-') }));
  return [...items]
    .sort((a, b) => {
      for (const { key, descending } of keys) {
        const [va, vb] = [valueOf(a, key), valueOf(b, key)];
        if (va === undefined && vb === undefined) continue;
        if (va === undefined) return 1;
        if (vb === undefined) return -1;
        const order =
          key === 'name'
            ? collator.compare(String(va), String(vb))
            : va < vb
              ? -1
              : va > vb
                ? 1
                : 0;
        if (order !== 0) return descending ? -order : order;
      }
      return a.id < b.id ? -1 : 1;
    })
    .map((item) => item.id);
}

const statOf = (item: Item, key: string) => valueOf(item, `stat.${key}`) as number | undefined;
const rollOf = (item: Item, key: string) =>
  Object.hasOwn(item.roll ?? {}, key) ? item.roll?.[key] : undefined;

/** Each query's filters, and the same rule written plainly. */
const FILTERS: Array<[string, (item: Item) => boolean]> = [
  ['', () => true],
  ['slot=HEAD', (item) => item.slot?.toLowerCase() === 'head'],
  ['stat[mgt]=10..', (item) => (statOf(item, 'mgt') ?? -Infinity) >= 10],
  ['stat%5Bconstructor%5D=*', (item) => statOf(item, 'constructor') !== undefined],
  [
    'stat[crc]=..5&stat[arm]=0..20',
    (item) => {
      const crc = statOf(item, 'crc');
      const arm = statOf(item, 'arm');
      return crc !== undefined && crc <= 5 && arm !== undefined && arm >= 0 && arm <= 20;
    },
  ],
  [
    'roll[crc]=5..12&rarity=rare..',
    (item) => {
      const roll = rollOf(item, 'crc');
      return roll !== undefined && roll[0] <= 12 && roll[1] >= 5 && item.rarity >= 2;
    },
  ],
  ['rarity=..1&cosmetic=false', (item) => item.rarity <= 1 && item.cosmetic !== true],
  ['q=E&type=weapon', (item) => item.name.toLowerCase().includes('e') && item.type === 'weapon'],
];

const SORTS = [
  '-rarity,name',
  '-stat.mgt',
  'roll.crc.max,-rarity',
  'name',
  '-name',
  '-id',
  'stat.constructor,-roll.arm.min',
];

describe.each(Object.entries(DATASETS))('items from a %s dataset', (_, build) => {
  const dataset = perTest(build);
  const items = () => dataset().lists.items.records;

  /** Every page of a query, walked with its cursors, `limit` at a time. */
  function walk(
    search: string,
    language: string,
    limit: number,
    matches: (item: Item) => boolean = () => true,
  ): string[] {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const params = new URLSearchParams(search);
      params.set('limit', String(limit));
      if (cursor) params.set('cursor', cursor);
      const query = parseListQuery('items', params, dataset());
      const page = selectPage(
        dataset().lists.items,
        matchIndexes(dataset().lists.items, query),
        query,
        dataset().meta.version,
        language,
      );
      expect(page.total).toBe(items().filter(matches).length);
      ids.push(...page.records.map((record) => record.id));
      // A walk that comes round again fails here rather than running until the test times out.
      expect(ids.length).toBeLessThanOrEqual(page.total);
      cursor = page.cursor;
    } while (cursor);
    return ids;
  }

  describe.each(FILTERS)('?%s', (filter, matches) => {
    it.each(SORTS)('sort=%s walks every match once, in order', (sort) => {
      const search = [filter, `sort=${sort}`].filter(Boolean).join('&');
      const expected = expectedOrder(items().filter(matches), sort, 'en');
      expect(walk(search, 'en', 7, matches)).toEqual(expected);
    });

    it('without a sort, in id order, as before', () => {
      expect(walk(filter, 'en', 13, matches)).toEqual(
        items()
          .filter(matches)
          .map((item) => item.id),
      );
    });
  });

  it.each(['en', 'de', 'sv'])('names collate as %s does (Å after Z in Swedish)', (language) => {
    const ids = walk('sort=name,-rarity', language, 50);
    expect(ids).toEqual(expectedOrder(items(), 'name,-rarity', language));
  });
});

describe('sort and its cursors', () => {
  const dataset = loaded;
  const first = (search: string) => {
    const query = parseListQuery('items', new URLSearchParams(search), dataset());
    return selectPage(
      dataset().lists.items,
      matchIndexes(dataset().lists.items, query),
      query,
      '2026-11-20.1',
      'en',
    );
  };

  it('?sort=id is the default order, and its cursors are those of no sort', () => {
    expect(first('sort=id&limit=5')).toEqual(first('limit=5'));
  });

  it('?sort=id,name orders as id does, but only id alone reads as no sort', () => {
    const canonical = (search: string) =>
      parseListQuery('items', new URLSearchParams(search), dataset()).canonical;
    expect(first('sort=id,name&limit=5').records).toEqual(first('limit=5').records);
    expect(canonical('sort=id')).toBe(canonical(''));
    expect(canonical('sort=id,name')).not.toBe(canonical(''));
  });

  it('writes a sort in the canonical text as given: keys in order, comma-separated, - for descending', () => {
    const keys = parseSort('items', '-rarity,name,stat.mgt', dataset());
    expect(sortText(keys)).toBe('-rarity,name,stat.mgt');
    expect(
      parseListQuery('items', new URLSearchParams('sort=-rarity,name'), dataset()).canonical,
    ).toBe('items?sort="-rarity,name"');
  });

  it.each(['sort=name', 'sort=-rarity,name&slot=head', 'stat[mgt]=1..&sort=-stat.mgt'])(
    'a cursor of ?%s is refused with another sort, and with no sort',
    (search) => {
      const { cursor } = first(`${search}&limit=2`);
      expect(cursor).toBeDefined();
      for (const other of ['sort=-name', 'sort=rarity', '']) {
        const params = new URLSearchParams(search.replace(/sort=[^&]*/, other));
        params.set('cursor', cursor!);
        expect(() => parseListQuery('items', params, dataset())).toThrow(/cursor was issued/);
      }
    },
  );

  it.each([
    [
      'sort=mass',
      /unknown key "mass".*id, name, rarity, stat\.<key>, roll\.<key>\.min, roll\.<key>\.max/,
    ],
    ['sort=stat.nope', /unknown key "stat.nope"/],
    ['sort=roll.mgt', /unknown key "roll.mgt"/],
    ['sort=name,id,rarity,-stat.mgt', /names 4 keys; it takes up to 3/],
    ['sort=name,-name', /names a key twice/],
    ['sort=', null],
    ['sort=+name', /unknown key " name"/],
  ])('?%s', (search, message) => {
    const parse = () => parseListQuery('items', new URLSearchParams(search), dataset());
    if (message === null) expect(parse).not.toThrow();
    else expect(parse).toThrow(message);
  });

  it.each([
    ['stat[nope]=1', 'stat[nope]: "nope" is not a stat key; /v1/stats lists them'],
    ['stat=1', 'stat takes a stat key in brackets: stat[<key>]=<range>'],
    ['roll[mgt]=9..1', 'roll[mgt] is an empty range: 9..1 (the low end comes first)'],
    ['stat[mgt]=ten', 'stat[mgt] must be a range'],
    ['stat[mgt]=1&stat[mgt]=2', 'stat[mgt] may be given only once'],
    ['rarity=legendary..rare', 'rarity is an empty range'],
    ['rarity=rare..mythic', 'rarity must be one of'],
  ])('?%s is a 400: %s', (search, message) => {
    expect(() => parseListQuery('items', new URLSearchParams(search), dataset())).toThrow(message);
  });
});

describe('sortNumbers', () => {
  it.each(SORTS)(
    'sort=%s: orders positions as comparatorOf does, each number ending in its position',
    (sort) => {
      const keys = parseSort('items', sort, loaded());
      const compare = comparatorOf(loaded().lists.items, keys, 'en');
      const numberOf = sortNumbers(loaded().lists.items, keys, 'en')!;
      const { size } = loaded().lists.items;
      for (let a = 0; a < size; a++) {
        expect(numberOf(a) % size).toBe(a);
        for (let b = 0; b < size; b++)
          if (Math.sign(numberOf(a) - numberOf(b)) !== Math.sign(compare(a, b)))
            expect([sort, a, b, numberOf(a) - numberOf(b)]).toEqual([sort, a, b, compare(a, b)]);
      }
    },
  );

  it('gives none where the numbers would pass 53 bits', () => {
    const keys = parseSort('items', '-rarity,name,stat.mgt', loaded());
    const items = loaded().lists.items;
    const sized = (size: number) => ({ ...items, size }) as typeof items;
    expect(sortNumbers(sized(100_000), keys, 'en')).toBeUndefined();
    expect(sortNumbers(sized(100_000), keys.slice(0, 2), 'en')).toBeDefined();
    expect(sortNumbers(sized(300_000), keys.slice(0, 2), 'en')).toBeUndefined();
  });
});
