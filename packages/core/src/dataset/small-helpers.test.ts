import { describe, expect, it } from 'vitest';
import { distinctValues } from '../collections/distinct-values.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { TINY_PNG } from '../testing/fixture-source.js';
import { looksLikePng } from './png.js';
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

describe('looksLikePng', () => {
  it.each<[string, Uint8Array, boolean]>([
    ['a PNG header', TINY_PNG, true],
    ['too short', TINY_PNG.subarray(0, 20), false],
    ['GIF', new TextEncoder().encode('GIF89a'.padEnd(40, '\0')), false],
    ['signature without IHDR', new Uint8Array([...TINY_PNG.subarray(0, 12), 0x49, 0x44, 0x41, 0x54, ...TINY_PNG.subarray(16)]), false],
  ])('%s → %s', (_name, bytes, expected) => expect(looksLikePng(bytes)).toBe(expected));
});

describe('distinctValues', () => {
  const dataset = fixtureDataset();
  it.each<['type' | 'slot' | 'subtype', string[]]>([
    ['type', ['accessory', 'armour', 'cosmetic', 'weapon']],
    ['slot', ['head', 'mainhand', 'ring']],
    ['subtype', ['plate', 'sword']],
  ])('items %s: the distinct, lower-cased, sorted values that exist', (field, expected) => {
    expect(distinctValues(dataset.items.records, field)).toEqual(expected);
  });
  it('ability categories', () => expect(distinctValues(dataset.abilities.records, 'category')).toEqual(['movement', 'offense']));
  it('skips records without the field and non-text values', () => {
    expect(distinctValues<Record<string, unknown>>([{ slot: 'Head' }, { slot: 'head' }, {}, { slot: 4 }], 'slot')).toEqual(['head']);
  });
});
