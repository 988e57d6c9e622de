import { describe, expect, it } from 'vitest';
import {
  allBits,
  bitsOf,
  bitsWithin,
  countBoth,
  hasBit,
  intersectAll,
  nextBit,
  orInto,
} from './bitset.js';

const members = (bits: Uint32Array) => {
  const found: number[] = [];
  for (let p = nextBit(bits, 0); p >= 0; p = nextBit(bits, p + 1)) found.push(p);
  return found;
};

describe('bitsets', () => {
  it.each([0, 1, 31, 32, 33, 64, 100])(
    'allBits(%i) holds every position below it, no more',
    (size) => {
      const bits = allBits(size);
      expect(members(bits)).toEqual(Array.from({ length: size }, (_, i) => i));
      expect(intersectAll([bits]).count).toBe(size);
    },
  );

  it('walks the positions in order, across empty words and the sign bit', () => {
    const positions = [0, 31, 32, 63, 64, 200, 4095];
    const bits = bitsOf(4096, [...positions].reverse());
    expect(members(bits)).toEqual(positions);
    expect(nextBit(bits, 65)).toBe(200);
    expect(nextBit(bits, 4096)).toBe(-1);
    expect(positions.every((p) => hasBit(bits, p))).toBe(true);
    expect(hasBit(bits, 1)).toBe(false);
  });

  it('intersects, unites and counts', () => {
    const a = bitsOf(100, [1, 2, 3, 50, 99]);
    const b = bitsOf(100, [2, 3, 4, 99]);
    expect(countBoth(a, b)).toBe(3);
    expect(members(orInto(a.slice(), b))).toEqual([1, 2, 3, 4, 50, 99]);
  });

  it.each([1, 2, 3, 4])('intersects %i sets at once, counting what they share', (n) => {
    // Every position below 100, and the sign bit of each word, in some of the sets.
    const sets = Array.from({ length: n }, (_, k) =>
      bitsOf(
        100,
        Array.from({ length: 100 }, (_, p) => p).filter((p) => p % 32 === 31 || p % (k + 2) !== 0),
      ),
    );
    const shared = Array.from({ length: 100 }, (_, p) => p).filter((p) =>
      sets.every((set) => hasBit(set, p)),
    );
    const { bits, count } = intersectAll(sets);
    expect(members(bits)).toEqual(shared);
    expect(count).toBe(shared.length);
    expect(bits).not.toBe(sets[0]);
  });

  it.each([0, 1, 2, 3])('keeps the listed positions %i sets all hold, in any order', (n) => {
    const sets = Array.from({ length: n }, (_, k) =>
      bitsOf(
        100,
        Array.from({ length: 100 }, (_, p) => p).filter((p) => p % 32 === 31 || p % (k + 2) !== 0),
      ),
    );
    const listed = [99, 31, 0, 64, 63, 5, 12, 95, 33];
    const held = listed.filter((p) => sets.every((set) => hasBit(set, p)));
    const { bits, kept } = bitsWithin(100, Int32Array.from(listed), sets);
    expect(members(bits)).toEqual([...held].sort((a, b) => a - b));
    expect([...kept]).toEqual(held);
  });
});
