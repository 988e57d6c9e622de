import type { Bitset } from '../bitset.js';

/**
 * The names with a word a typed word starts (`own`), and with one it starts or is near (`withNear`,
 * which holds `own`), and the positions of `withNear`'s 32-bit words that are not zero (`inUse`,
 * ascending): a typed word's names are a few of the index's, and so are their words.
 */
export interface TypedSets {
  own: Bitset;
  withNear: Bitset;
  inUse: Int32Array;
}

/** Room for `wordsInUse` to list a set's words in, before it copies out as many as it found. */
let listed = new Int32Array(0);

/** The positions of the words of `bits` that are not zero, ascending. */
export function wordsInUse(bits: Bitset): Int32Array {
  if (listed.length < bits.length) listed = new Int32Array(bits.length);
  let count = 0;
  for (let word = 0; word < bits.length; word++) if (bits[word] !== 0) listed[count++] = word;
  return listed.slice(0, count);
}

/**
 * ANDs the sets of the typed words from `from` on: their `own` into `own`, and with `withNear`, their
 * `withNear` into it, both empty before. Only the words in use of the one with the fewest are read,
 * as every other word of the AND is zero; they are returned, as the words the ANDs may hold. A
 * search of several words so costs about its rarest word's names, not a pass over every name per
 * word (bench/README.md, "Search on 100,000 items").
 */
export function intersectTyped(
  sets: readonly TypedSets[],
  from: number,
  own: Bitset,
  withNear?: Bitset,
): Int32Array {
  let rarest = sets[from] as TypedSets;
  for (let at = from + 1; at < sets.length; at++) {
    const typed = sets[at] as TypedSets;
    if (typed.inUse.length < rarest.inUse.length) rarest = typed;
  }
  const { inUse } = rarest;
  for (let i = 0; i < inUse.length; i++) {
    const word = inUse[i] as number;
    let ownBits = -1;
    let nearBits = -1;
    for (let at = from; at < sets.length; at++) {
      const typed = sets[at] as TypedSets;
      ownBits &= typed.own[word] as number;
      nearBits &= typed.withNear[word] as number;
    }
    own[word] = ownBits;
    if (withNear !== undefined) withNear[word] = nearBits;
  }
  return inUse;
}
