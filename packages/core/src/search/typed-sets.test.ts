import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/seeded.js';
import { bitsOf, emptyBits, type Bitset } from '../bitset.js';
import { intersectTyped, wordsInUse, type TypedSets } from './typed-sets.js';

const SIZE = 2000;

/** A typed word's sets as search makes them: `own` within `withNear`, few names (of `SIZE`) each. */
function randomSets(random: () => number, names: number): TypedSets {
  const pick = () => Array.from({ length: names }, () => Math.floor(random() * SIZE));
  const own = bitsOf(SIZE, pick());
  const withNear = own.slice();
  for (const name of pick())
    withNear[name >>> 5] = (withNear[name >>> 5] as number) | (1 << (name & 31));
  return { own, withNear, inUse: wordsInUse(withNear) };
}

/** The AND of `sets` word by word, every word read. */
const andAll = (sets: readonly Bitset[]) =>
  Array.from({ length: (SIZE + 31) >>> 5 }, (_, word) =>
    sets.reduce((bits, set) => (bits & (set[word] as number)) >>> 0, 0xffffffff),
  );

describe('typed sets', () => {
  it('lists the words of a set that are not zero, ascending', () => {
    expect([...wordsInUse(bitsOf(200, [3, 40, 45, 199]))]).toEqual([0, 1, 6]);
    expect([...wordsInUse(emptyBits(200))]).toEqual([]);
  });

  it('ANDs typed words from any of them on, reading only the rarest one’s words', () => {
    const random = seeded(11);
    for (let round = 0; round < 200; round++) {
      // Sets of very different sizes, so which is rarest changes from round to round.
      const sets = Array.from({ length: 2 + Math.floor(random() * 3) }, () =>
        randomSets(random, Math.floor(random() * 400)),
      );
      const from = Math.floor(random() * 2);
      const own = emptyBits(SIZE);
      const withNear = emptyBits(SIZE);
      const inUse = intersectTyped(sets, from, own, withNear);
      const after = sets.slice(from);
      expect([...own]).toEqual(andAll(after.map((set) => set.own)));
      expect([...withNear]).toEqual(andAll(after.map((set) => set.withNear)));
      // The words it read hold every word in use, and are the rarest set's.
      expect(inUse.length).toBe(Math.min(...after.map((set) => set.inUse.length)));
      for (const word of wordsInUse(withNear)) expect(inUse).toContain(word);
    }
  });

  it('ANDs `own` alone when not asked for `withNear`', () => {
    const random = seeded(5);
    const sets = [randomSets(random, 300), randomSets(random, 30)];
    const own = emptyBits(SIZE);
    intersectTyped(sets, 0, own);
    expect([...own]).toEqual(andAll(sets.map((set) => set.own)));
  });
});
