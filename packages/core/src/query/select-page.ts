import { encodeCursor } from '../cursor.js';
import { compareIds, positionOfId, type Collection } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { allBits, bitsOf, bitsWithin, intersectAll, nextBit, type Bitset } from './bitset.js';
import { indexesOf } from './collection-indexes.js';
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

/**
 * The records (positions in the id-ordered collection) that match every filter (AND). A filter
 * gives its set from an index, its records listed, or its bounds, each a span of a number's order;
 * the shortest list or span, when short, is read position by position against every other set, else
 * the sets are intersected.
 */
export function matchIndexes<R extends { id: string }>(
  collection: Collection<R>,
  query: Pick<ListQuery, 'filters'>,
): Matches {
  const { size } = collection;
  if (query.filters.length === 0) return { bits: allBits(size), total: size };
  const indexes = indexesOf(collection);
  const target = { collection, indexes };
  const sets: Bitset[] = [];
  const spans: Int32Array[] = [];
  for (const filter of query.filters) {
    if (filter.select) sets.push(filter.select(target));
    else if (filter.list) spans.push(filter.list(target));
    else
      for (const { field, key, min, max } of filter.bounds ?? [])
        // Any value at all: the set of those that have one, kept by the index.
        if (key !== undefined && min === -Infinity && max === Infinity)
          sets.push(indexes.has(field, key));
        else spans.push(indexes.span(field, key, min, max));
  }
  spans.sort((a, b) => a.length - b.length);
  const [shortest, ...longer] = spans;
  for (const span of longer) sets.push(bitsOf(size, span));
  if (shortest && (sets.length === 0 || shortest.length <= LIST_WORDS * ((size + 31) >>> 5))) {
    const { bits, kept } = bitsWithin(size, shortest, sets);
    return { bits, total: kept.length, positions: kept };
  }
  if (shortest) sets.push(bitsOf(size, shortest));
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
    if (after < 0)
      throw badRequest('cursor is malformed; pass meta.cursor from the previous page unchanged');
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
