import { COLLECTIONS } from '../collections/collections.js';
import { describe, expect, it } from 'vitest';
import type { Item } from '../schemas/records.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { variedDataset } from '../testing/varied-dataset.js';
import { facetCounts, parseFacets } from './facets.js';
import { parseFields, selectFields } from './field-selection.js';
import { parseFilters } from './list-query.js';

const dataset = variedDataset(300, 11);

/** Counts of each value, the largest first, then by value: written plainly over the records. */
function plainCounts(values: Array<string | number | boolean>) {
  const counts = new Map<string | number | boolean, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

describe('facets', () => {
  it.each<[string, (item: Item) => boolean]>([
    ['', () => true],
    ['rarity=rare..', (item) => item.rarity >= 2],
    [
      'stat[mgt]=*&slot=head',
      (item) => item.slot?.toLowerCase() === 'head' && item.stats!.some((s) => s.stat === 'mgt'),
    ],
    // So few matches that every facet, the keyed one too, is counted record by record.
    [
      'stat[mgt]=*&slot=head&rarity=3..',
      (item) =>
        item.slot?.toLowerCase() === 'head' &&
        item.rarity >= 3 &&
        item.stats!.some((s) => s.stat === 'mgt'),
    ],
    // A short stat range leads the matching: its run of the stat's order is read against the rarity
    // set, and the facets are counted as that order lays them out.
    [
      'stat[mgt]=10..20&rarity=1..',
      (item) => {
        const mgt = item.stats!.filter((s) => s.stat === 'mgt');
        const sum = mgt.reduce((total, s) => total + s.value, 0);
        return item.rarity >= 1 && mgt.length > 0 && sum >= 10 && sum <= 20;
      },
    ],
    // The same along a roll's order.
    [
      'roll[crc]=3..4&rarity=1..',
      (item) => {
        const roll = Object.hasOwn(item.roll ?? {}, 'crc') ? item.roll!.crc : undefined;
        return item.rarity >= 1 && roll !== undefined && roll[0] <= 4 && roll[1] >= 3;
      },
    ],
  ])('?%s: each value counted over the matches', (search, matches) => {
    const { filters } = parseFilters('items', new URLSearchParams(search), dataset);
    const items = dataset.lists.items.records.filter(matches);
    const { data, total } = facetCounts(
      COLLECTIONS.items,
      dataset.lists.items,
      filters,
      parseFacets(COLLECTIONS.items, undefined),
    );
    expect(total).toBe(items.length);
    expect(data).toEqual({
      slot: plainCounts(items.flatMap((item) => (item.slot ? [item.slot.toLowerCase()] : []))),
      rarity: plainCounts(items.map((item) => item.rarity)),
      subtype: plainCounts(items.flatMap((item) => (item.subtype ? [item.subtype] : []))),
      cosmetic: plainCounts(items.map((item) => item.cosmetic ?? false)),
      type: plainCounts(items.flatMap((item) => (item.type ? [item.type] : []))),
      stat: plainCounts(items.flatMap((item) => [...new Set(item.stats?.map((s) => s.stat))])),
    });
  });

  it('facet names a subset, in the order the list declares them', () => {
    expect(parseFacets(COLLECTIONS.items, 'stat,slot,stat')).toEqual(['slot', 'stat']);
    expect(parseFacets(COLLECTIONS.relics, undefined)).toEqual(['rarity', 'unique']);
  });

  it.each([
    ['items', 'dropRate'],
    ['items', 'name'],
    ['abilities', 'rarity'],
  ] as const)('%s: facet=%s is a 400 listing the facets', (list, name) => {
    expect(() => parseFacets(COLLECTIONS[list], name)).toThrow(
      `facet "${name}" is not one of ${list}'s`,
    );
  });
});

describe('fields', () => {
  const fixture = fixtureDataset();
  const ashbringer = fixture.lists.items.get('ashbringer')!;

  it('keeps the required fields and those named, in the record order', () => {
    const fields = parseFields(COLLECTIONS.items, 'roll,icon,name')!;
    expect(fields).toEqual(['icon', 'roll']);
    const selected = selectFields(COLLECTIONS.items, ashbringer, fields);
    expect(Object.keys(selected)).toEqual(['id', 'name', 'rarity', 'rarityName', 'icon', 'roll']);
    expect(selected.roll).toEqual(ashbringer.roll);
  });

  it('a record without a field named has none', () => {
    expect(
      selectFields(COLLECTIONS.items, fixture.lists.items.get('jade-ring')!, ['icon']),
    ).toEqual({
      id: 'jade-ring',
      name: 'Jade Ring',
      rarity: 2,
      rarityName: 'rare',
    });
  });

  it.each(['dropRate', 'lootTableId', 'devNotes', 'stats.value', '', 'roll,'])(
    'fields=%s names no public field: a 400 listing them',
    (name) => {
      expect(() => parseFields(COLLECTIONS.items, name)).toThrow(
        /fields names ".*", which items do not have/,
      );
    },
  );
});
