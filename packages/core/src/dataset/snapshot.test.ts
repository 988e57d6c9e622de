import { describe, expect, it } from 'vitest';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';

const dataset = fixtureDataset();
const snapshot = encodeSnapshot(dataset);

describe('encodeSnapshot / decodeSnapshot', () => {
  it('round-trips a loaded dataset: records, order, lookups, search names, sprites and etags', () => {
    const decoded = decodeSnapshot(snapshot);
    expect(decoded.meta).toEqual(dataset.meta);
    expect(decoded.rarities).toEqual(dataset.rarities);
    expect(decoded.stats).toEqual(dataset.stats);
    for (const list of ['items', 'abilities', 'relics', 'followers'] as const) {
      expect(decoded[list].records).toEqual(dataset[list].records);
      expect(decoded[list].byId).toEqual(dataset[list].byId);
      expect(decoded[list].searchNames).toEqual(dataset[list].searchNames);
    }
    expect([...decoded.sprites.keys()].sort()).toEqual([...dataset.sprites.keys()].sort());
    for (const [id, sprite] of dataset.sprites) {
      expect(decoded.sprites.get(id)?.etag).toBe(sprite.etag);
      expect(Array.from(decoded.sprites.get(id)?.bytes ?? [])).toEqual(Array.from(sprite.bytes));
    }
  });

  it('writes the same bytes for the same dataset, whatever the sprite map order', () => {
    const reordered = { ...dataset, sprites: new Map([...dataset.sprites].reverse()) };
    expect(encodeSnapshot(reordered)).toEqual(snapshot);
  });

  it('reads a snapshot that sits inside a larger buffer (as a file read may return it)', () => {
    const padded = new Uint8Array(snapshot.length + 16);
    padded.set(snapshot, 8);
    expect(decodeSnapshot(padded.subarray(8, 8 + snapshot.length)).items.records).toEqual(dataset.items.records);
  });

  const corrupt = (edit: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>) => edit(snapshot.slice());
  it.each<[string, Uint8Array<ArrayBuffer>, RegExp]>([
    ['empty', new Uint8Array(0), /not a dataset snapshot/],
    ['another layout version', corrupt((b) => (b.set([0x32], 6), b)), /not a dataset snapshot/],
    ['cut inside the header', corrupt((b) => b.slice(0, 40)), /truncated/],
    ['cut inside the sprites', corrupt((b) => b.slice(0, b.length - 1)), /truncated/],
    ['trailing bytes', corrupt((b) => new Uint8Array([...b, 0])), /trailing bytes/],
  ])('refuses a snapshot that is %s', (_name, bytes, message) => {
    expect(() => decodeSnapshot(bytes)).toThrow(message);
  });
});
