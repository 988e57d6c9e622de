import { collectionOf } from '../dataset/dataset.js';
import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../cursor.js';
import { ApiError } from '../errors.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../testing/fixture-source.js';
import { loadDataset } from '../dataset/load-dataset.js';
import type { ListName } from '../collections/list-names.js';
import { filtersFingerprint, parseLimit, parseListQuery } from './list-query.js';
import { parseRarity } from '../collections/filters.js';
import { matchIndexes, selectPage } from './select-page.js';

const dataset = perTest(fixtureDataset);

describe('parseLimit', () => {
  it.each<[string | undefined, number]>([
    [undefined, 50],
    ['1', 1],
    ['050', 50],
    ['200', 200],
    ['201', 200],
    ['99999999999999999999999', 200],
  ])('%j → %d', (raw, expected) => expect(parseLimit(raw)).toBe(expected));

  it.each(['0', '000', '-1', '1.5', '1e2', 'abc', ' 5', '5 ', '+5', '0x10'])(
    '%j is bad_request',
    (raw) => {
      expect(() => parseLimit(raw)).toThrow(ApiError);
    },
  );
});

describe('parseRarity', () => {
  it.each([
    ['4', 4],
    ['legendary', 4],
    ['LEGENDARY', 4],
    ['Common', 0],
    ['0', 0],
  ])('%j → %d', (raw, expected) => expect(parseRarity(raw, dataset())).toBe(expected));

  it.each(['5', '-1', 'mythic', '4.0', ''])('%j is bad_request naming the scale', (raw) => {
    expect(() => parseRarity(raw, dataset())).toThrow(
      /0 \(common\), 1 \(uncommon\), 2 \(rare\), 3 \(epic\), 4 \(legendary\)/,
    );
  });
});

function ids(list: ListName, query: string): string[] {
  const parsed = parseListQuery(list, new URLSearchParams(query), dataset());
  const collection = collectionOf(dataset(), list);
  return selectPage(
    collection,
    matchIndexes(collection, parsed),
    parsed,
    dataset().meta.version,
    dataset().language,
  ).records.map((r) => r.id);
}

describe('filtering', () => {
  it.each<[ListName, string, string[]]>([
    ['items', '', ['ashbringer', 'iron-helm', 'jade-ring', 'party-hat']],
    ['items', 'slot=head', ['iron-helm', 'party-hat']],
    ['items', 'slot=HEAD', ['iron-helm', 'party-hat']],
    ['items', 'slot=', ['ashbringer', 'iron-helm', 'jade-ring', 'party-hat']],
    ['items', 'subtype=Plate', ['iron-helm']],
    ['items', 'rarity=legendary', ['ashbringer']],
    ['items', 'rarity=1', ['party-hat']],
    ['items', 'cosmetic=true', ['party-hat']],
    ['items', 'cosmetic=false', ['ashbringer', 'iron-helm', 'jade-ring']],
    ['items', 'q=RING', ['ashbringer', 'jade-ring']],
    ['items', 'q=h', ['ashbringer', 'iron-helm', 'party-hat']],
    ['items', 'q=ring&slot=ring', ['jade-ring']],
    ['items', 'q=ron%20h', ['iron-helm']],
    ['items', 'q=helms', []],
    ['items', 'q=zzz', []],
    ['items', 'q=ASHBRINGER&rarity=legendary', ['ashbringer']],
    ['items', 'q=ashbringer&rarity=common', []],
    ['items', 'slot=head&cosmetic=false', ['iron-helm']],
    ['items', 'slot=tail', []],
    ['items', 'category=offense', ['ashbringer', 'iron-helm', 'jade-ring', 'party-hat']],
    ['abilities', 'category=OFFENSE', ['fireball']],
    ['abilities', 'slot=head', ['dash', 'fireball']],
    ['relics', 'rarity=epic', ['ember-idol']],
    ['followers', 'rarity=epic', []],
    ['followers', 'q=bra', ['bram']],
    ['items', 'ids=party-hat,ashbringer', ['ashbringer', 'party-hat']],
    ['items', 'ids=jade-ring,jade-ring', ['jade-ring']],
    ['items', 'ids=nope,iron-helm,also.nope', ['iron-helm']],
    ['items', 'ids=nope', []],
    ['items', 'ids=ashbringer,iron-helm,party-hat&slot=head', ['iron-helm', 'party-hat']],
    ['items', 'ids=ashbringer,iron-helm,party-hat&q=hat&cosmetic=true', ['party-hat']],
    ['items', 'ids=', ['ashbringer', 'iron-helm', 'jade-ring', 'party-hat']],
    ['abilities', 'ids=fireball', ['fireball']],
    ['relics', 'ids=ember-idol,bram', ['ember-idol']],
    ['followers', 'ids=bram', ['bram']],
  ])('%s?%s', (list, query, expected) => expect(ids(list, query)).toEqual(expected));

  it.each([
    ['items', 'slot=a&slot=b', 'slot may be given only once'],
    ['items', 'cosmetic=yes', 'cosmetic must be true or false'],
    ['items', `q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ['relics', 'rarity=shiny', 'rarity must be one of'],
    ['items', 'cursor=nope', 'cursor is malformed'],
    ['items', 'ids=a,,b', 'ids must be record ids separated by commas'],
    ['items', 'ids=a,', 'ids must be record ids separated by commas'],
    ['items', 'ids=a b', 'ids must be record ids separated by commas'],
    ['items', 'ids=a&ids=b', 'ids may be given only once'],
    [
      'items',
      `ids=${Array.from({ length: 201 }, (_, i) => `id-${i}`).join(',')}`,
      'ids may name at most 200 records (got 201)',
    ],
  ] as const)('%s?%s is bad_request', (list, query, message) => {
    expect(() => parseListQuery(list, new URLSearchParams(query), dataset())).toThrow(message);
  });
});

describe('text as one text module compares it (README, "Text")', () => {
  // Names and slots as exports hold them: stored decomposed, with ß, in Greek capitals.
  const source = fixtureSource();
  const items = source.files['items.json'] as Record<string, unknown>[];
  Object.assign(items[0]!, { name: 'E\u0301pe\u0301e de Straße' });
  Object.assign(items[1]!, { name: 'ΣΟΦΟΣ Helm', slot: 'Straße' });
  const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
  if (!loaded.ok) throw new Error('fixture refused');
  const texts = loaded.dataset;
  const found = (query: string) => {
    const parsed = parseListQuery('items', new URLSearchParams(query), texts);
    const collection = collectionOf(texts, 'items');
    return selectPage(
      collection,
      matchIndexes(collection, parsed),
      parsed,
      '',
      texts.language,
    ).records.map((r) => r.id);
  };

  it.each<[string, string[]]>([
    // Typed composed, stored decomposed: one text (NFC on both sides).
    [`q=${encodeURIComponent('Épée')}`, ['ashbringer']],
    [`q=${encodeURIComponent('E\u0301PE\u0301E')}`, ['ashbringer']],
    // Case folding, not lower-casing alone.
    ['q=strasse', ['ashbringer']],
    [`q=${encodeURIComponent('STRAẞE')}`, ['ashbringer']],
    [`q=${encodeURIComponent('σοφος')}`, ['iron-helm']],
    [`q=${encodeURIComponent('φοσ h')}`, ['iron-helm']],
    // No accent folding in a list's q: it is a substring, as the contract says.
    ['q=epee', []],
    ['slot=strasse', ['iron-helm']],
    [`slot=${encodeURIComponent('STRASSE')}`, ['iron-helm']],
  ])('%s', (query, expected) => expect(found(query)).toEqual(expected));

  it('counts q in characters, not UTF-16 units', () => {
    expect(found(`q=${encodeURIComponent('😀'.repeat(100))}`)).toEqual([]);
    expect(() => found(`q=${encodeURIComponent('😀'.repeat(101))}`)).toThrow(
      'q must be at most 100 characters',
    );
  });
});

describe('paging', () => {
  const version = FIXTURE_STAMP.version;
  const page = (query: string) => {
    const parsed = parseListQuery('items', new URLSearchParams(query), dataset());
    return selectPage(
      dataset().lists.items,
      matchIndexes(dataset().lists.items, parsed),
      parsed,
      version,
      'en',
    );
  };

  it('walks every match once with cursors, and the last page has none', () => {
    const first = page('limit=3');
    expect(first.records.map((r) => r.id)).toEqual(['ashbringer', 'iron-helm', 'jade-ring']);
    expect(first.total).toBe(4);
    const second = page(`limit=3&cursor=${first.cursor}`);
    expect(second.records.map((r) => r.id)).toEqual(['party-hat']);
    expect(second.cursor).toBeUndefined();
  });

  it('pages through ids like any list, and binds the cursor to the set of ids however ordered', () => {
    const first = page('ids=party-hat,jade-ring,ashbringer&limit=2');
    expect(first.records.map((r) => r.id)).toEqual(['ashbringer', 'jade-ring']);
    expect(
      page(`ids=ashbringer,jade-ring,party-hat&limit=2&cursor=${first.cursor}`).records.map(
        (r) => r.id,
      ),
    ).toEqual(['party-hat']);
    expect(() => page(`ids=ashbringer,jade-ring&limit=2&cursor=${first.cursor}`)).toThrow(
      'different filters',
    );
  });

  it('accepts 200 ids', () => {
    const many = Array.from({ length: 199 }, (_, i) => `id-${i}`);
    expect(page(`ids=${[...many, 'iron-helm'].join(',')}`).records.map((r) => r.id)).toEqual([
      'iron-helm',
    ]);
  });

  it('has no cursor when one page holds everything', () => {
    expect(page('limit=4').cursor).toBeUndefined();
  });

  it('gives the same fingerprint to the same filters however written', () => {
    const a = parseListQuery('items', new URLSearchParams('slot=Head&rarity=legendary'), dataset());
    const b = parseListQuery('items', new URLSearchParams('rarity=4&slot=HEAD&limit=9'), dataset());
    expect(a.canonical).toBe(b.canonical);
    expect(filtersFingerprint(a.canonical)).toBe(filtersFingerprint(b.canonical));
    expect(parseListQuery('items', new URLSearchParams('q=sword'), dataset()).canonical).not.toBe(
      a.canonical,
    );
  });

  it.each([
    ['another dataset version', { version: '2000-01-01.1' }, 'start again from the first page'],
    ['other filters', { filters: 'not-these' }, 'different filters'],
  ])('refuses a cursor from %s', (_name, override, message) => {
    const query = parseListQuery('items', new URLSearchParams(''), dataset());
    const cursor = encodeCursor({
      version,
      filters: filtersFingerprint(query.canonical),
      after: 'iron-helm',
      ...override,
    });
    expect(() => parseListQuery('items', new URLSearchParams({ cursor }), dataset())).toThrow(
      message,
    );
  });
});
