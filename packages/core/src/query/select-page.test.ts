import { describe, expect, it } from 'vitest';
import { encodeCursor, MALFORMED } from '../cursor.js';
import { collectionOf } from '../dataset/dataset.js';
import { loadDataset } from '../dataset/load-dataset.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { FIXTURE_STAMP, toSource } from '../testing/fixture-source.js';
import { perTest } from '../testing/per-test.js';
import { QUEST_REGISTRY, questSource } from '../testing/quests.js';
import { variedDataset } from '../testing/varied-dataset.js';
import { indexesOf, spanOf } from './collection-indexes.js';
import { filtersFingerprint, parseListQuery } from './list-query.js';
import { matchIndexes, planMatch, readsAsList, selectPage } from './select-page.js';

const dataset = perTest(fixtureDataset);
const items = () => dataset().lists.items;

/** The page `params` asks for. */
function pageOf(params: URLSearchParams) {
  const query = parseListQuery('items', params, dataset());
  return selectPage(items(), matchIndexes(items(), query), query, dataset().meta.version, 'en');
}

/** The ids of the page `search` asks for, with a cursor (checksum and all) made for it after `after`. */
function pageAfter(search: string, after: string): string[] {
  const canonical = parseListQuery('items', new URLSearchParams(search), dataset()).canonical;
  const params = new URLSearchParams(search);
  params.set(
    'cursor',
    encodeCursor({
      version: dataset().meta.version,
      filters: filtersFingerprint(canonical),
      after,
    }),
  );
  return pageOf(params).records.map((record) => record.id);
}

describe('a sorted page after a cursor', () => {
  it('starts after the cursor’s record, the first in id order too', () => {
    expect(items().ids[0]).toBe('ashbringer');
    expect(pageAfter('sort=-rarity', 'ashbringer')).toEqual([
      'jade-ring',
      'party-hat',
      'iron-helm',
    ]);
    expect(pageAfter('sort=rarity', 'ashbringer')).toEqual([]);
  });

  // The checksum is public: a cursor can name any id, and a sorted walk has no place to start from
  // an id the list lacks.
  it.each(['no-such-item', 'ashbringer-', ''])(
    'is a 400 when the cursor names an id the list lacks ("%s")',
    (after) => expect(() => pageAfter('sort=-rarity', after)).toThrow(MALFORMED),
  );
});

describe('a page in id order after a cursor', () => {
  // Any text has a place in id order, so the page starts there whether or not the list holds it.
  it.each([
    ['ashbringer-', ['iron-helm', 'jade-ring', 'party-hat']],
    ['j', ['jade-ring', 'party-hat']],
    ['zz', []],
  ])('starts after "%s", an id the list lacks', (after, ids) =>
    expect(pageAfter('', after)).toEqual(ids),
  );
});

describe('a page of no records', () => {
  // limit=0 is a 400 at the parser; given it anyway, a page has no last record for a cursor to name.
  it('has no cursor, however many match', () => {
    const query = { ...parseListQuery('items', new URLSearchParams(), dataset()), limit: 0 };
    const matches = matchIndexes(items(), query);
    expect(selectPage(items(), matches, query, dataset().meta.version, 'en')).toEqual({
      records: [],
      total: 4,
    });
  });
});

describe('a range on a stat key no record has', () => {
  const page = (search: string) => {
    const found = pageOf(new URLSearchParams(search));
    return { total: found.total, ids: found.records.map((record) => record.id) };
  };

  it.each(['stat[crc]=1..5', 'stat[crc]=..5&stat[mgt]=*', 'stat[crc]=0..&sort=-stat.mgt'])(
    '?%s matches nothing',
    (search) => expect(page(search)).toEqual({ total: 0, ids: [] }),
  );

  it('while a key some record has still matches it', () =>
    expect(page('stat[mgt]=1..')).toEqual({ total: 1, ids: ['ashbringer'] }));
});

describe('a filter', () => {
  const quests = perTest(() => {
    const loaded = loadDataset(toSource(questSource()), FIXTURE_STAMP, {
      registry: QUEST_REGISTRY,
    });
    if (!loaded.ok) throw new Error('the quest fixture does not load');
    return loaded.dataset;
  });

  it('`*` on a plain number field matches every record that has the field', () => {
    const collection = collectionOf(quests(), 'quests');
    const query = parseListQuery('quests', new URLSearchParams('level=*'), quests());
    expect(matchIndexes(collection, query).total).toBe(3);
  });

  // Without a set or a list a filter passes the records within all its bounds: none bounds none out.
  it('with no set, no list and no bounds leaves every record', () =>
    expect(matchIndexes(items(), { filters: [{ value: 'any' }] }).total).toBe(items().size));
});

describe('how the matches are found', () => {
  const varied = perTest(() => variedDataset(300));
  const plan = (search: string) => {
    const query = parseListQuery('items', new URLSearchParams(search), varied());
    return planMatch(varied().lists.items, query.filters);
  };
  /** The run of the stat's order that `min`..`max` leaves, as a lead holds it. */
  const run = (key: string, min: number, max: number) => {
    const index = indexesOf(varied().lists.items).byValue('stat', key)!;
    const [from, to] = spanOf(index, min, max);
    return {
      positions: index.positions.subarray(from, to),
      span: { field: 'stat', key, from, to },
    };
  };
  const short = (length: number) => readsAsList(varied().lists.items.size, length);

  it('reads a list position by position up to four times the words of a set', () =>
    expect(
      [
        [1, 4],
        [1, 5],
        [64, 8],
        [64, 9],
        [300, 40],
        [300, 41],
      ].map(([size, length]) => readsAsList(size!, length!)),
    ).toEqual([true, false, true, false, true, false]));

  it('leads with a range alone, short or long, as its run of the stat’s order', () => {
    const few = run('mgt', 30, Infinity);
    const many = run('crc', -Infinity, 100);
    expect([short(few.positions.length), short(many.positions.length)]).toEqual([true, false]);
    expect(plan('stat[mgt]=30..')).toEqual({ sets: [], lead: few });
    expect(plan('stat[crc]=..100')).toEqual({ sets: [], lead: many });
  });

  it('leads with the shorter of two ranges, whichever of them comes first', () => {
    const crc = run('crc', 30, Infinity);
    const mgt = run('mgt', 30, Infinity);
    expect([short(crc.positions.length), short(mgt.positions.length)]).toEqual([true, true]);
    // Filters come in stat key order: crc, then mgt.
    const first = plan('stat[crc]=30..&stat[mgt]=..100');
    expect([first.lead, first.sets.length]).toEqual([crc, 1]);
    const second = plan('stat[crc]=..100&stat[mgt]=30..');
    expect([second.lead, second.sets.length]).toEqual([mgt, 1]);
  });

  it('intersects a long range with the other filters’ sets', () => {
    const found = plan('slot=head&stat[mgt]=..100');
    expect([found.lead, found.sets.length]).toEqual([undefined, 2]);
  });

  it('takes `*` on a stat key as the set of the records that have it', () =>
    expect(plan('stat[mgt]=*')).toEqual({
      sets: [indexesOf(varied().lists.items).has('stat', 'mgt')],
    }));
});
