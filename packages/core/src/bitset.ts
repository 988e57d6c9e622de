/**
 * A set of record positions as one bit each: 12.5 KB for 100,000 records. Filters each give one and
 * a query ANDs them, so combining filters costs a pass over a few thousand words, whatever they match.
 */
export type Bitset = Uint32Array;

/** An empty set for `size` positions. */
export function emptyBits(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** Every position below `size`. */
export function allBits(size: number): Bitset {
  const bits = emptyBits(size).fill(0xffffffff);
  if (size % 32 !== 0) bits[bits.length - 1] = (1 << (size % 32)) - 1;
  return bits;
}

/**
 * The set of `positions` (in any order).
 *
 * @example hasBit(bitsOf(100, [3, 64]), 64) // true
 */
export function bitsOf(size: number, positions: ArrayLike<number>): Bitset {
  const bits = emptyBits(size);
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i] as number;
    bits[position >>> 5] = (bits[position >>> 5] as number) | (1 << (position & 31));
  }
  return bits;
}

export function hasBit(bits: Bitset, position: number): boolean {
  return (((bits[position >>> 5] as number) >>> (position & 31)) & 1) === 1;
}

/** `a` ∪ `b`, written into `a`. */
export function orInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] as number) | (b[i] as number);
  return a;
}

/** How many bits of a 32-bit word are set. */
export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many positions both hold, without making their intersection. */
export function countBoth(a: Bitset, b: Bitset): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) count += popcount32((a[i] as number) & (b[i] as number));
  return count;
}

/**
 * The first position of `bits` at `from` or after, or -1: whole empty words are skipped, so a walk
 * through a sparse set costs about its words, not its positions.
 */
export function nextBit(bits: Bitset, from: number): number {
  let word = from >>> 5;
  if (word >= bits.length) return -1;
  let rest = ((bits[word] as number) >>> (from & 31)) << (from & 31);
  while (rest === 0) {
    if (++word >= bits.length) return -1;
    rest = bits[word] as number;
  }
  return (word << 5) + (31 - Math.clz32(rest & -rest));
}

/**
 * The positions of the set's `total` members, in order: matches listed, where the matching did not
 * list them.
 *
 * @example positionsOf(bitsOf(64, [40, 3]), 2) // Int32Array [3, 40]
 */
export function positionsOf(bits: Bitset, total: number): Int32Array {
  const positions = new Int32Array(total);
  let n = 0;
  for (let word = 0; word < bits.length; word++) {
    let rest = bits[word] as number;
    while (rest !== 0) {
      const lowest = rest & -rest;
      positions[n++] = (word << 5) + 31 - Math.clz32(lowest);
      rest ^= lowest;
    }
  }
  return positions;
}

/**
 * The indices `i` of `[from, to)`, ascending, whose `positions[i]` is in every one of `sets`: a
 * part of an order read against the other filters' sets, the matches kept as places in that order.
 *
 * @example indicesWithin(Int32Array.of(9, 4, 7), 0, 3, [bitsOf(16, [4, 9])]) // Int32Array [0, 1]
 */
export function indicesWithin(
  positions: Int32Array,
  from: number,
  to: number,
  sets: readonly Bitset[],
): Int32Array {
  const kept = new Int32Array(to - from);
  let count = 0;
  next: for (let i = from; i < to; i++) {
    const position = positions[i] as number;
    const word = position >>> 5;
    const bit = 1 << (position & 31);
    for (let k = 0; k < sets.length; k++)
      if (((sets[k] as Bitset)[word]! & bit) === 0) continue next;
    kept[count++] = i;
  }
  return count === kept.length ? kept : kept.slice(0, count);
}

/**
 * The positions of `positions` (in any order, each once) that every one of `sets` holds, as a new
 * set, and listed in the order given: a test of each position, with no pass over the sets' words,
 * so that a short list costs about its length however large the sets are.
 *
 * @example bitsWithin(100, [3, 2, 1], [bitsOf(100, [2, 3, 4])]).kept // Int32Array [3, 2]
 */
export function bitsWithin(
  size: number,
  positions: ArrayLike<number>,
  sets: readonly Bitset[],
): { bits: Bitset; kept: Int32Array } {
  const bits = emptyBits(size);
  const kept = new Int32Array(positions.length);
  let count = 0;
  next: for (let i = 0; i < positions.length; i++) {
    const position = positions[i] as number;
    const word = position >>> 5;
    const bit = 1 << (position & 31);
    for (let k = 0; k < sets.length; k++)
      if (((sets[k] as Bitset)[word]! & bit) === 0) continue next;
    bits[word] = (bits[word] as number) | bit;
    kept[count++] = position;
  }
  return { bits, kept: count === kept.length ? kept : kept.slice(0, count) };
}

/**
 * The positions every one of `sets` holds, as a new set, and how many: two sets at a time in one
 * pass, the count taken in the last, so three sets cost two passes over their words.
 *
 * @example intersectAll([bitsOf(100, [1, 2]), bitsOf(100, [2, 3])]).count // 1
 */
export function intersectAll(sets: readonly Bitset[]): { bits: Bitset; count: number } {
  const [first, second] = sets as [Bitset, Bitset | undefined];
  const bits = new Uint32Array(first.length);
  let count = 0;
  const last = sets.length <= 2;
  for (let i = 0; i < bits.length; i++) {
    const word = (first[i] as number) & (second ? (second[i] as number) : -1);
    bits[i] = word;
    if (last) count += popcount32(word);
  }
  for (let k = 2; k < sets.length; k++) {
    const set = sets[k] as Bitset;
    const counting = k === sets.length - 1;
    for (let i = 0; i < bits.length; i++) {
      const word = (bits[i] as number) & (set[i] as number);
      bits[i] = word;
      if (counting) count += popcount32(word);
    }
  }
  return { bits, count };
}
