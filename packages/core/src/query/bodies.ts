import type { BulkFiles } from '../dataset/bulk.js';
import type { Dataset } from '../dataset/dataset.js';
import type {
  BulkFileEntry,
  CollectionMeta,
  ReleaseChange,
  SqliteFile,
  Stat,
} from '../schemas/records.js';
import { joinJsonArray, type PickedMembers } from '../json-bytes.js';
import type { Page, PagePositions } from './select-page.js';

/** A collection's body, `{ data, meta }` (README, "API overview"). */
export interface ListBody<R> {
  data: readonly R[];
  meta: CollectionMeta;
}

/**
 * The body of one list page: its records, and `meta` with the total, the count and — while more
 * matches remain — the cursor (README, "Choices the contract leaves open", Cursors row).
 *
 * @example listBody({ records: [], total: 0 }) // { data: [], meta: { total: 0, count: 0 } }
 */
export function listBody<R>(page: Page<R>): ListBody<R> {
  return { data: page.records, meta: collectionMeta(page.total, page.records.length, page.cursor) };
}

function collectionMeta(total: number, count: number, cursor: string | undefined): CollectionMeta {
  return { total, count, ...(cursor ? { cursor } : {}) };
}

const encoder = new TextEncoder();
const DATA_OPENING = encoder.encode('{"data":');

/**
 * The body of one list page written from its records' stored JSON (`collection.json`): byte for byte
 * what `JSON.stringify(listBody(page))` writes, without parsing a record or serialising it again.
 *
 * @example listBodyBytes(selectPositions(items, matched, query, version), items.json)
 */
export function listBodyBytes(
  page: PagePositions,
  json: (index: number) => Uint8Array | PickedMembers,
): Uint8Array<ArrayBuffer> {
  const meta = collectionMeta(page.total, page.indexes.length, page.cursor);
  return joinJsonArray(
    page.indexes.map(json),
    DATA_OPENING,
    encoder.encode(`,"meta":${JSON.stringify(meta)}}`),
  );
}

/**
 * The body of one record, `{ data: <resource> }` (README, "API overview").
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
 * that was never published as a release. The default language's five come first, as they always
 * have, then each translated language's, in the order /v1/languages lists them; each entry names its
 * `language`, and a translated file's URL asks for it with `lang`. Then the release's SQLite file, when
 * it has one (`sqlite`). The URLs start with `prefix`, where the app is mounted.
 *
 * @example bulkIndexBody(dataset).data[0]?.url // '/v1/bulk/items.json?version=2026-11-22.1'
 * @example bulkIndexBody(dataset).data[5]?.url // '/v1/bulk/items.json?version=2026-11-22.1&lang=de'
 * @example bulkIndexBody(dataset).sqlite?.url // '/v1/sqlite/gamedata-2026-11-22.1.sqlite'
 */
export function bulkIndexBody(
  { bulk, translatedBulk = {}, translations, language, meta: { version }, database }: Dataset,
  prefix = '',
): ListBody<BulkFileEntry> & { sqlite?: SqliteFile } {
  const entriesOf = (files: BulkFiles, tag: string, query: string): BulkFileEntry[] =>
    Object.entries(files).map(([collection, { count, bytes, sha256 }]) => {
      return {
        collection: collection as BulkFileEntry['collection'],
        language: tag,
        version,
        count,
        bytes,
        sha256,
        url: `${prefix}/v1/bulk/${collection}.json?version=${version}${query}`,
      };
    });
  const entries = bulk
    ? [
        ...entriesOf(bulk, language, ''),
        ...Object.keys(translations).flatMap((tag) => {
          const files = translatedBulk[tag];
          return files ? entriesOf(files, tag, `&lang=${tag}`) : [];
        }),
      ]
    : [];
  const body = listBody({ records: entries, total: entries.length });
  if (!database) return body;
  const { file, bytes, sha256, schema } = database;
  return {
    ...body,
    sqlite: { file, version, bytes, sha256, schema, url: `${prefix}/v1/sqlite/${file}` },
  };
}
