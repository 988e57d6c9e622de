import { COLLECTION_NAMES } from '../collections/list-names.js';
import type { Dataset } from '../dataset/dataset.js';
import type { BulkFileEntry, CollectionMeta, ReleaseChange, Stat } from '../schemas/records.js';
import type { Page } from './select-page.js';

/** spec §4, "Response shapes": a collection. */
export interface ListBody<R> {
  data: readonly R[];
  meta: CollectionMeta;
}

/**
 * The body of one list page: its records, and `meta` with the total, the count and — while more
 * matches remain — the cursor (spec §4, "Pagination rules").
 *
 * @example listBody({ records: [], total: 0 }) // { data: [], meta: { total: 0, count: 0 } }
 */
export function listBody<R>(page: Page<R>): ListBody<R> {
  return { data: page.records, meta: { total: page.total, count: page.records.length, ...(page.cursor ? { cursor: page.cursor } : {}) } };
}

/**
 * The body of one record (spec §4: `{ data: <resource> }`).
 *
 * @example recordBody(item) // { data: item }
 */
export function recordBody<R>(record: R): { data: R } {
  return { data: record };
}

/**
 * The stat vocabulary: small and unpaginated, so one page holding every stat, without a cursor.
 *
 * @example statsBody(dataset.stats).meta // { total: 42, count: 42 }
 */
export function statsBody(stats: readonly Stat[]): ListBody<Stat> {
  return listBody({ records: stats, total: stats.length });
}

/**
 * The releases after a version, oldest first: one unpaginated page, as the stat vocabulary.
 *
 * @example changesBody([]) // { data: [], meta: { total: 0, count: 0 } }
 */
export function changesBody(changes: readonly ReleaseChange[]): ListBody<ReleaseChange> {
  return listBody({ records: changes, total: changes.length });
}

/**
 * `/v1/bulk`: each collection's bulk file, with the URL that names this version; none for a dataset
 * that was never published as a release.
 *
 * @example bulkIndexBody(dataset).data[0]?.url // '/v1/bulk/items.json?version=2026-11-22.1'
 */
export function bulkIndexBody({ bulk, meta: { version } }: Dataset): ListBody<BulkFileEntry> {
  const entries = bulk
    ? COLLECTION_NAMES.map((collection) => {
        const { count, bytes, sha256 } = bulk[collection];
        return { collection, version, count, bytes, sha256, url: `/v1/bulk/${collection}.json?version=${version}` };
      })
    : [];
  return listBody({ records: entries, total: entries.length });
}
