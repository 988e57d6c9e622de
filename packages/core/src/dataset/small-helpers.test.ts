import { describe, expect, it } from 'vitest';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { TINY_PNG } from '../testing/fixture-source.js';
import { looksLikePng } from './png.js';
import { formatFieldPath } from './problems.js';
import { collectVocabulary } from './vocabulary.js';

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

describe('collectVocabulary', () => {
  it('lists the distinct, lower-cased, sorted values that exist', () => {
    expect(collectVocabulary(fixtureDataset())).toEqual({
      types: ['accessory', 'armour', 'cosmetic', 'weapon'],
      slots: ['head', 'mainhand', 'ring'],
      subtypes: ['plate', 'sword'],
      categories: ['movement', 'offense'],
    });
  });
});
