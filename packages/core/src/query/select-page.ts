import { encodeCursor } from '../cursor.js';
import type { Collection } from '../dataset/collection.js';
import { filtersFingerprint, type ListQuery } from './list-query.js';

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

/**
 * Indexes (into the id-ordered collection) of the records that match every filter (AND). A filter
 * with an index (`q`) gives its matches at once, and only those are tested against the rest.
 */
export function matchIndexes<R extends { id: string }>(
  collection: Collection<R>,
  query: ListQuery,
): number[] {
  const indexed = query.filters.find((filter) => filter.matching !== undefined);
  const others = query.filters.filter((filter) => filter !== indexed);
  const matchesOthers = (index: number) =>
    others.every((filter) => filter.matches(collection, index));
  if (indexed?.matching) {
    const candidates = indexed.matching(collection);
    return others.length === 0 ? candidates : candidates.filter(matchesOthers);
  }
  const matched: number[] = [];
  for (let index = 0; index < collection.size; index++) {
    if (matchesOthers(index)) matched.push(index);
  }
  return matched;
}

/** First position in `matched` whose record id sorts after `after` (binary search: ids are ordered). */
function startAfter<R extends { id: string }>(
  collection: Collection<R>,
  matched: readonly number[],
  after: string,
): number {
  let low = 0;
  let high = matched.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((collection.ids[matched[mid] as number] as string) <= after) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Cuts one page out of the matches, as positions. Pages are keyed on the last id served rather than
 * an offset, so a walk returns every match exactly once and in id order.
 *
 * @example selectPositions(dataset.items, matchIndexes(dataset.items, query), query, dataset.meta.version)
 */
export function selectPositions<R extends { id: string }>(
  collection: Collection<R>,
  matched: readonly number[],
  query: ListQuery,
  version: string,
): PagePositions {
  const start = query.after === undefined ? 0 : startAfter(collection, matched, query.after);
  const indexes = matched.slice(start, start + query.limit);
  const last =
    indexes.length > 0 ? collection.ids[indexes[indexes.length - 1] as number] : undefined;
  const more = start + indexes.length < matched.length;
  return {
    indexes,
    total: matched.length,
    ...(more && last !== undefined
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
 * @example selectPage(dataset.items, matchIndexes(dataset.items, query), query, dataset.meta.version)
 */
export function selectPage<R extends { id: string }>(
  collection: Collection<R>,
  matched: readonly number[],
  query: ListQuery,
  version: string,
): Page<R> {
  const { indexes, ...rest } = selectPositions(collection, matched, query, version);
  return { records: indexes.map((index) => collection.at(index)), ...rest };
}
