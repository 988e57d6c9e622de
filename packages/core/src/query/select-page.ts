import { encodeCursor, MALFORMED } from '../cursor.js';
import { compareIds, positionOfId, type Collection } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { allBits, bitsOf, bitsWithin, intersectAll, nextBit, type Bitset } from '../bitset.js';
import { indexesOf, spanOf } from './collection-indexes.js';
import { filtersFingerprint, type ListQuery } from './list-query.js';
import { firstInOrder } from './sorted-walk.js';

export interface Page<R> {
  records: readonly R[];
  total: number;
  /** Present when more matches remain. */
  cursor?: string;
}

/** A page as positions in the collection: what a page is made of before any record is read. */
export interface PagePositions {
  indexes: readonly number[];
  total: number;
  /** Present when more matches remain. */
  cursor?: string;
}

/** The records a query's filters match, as a set, and how many. */
export interface Matches {
  readonly bits: Bitset;
  readonly total: number;
  /** The same records listed, in no particular order, when the matching listed them. */
  readonly positions?: Int32Array;
}

/**
 * A list at most this many times the words of a set is read position by position (`bitsWithin`)
 * rather than made a set and intersected: a position costs about what a word of a pass does.
 */
const LIST_WORDS = 4;

/** Whether a list of `length` records is short enough to read position by position (`LIST_WORDS`). */
export function readsAsList(size: number, length: number): boolean {
  return length <= LIST_WORDS * ((size + 31) >>> 5);
}

/** Part of a number's order, `[from, to)` of `byValue(field, key)`: the records a range leaves. */
export interface OrderSpan {
  readonly field: string;
  readonly key?: string;
  readonly from: number;
  readonly to: number;
}

/** How a query's records are found: sets to intersect, or a short list or span read against them. */
export interface MatchPlan {
  /** Every filter's set, but the lead's. */
  readonly sets: readonly Bitset[];
  /** The shortest list or span, when short: read position by position against `sets`. */
  readonly lead?: { readonly positions: Int32Array; readonly span?: OrderSpan };
}

/**
 * How to find the records that match every filter (AND). A filter gives its set from an index, its
 * records listed, or its bounds, each a span of a number's order; the shortest list or span, when
 * short, leads — it is read position by position against every other set — else the sets are
 * intersected.
 */
export function planMatch(
  collection: Collection<{ id: string }>,
  filters: ListQuery['filters'],
): MatchPlan {
  const { size } = collection;
  const indexes = indexesOf(collection);
  const target = { collection, indexes };
  const sets: Bitset[] = [];
  const lists: Array<{ positions: Int32Array; span?: OrderSpan }> = [];
  for (const filter of filters) {
    if (filter.select) sets.push(filter.select(target));
    else if (filter.list) lists.push({ positions: filter.list(target) });
    else
      for (const { field, key, min, max } of filter.bounds ?? []) {
        const index = indexes.byValue(field, key);
        // Any value at all: the set of those that have one, kept by the index.
        if (key !== undefined && min === -Infinity && max === Infinity)
          sets.push(indexes.has(field, key));
        else if (index === undefined) lists.push({ positions: new Int32Array(0) });
        else {
          const [from, to] = spanOf(index, min, max);
          lists.push({
            positions: index.positions.subarray(from, to),
            span: { field, key, from, to },
          });
        }
      }
  }
  lists.sort((a, b) => a.positions.length - b.positions.length);
  const [shortest, ...longer] = lists;
  for (const { positions } of longer) sets.push(bitsOf(size, positions));
  if (shortest && (sets.length === 0 || readsAsList(size, shortest.positions.length)))
    return { sets, lead: shortest };
  if (shortest) sets.push(bitsOf(size, shortest.positions));
  return { sets };
}

/**
 * The records (positions in the id-ordered collection) that match every filter (AND), found as
 * `planMatch` says.
 */
export function matchIndexes<R extends { id: string }>(
  collection: Collection<R>,
  query: Pick<ListQuery, 'filters'>,
  plan = planMatch(collection, query.filters),
): Matches {
  const { size } = collection;
  const { sets, lead } = plan;
  if (lead) {
    const { bits, kept } = bitsWithin(size, lead.positions, sets);
    return { bits, total: kept.length, positions: kept };
  }
  if (sets.length === 0) return { bits: allBits(size), total: size };
  // A filter's set may be an index's own: the matches are a new set.
  const { bits, count } = intersectAll(sets);
  return { bits, total: count };
}

/** First position whose id sorts after `after` (binary search: positions are in id order). */
function firstAfter(ids: readonly string[], after: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareIds(ids[mid] as string, after) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Up to `limit + 1` matches from where the page starts, in the query's order: one more than the page
 * holds tells whether more remain. In id order the set is walked by its bits from the cursor's id, and
 * the walk stops as soon as the page is full.
 */
function walk<R extends { id: string }>(
  collection: Collection<R>,
  matches: Matches,
  query: Pick<ListQuery, 'filters' | 'sort' | 'after' | 'limit'>,
  language: string,
): number[] {
  const found: number[] = [];
  const { bits } = matches;
  if (query.sort.length === 0) {
    let position = nextBit(
      bits,
      query.after === undefined ? 0 : firstAfter(collection.ids, query.after),
    );
    while (position >= 0 && found.length <= query.limit) {
      found.push(position);
      position = nextBit(bits, position + 1);
    }
    return found;
  }
  let after = -1;
  if (query.after !== undefined) {
    after = positionOfId(collection.ids, query.after);
    if (after < 0) throw badRequest(MALFORMED);
  }
  const bounds = query.filters.flatMap((filter) => filter.bounds ?? []);
  return firstInOrder(collection, matches, bounds, query.sort, after, query.limit + 1, language);
}

/**
 * Cuts one page out of the matches, as positions, in the query's order. Pages are keyed on the last
 * record served rather than an offset, so a walk returns every match exactly once and in order.
 * `language` is the answer's, which orders names.
 *
 * @example selectPositions(dataset.items, matchIndexes(dataset.items, query), query, dataset.meta.version, 'en')
 */
export function selectPositions<R extends { id: string }>(
  collection: Collection<R>,
  matches: Matches,
  query: ListQuery,
  version: string,
  language: string,
): PagePositions {
  const found = walk(collection, matches, query, language);
  const indexes = found.slice(0, query.limit);
  const last =
    indexes.length > 0 ? collection.ids[indexes[indexes.length - 1] as number] : undefined;
  return {
    indexes,
    total: matches.total,
    ...(found.length > query.limit && last !== undefined
      ? {
          cursor: encodeCursor({
            version,
            filters: filtersFingerprint(query.canonical),
            after: last,
          }),
        }
      : {}),
  };
}

/**
 * One page of the matches, its records read.
 *
 * @example selectPage(dataset.items, matchIndexes(dataset.items, query), query, dataset.meta.version, 'en')
 */
export function selectPage<R extends { id: string }>(
  collection: Collection<R>,
  matches: Matches,
  query: ListQuery,
  version: string,
  language: string,
): Page<R> {
  const { indexes, ...rest } = selectPositions(collection, matches, query, version, language);
  return { records: indexes.map((index) => collection.at(index)), ...rest };
}
