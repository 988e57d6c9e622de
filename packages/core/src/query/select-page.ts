import { encodeCursor } from '../cursor.js';
import type { Collection } from '../dataset/collection.js';
import { filtersFingerprint, type ListQuery } from './list-query.js';

export interface Page<R> {
  records: readonly R[];
  total: number;
  /** Present when more matches remain. */
  cursor?: string;
}

/**
 * Indexes (into the id-ordered collection) of the records that match every filter (AND, spec §4). A
 * filter with an index (`q`) gives its matches at once, and only those are tested against the rest.
 */
export function matchIndexes<R extends { id: string }>(collection: Collection<R>, query: ListQuery): number[] {
  const indexed = query.filters.find((filter) => filter.matching !== undefined);
  const others = query.filters.filter((filter) => filter !== indexed);
  const matchesOthers = (index: number) => others.every((filter) => filter.matches(collection, index));
  if (indexed?.matching) return indexed.matching(collection).filter(matchesOthers);
  const matched: number[] = [];
  for (let index = 0; index < collection.size; index++) {
    if (matchesOthers(index)) matched.push(index);
  }
  return matched;
}

/** First position in `matched` whose record id sorts after `after` (binary search: ids are ordered). */
function startAfter<R extends { id: string }>(collection: Collection<R>, matched: readonly number[], after: string): number {
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
 * Cuts one page out of the matches. Pages are keyed on the last id served rather than an offset, so a
 * walk returns every match exactly once and in id order.
 *
 * @example selectPage(dataset.items, matchIndexes(dataset.items, query), query, dataset.meta.version)
 */
export function selectPage<R extends { id: string }>(
  collection: Collection<R>,
  matched: readonly number[],
  query: ListQuery,
  version: string,
): Page<R> {
  const start = query.after === undefined ? 0 : startAfter(collection, matched, query.after);
  const slice = matched.slice(start, start + query.limit);
  const records = slice.map((index) => collection.at(index));
  const last = records[records.length - 1];
  const more = start + slice.length < matched.length;
  return {
    records,
    total: matched.length,
    ...(more && last ? { cursor: encodeCursor({ version, filters: filtersFingerprint(query.canonical), after: last.id }) } : {}),
  };
}
