import type { Collection } from '../dataset/collection.js';
import { hasBit, nextBit, type Bitset } from './bitset.js';
import { comparatorOf, leadOrder, type SortKey } from './sort.js';

type Compare = (a: number, b: number) => number;

/** Adds `value` to the max-heap `heap` (its root the greatest under `compare`). */
function heapPush(heap: number[], value: number, compare: Compare): void {
  let at = heap.push(value) - 1;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (compare(heap[parent] as number, value) >= 0) break;
    heap[at] = heap[parent] as number;
    at = parent;
  }
  heap[at] = value;
}

/** Puts `value` in place of the max-heap's root, and sifts it down. */
function heapReplaceRoot(heap: number[], value: number, compare: Compare): void {
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= heap.length) break;
    const right = left + 1;
    const child =
      right < heap.length && compare(heap[right] as number, heap[left] as number) > 0
        ? right
        : left;
    if (compare(heap[child] as number, value) <= 0) break;
    heap[at] = heap[child] as number;
    at = child;
  }
  heap[at] = value;
}

/** The first `keep` of `candidates` (any order) under `compare`, in order, through a heap. */
function smallest(candidates: Iterable<number>, keep: number, compare: Compare): number[] {
  const heap: number[] = [];
  for (const position of candidates) {
    if (heap.length < keep) heapPush(heap, position, compare);
    else if (compare(position, heap[0] as number) < 0) heapReplaceRoot(heap, position, compare);
  }
  return heap.sort(compare);
}

/** The set's positions that come after `after` (-1: all of them). */
function* matchesAfter(bits: Bitset, after: number, compare: Compare): Generator<number> {
  for (let position = nextBit(bits, 0); position >= 0; position = nextBit(bits, position + 1))
    if (after < 0 || compare(position, after) > 0) yield position;
}

/**
 * The first `keep` matches after the cursor's record (`after`, -1 for none) in the order of `keys`.
 *
 * Two ways, the cheaper for the query: with many matches, the sort's first key's order (made once per
 * release and language) is walked from the cursor's place, testing each record against the set, and
 * stops once the page is full, each run of records that tie on that key put in order by the rest;
 * with few, the matches are read once, the best kept in a heap. Either way no order of the whole list
 * is made per query.
 */
export function firstInOrder(
  collection: Collection<{ id: string }>,
  bits: Bitset,
  total: number,
  keys: readonly SortKey[],
  after: number,
  keep: number,
  language: string,
): number[] {
  const compare = comparatorOf(collection, keys, language);
  const lead = keys[0] && leadOrder(collection, keys[0], language);
  // A walk reads about keep × size / total records of the order; the heap reads every match.
  if (!lead || keep * collection.size > total * total)
    return smallest(matchesAfter(bits, after, compare), keep, compare);

  const { order, ranks } = lead;
  const descending = keys[0]!.descending;
  const step = descending ? -1 : 1;
  // Start at the run of the cursor's record: records before it in the order come before the cursor.
  let i = descending ? order.length - 1 : 0;
  const afterRank = after < 0 ? -1 : (ranks[after] as number);
  if (after >= 0) {
    if (afterRank < 0) i = descending ? -1 : order.length;
    else {
      let low = 0;
      let high = order.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((ranks[order[mid] as number] as number) < afterRank) low = mid + 1;
        else high = mid;
      }
      if (descending) {
        while (low < order.length && ranks[order[low] as number] === afterRank) low++;
        i = low - 1;
      } else i = low;
    }
  }
  const found: number[] = [];
  while (found.length < keep && i >= 0 && i < order.length) {
    // One run of records tying on the first key, in the order of the rest.
    const rank = ranks[order[i] as number] as number;
    const run: number[] = [];
    for (; i >= 0 && i < order.length && ranks[order[i] as number] === rank; i += step) {
      const position = order[i] as number;
      if (hasBit(bits, position) && (after < 0 || compare(position, after) > 0)) run.push(position);
    }
    if (run.length > 1) run.sort(compare);
    for (const position of run) if (found.length < keep) found.push(position);
  }
  if (found.length < keep) {
    // Then the matches lacking the first key, which come last whichever way it runs.
    const lacking = function* () {
      for (const position of matchesAfter(bits, after, compare))
        if ((ranks[position] as number) < 0) yield position;
    };
    found.push(...smallest(lacking(), keep - found.length, compare));
  }
  return found;
}
