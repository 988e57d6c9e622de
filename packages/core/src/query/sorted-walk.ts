import type { NumberBound } from '../collections/filters.js';
import type { Collection } from '../dataset/collection.js';
import { hasBit, positionsOf, type Bitset } from '../bitset.js';
import { indexesOf, spanOf } from './collection-indexes.js';
import { comparatorOf, leadOrder, sortNumbers, type SortKey } from './sort.js';

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

/** The records a query matches, as a set, and listed when the matching listed them. */
interface Matched {
  readonly bits: Bitset;
  readonly total: number;
  readonly positions?: Int32Array;
}

/** The matches listed: as the matching listed them, or read from the set. */
const listed = ({ bits, total, positions }: Matched) => positions ?? positionsOf(bits, total);

/** The first `keep` of the matches that `accept` takes, under `compare`, in order, through a heap. */
function smallest(
  matches: Matched,
  keep: number,
  compare: Compare,
  accept: (position: number) => boolean,
): number[] {
  const heap: number[] = [];
  const members = listed(matches);
  for (let i = 0; i < members.length; i++) {
    const position = members[i] as number;
    if (!accept(position)) continue;
    if (heap.length < keep) heapPush(heap, position, compare);
    else if (compare(position, heap[0] as number) < 0) heapReplaceRoot(heap, position, compare);
  }
  return heap.sort(compare);
}

const byValue: Compare = (a, b) => a - b;

/**
 * `smallest` for a sort that one number a position can order (`sortNumbers`): the heap holds those
 * numbers, compared as numbers, and only the matches past `after`'s number.
 */
function smallestNumbers(
  matches: Matched,
  keep: number,
  numberOf: (position: number) => number,
  after: number,
  size: number,
): number[] {
  const heap: number[] = [];
  const members = listed(matches);
  for (let i = 0; i < members.length; i++) {
    const number = numberOf(members[i] as number);
    if (number <= after) continue;
    if (heap.length < keep) heapPush(heap, number, byValue);
    else if (number < (heap[0] as number)) heapReplaceRoot(heap, number, byValue);
  }
  return heap.sort(byValue).map((number) => number % size);
}

/**
 * The part of the lead order (`[from, to)`) that can hold matches: where a filter bounds the first
 * key's number (`stat[mgt]=10..20` under `sort=-stat.mgt`), only the records within it; else all.
 * `bounded` says every match holds the key, so none lacks it.
 */
function leadSpan(
  collection: Collection<{ id: string }>,
  key: SortKey,
  length: number,
  bounds: readonly NumberBound[],
): { from: number; to: number; bounded: boolean } {
  const { source } = key;
  const on =
    source.kind === 'number'
      ? bounds.filter((bound) => bound.field === source.field && bound.key === source.key)
      : [];
  const sorted =
    source.kind === 'number' && indexesOf(collection).byValue(source.field, source.key);
  if (on.length === 0 || !sorted) return { from: 0, to: length, bounded: false };
  const min = Math.max(...on.map((bound) => bound.min));
  const max = Math.min(...on.map((bound) => bound.max));
  const [from, to] = min <= max ? spanOf(sorted, min, max) : [0, 0];
  return { from, to, bounded: true };
}

/**
 * The first `keep` matches after the cursor's record (`after`, -1 for none) in the order of `keys`.
 *
 * Two ways, the cheaper for the query: with many matches, the sort's first key's order (made once per
 * release and language) is walked from the cursor's place, testing each record against the set, and
 * stops once the page is full, each run of records that tie on that key put in order by the rest;
 * with few, the matches are read once, the best kept in a heap. Either way no order of the whole list
 * is made per query. The walk reads only the part of the order that the filters' `bounds` leave.
 */
export function firstInOrder(
  collection: Collection<{ id: string }>,
  matches: Matched,
  bounds: readonly NumberBound[],
  keys: readonly SortKey[],
  after: number,
  keep: number,
  language: string,
): number[] {
  const compare = comparatorOf(collection, keys, language);
  const afterCursor = (position: number) => after < 0 || compare(position, after) > 0;
  const lead = keys[0] && leadOrder(collection, keys[0], language);
  const span = lead && leadSpan(collection, keys[0]!, lead.order.length, bounds);
  // A walk reads about keep × span / total records of the order; the heap reads every match.
  const { bits, total } = matches;
  if (!lead || !span || keep * (span.to - span.from) > total * total) {
    const numberOf = sortNumbers(collection, keys, language);
    return numberOf
      ? smallestNumbers(matches, keep, numberOf, after < 0 ? -1 : numberOf(after), collection.size)
      : smallest(matches, keep, compare, afterCursor);
  }

  const { order, ranks } = lead;
  const descending = keys[0]!.descending;
  const step = descending ? -1 : 1;
  const { from, to } = span;
  // Start at the run of the cursor's record: records before it in the order come before the cursor.
  let i = descending ? to - 1 : from;
  const afterRank = after < 0 ? -1 : (ranks[after] as number);
  if (after >= 0) {
    if (afterRank < 0) i = descending ? from - 1 : to;
    else {
      let low = from;
      let high = to;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if ((ranks[order[mid] as number] as number) < afterRank) low = mid + 1;
        else high = mid;
      }
      if (descending) {
        while (low < to && ranks[order[low] as number] === afterRank) low++;
        i = low - 1;
      } else i = low;
    }
  }
  const found: number[] = [];
  while (found.length < keep && i >= from && i < to) {
    // One run of records tying on the first key, in the order of the rest.
    const rank = ranks[order[i] as number] as number;
    const run: number[] = [];
    for (; i >= from && i < to && ranks[order[i] as number] === rank; i += step) {
      const position = order[i] as number;
      if (hasBit(bits, position) && afterCursor(position)) run.push(position);
    }
    if (run.length > 1) run.sort(compare);
    for (const position of run) if (found.length < keep) found.push(position);
  }
  if (found.length < keep && !span.bounded) {
    // Then the matches lacking the first key, which come last whichever way it runs.
    const lacking = (position: number) => (ranks[position] as number) < 0 && afterCursor(position);
    found.push(...smallest(matches, keep - found.length, compare, lacking));
  }
  return found;
}
