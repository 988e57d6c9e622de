import { constants } from 'node:zlib';
import {
  bulkRecords,
  collectionNames,
  type BulkFile,
  type BulkFiles,
  type BulkRecords,
  type Dataset,
} from '@gamedata/core';
import { brotliLater, gzipLater } from './compress-later.js';
import { sha256 } from './content-hashes.js';

/**
 * Brotli quality 9 with a 16 MB window: within a few percent of quality 11 at a tenth of its time, so
 * a 100,000-item file compresses in seconds. It is done once per release; every download reuses it.
 */
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 9,
  [constants.BROTLI_PARAM_LGWIN]: 24,
};

/** A bulk file's compressed forms. */
type CompressedForms = Pick<BulkFile, 'br' | 'gzip'>;

/** Bulk files already compressed, by the SHA-256 of their uncompressed bytes. */
type CompressedFiles = ReadonlyMap<string, CompressedForms>;

/** The most compressed bytes `compressedHere` holds: past it, it is emptied and fills again. */
const COMPRESSED_HERE_BYTES = 64 * 1024 * 1024;

/**
 * The files this process has compressed, by the SHA-256 of their bytes: a process that publishes
 * several releases (a script, a test suite) compresses each distinct file once, whatever release
 * or location it publishes to.
 */
const compressedHere = new Map<string, CompressedForms>();
let bytesHere = 0;

function keep(hash: string, forms: CompressedForms): void {
  const size = forms.br.length + forms.gzip.length;
  if (size > COMPRESSED_HERE_BYTES) return;
  if (bytesHere + size > COMPRESSED_HERE_BYTES) {
    compressedHere.clear();
    bytesHere = 0;
  }
  compressedHere.set(hash, forms);
  bytesHere += size;
}

/** Compressions under way, by the SHA-256 of their bytes: two files alike (two empty lists) are compressed once. */
const compressing = new Map<string, Promise<CompressedForms>>();

/**
 * The br and gzip forms of `identity`: compressed off the main thread (`brotliLater`) unless
 * `compressed` or this process has them, or is making them.
 */
function formsOf(
  identity: Uint8Array,
  hash: string,
  compressed: CompressedFiles,
): Promise<CompressedForms> {
  const known = compressed.get(hash) ?? compressedHere.get(hash);
  if (known) return Promise.resolve({ br: known.br, gzip: known.gzip });
  const underway = compressing.get(hash);
  if (underway) return underway;
  const forms = Promise.all([
    brotliLater(identity, {
      ...BROTLI_PARAMS,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    }),
    gzipLater(identity, 9),
  ])
    .then(([br, gzip]) => {
      keep(hash, { br, gzip });
      return { br, gzip };
    })
    .finally(() => compressing.delete(hash));
  compressing.set(hash, forms);
  return forms;
}

/**
 * One bulk file: the records as one JSON array, its SHA-256, and its br and gzip forms, taken from
 * `compressed` or this process's earlier work when a file there has the same bytes (compressing them
 * again would give the same).
 */
async function bulkFile(
  records: readonly object[],
  compressed: CompressedFiles,
): Promise<BulkFile> {
  const identity = new TextEncoder().encode(JSON.stringify(records));
  const hash = sha256(identity);
  const forms = formsOf(identity, hash, compressed);
  return {
    count: records.length,
    bytes: identity.length,
    sha256: hash,
    identity: () => identity,
    ...(await forms),
  };
}

/** Each collection's bulk file in one language of the release. */
async function filesIn(
  names: readonly string[],
  records: BulkRecords,
  tag: string,
  compressed: CompressedFiles,
): Promise<BulkFiles> {
  const files = await Promise.all(names.map((name) => bulkFile(records(tag, name), compressed)));
  return Object.fromEntries(names.map((name, i) => [name, files[i] as BulkFile]));
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
 * only that collection's files. Every file's JSON is made before this returns; their compression goes
 * on off the main thread (`gzipLater`), so a caller can write the SQLite file meanwhile.
 *
 * @example (await bulkFiles(dataset)).bulk.items.count // 1203
 * @example (await bulkFiles(dataset)).translatedBulk.de?.items.sha256 // the German file's
 */
export async function bulkFiles(dataset: Dataset, previous?: Dataset): Promise<ReleaseBulkFiles> {
  const records = bulkRecords(dataset);
  const compressed = compressedIn(previous);
  const names = collectionNames(dataset.registry);
  const tags = Object.keys(dataset.translations);
  // Every file's JSON made now; their compression goes on while the caller does other work.
  const [bulk, ...translated] = await Promise.all(
    [dataset.language, ...tags].map((tag) => filesIn(names, records, tag, compressed)),
  );
  return {
    bulk: bulk as BulkFiles,
    translatedBulk: Object.fromEntries(tags.map((tag, i) => [tag, translated[i] as BulkFiles])),
  };
}
