import { describe, expect, it } from 'vitest';
import { distinctValues } from '../collections/distinct-values.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { formatFieldPath } from './problems.js';

describe('formatFieldPath', () => {
  it.each<[PropertyKey[], string]>([
    [[], ''],
    [['name'], 'name'],
    [['stats', 0, 'stat'], 'stats[0].stat'],
    [['roll', 'crc', 1], 'roll.crc[1]'],
    [[2, 'id'], '[2].id'],
  ])('%j → %j', (path, expected) => expect(formatFieldPath(path)).toBe(expected));
});

describe('distinctValues', () => {
  const dataset = fixtureDataset();
  it.each<['type' | 'slot' | 'subtype', string[]]>([
    ['type', ['accessory', 'armour', 'cosmetic', 'weapon']],
    ['slot', ['head', 'mainhand', 'ring']],
    ['subtype', ['plate', 'sword']],
  ])('items %s: the distinct, lower-cased, sorted values that exist', (field, expected) => {
    expect(distinctValues(dataset.lists.items.records, field)).toEqual(expected);
  });
  it('ability categories', () =>
    expect(distinctValues(dataset.lists.abilities.records, 'category')).toEqual([
      'movement',
      'offense',
    ]));
  it('skips records without the field and non-text values', () => {
    expect(distinctValues([{ slot: 'Head' }, { slot: 'head' }, {}, { slot: 4 }], 'slot')).toEqual([
      'head',
    ]);
  });
});
