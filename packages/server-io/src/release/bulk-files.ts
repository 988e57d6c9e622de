import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  bulkRecords,
  COLLECTION_NAMES,
  type BulkFile,
  type BulkFiles,
  type BulkRecords,
  type Dataset,
} from '@gamedata/core';
import { sha256 } from './content-hashes.js';

/**
 * Brotli quality 9 with a 16 MB window: within a few percent of quality 11 at a tenth of its time, so
 * a 100,000-item file compresses in seconds. It is done once per release; every download reuses it.
 */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 9,
    [constants.BROTLI_PARAM_LGWIN]: 24,
  },
};

/** Bulk files already compressed, by the SHA-256 of their uncompressed bytes. */
type CompressedFiles = ReadonlyMap<string, BulkFile>;

/**
 * One bulk file: the records as one JSON array, its SHA-256, and its br and gzip forms, taken from
 * `compressed` when a file there has the same bytes (compressing them again would give the same).
 */
function bulkFile(records: readonly object[], compressed: CompressedFiles): BulkFile {
  const identity = new TextEncoder().encode(JSON.stringify(records));
  const hash = sha256(identity);
  const same = compressed.get(hash);
  return {
    count: records.length,
    bytes: identity.length,
    sha256: hash,
    identity: () => identity,
    br: same
      ? same.br
      : new Uint8Array(
          brotliCompressSync(identity, {
            ...BROTLI_OPTIONS,
            params: {
              ...BROTLI_OPTIONS.params,
              [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
            },
          }),
        ),
    gzip: same ? same.gzip : new Uint8Array(gzipSync(identity, { level: 9 })),
  };
}

/** Each collection's bulk file in one language of the release. */
function filesIn(records: BulkRecords, tag: string, compressed: CompressedFiles): BulkFiles {
  return Object.fromEntries(
    COLLECTION_NAMES.map((name) => [name, bulkFile(records(tag, name), compressed)]),
  ) as unknown as BulkFiles;
}

/** Every bulk file of a release, in every language, by its SHA-256. */
function compressedIn(release: Dataset | undefined): CompressedFiles {
  const files = new Map<string, BulkFile>();
  for (const language of [release?.bulk, ...Object.values(release?.translatedBulk ?? {})])
    for (const file of Object.values(language ?? {})) files.set(file.sha256, file);
  return files;
}

/** A release's bulk files: the default language's, and each translated language's by its tag. */
export interface ReleaseBulkFiles {
  bulk: BulkFiles;
  /** Empty for a release without translations. */
  translatedBulk: Record<string, BulkFiles>;
}

/**
 * Each collection's bulk file of a dataset about to be published, in the default language and in
 * each language it translates into: its records as the API serves them in that language
 * (`bulkRecords`) as one JSON array, its SHA-256, and its br and gzip forms, compressed here once so
 * that no request ever compresses one. A file whose bytes are those of one in `previous` (the release
 * it follows) reuses that one's compressed forms: a release that changes one collection compresses
 * only that collection's files.
 *
 * @example bulkFiles(dataset).bulk.items.count // 1203
 * @example bulkFiles(dataset).translatedBulk.de?.items.sha256 // the German file's
 */
export function bulkFiles(dataset: Dataset, previous?: Dataset): ReleaseBulkFiles {
  const records = bulkRecords(dataset);
  const compressed = compressedIn(previous);
  return {
    bulk: filesIn(records, dataset.language, compressed),
    translatedBulk: Object.fromEntries(
      Object.keys(dataset.translations).map((tag) => [tag, filesIn(records, tag, compressed)]),
    ),
  };
}
