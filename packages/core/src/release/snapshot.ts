import { REGISTRY } from '../collections/collections.js';
import { requireEveryList, type Registry } from '../collections/registry.js';
import type { Dataset, GameDataset } from '../dataset/dataset.js';
import type { BlockCodec } from '../dataset/record-blocks.js';
import {
  readSnapshot,
  readSnapshotHead,
  writeSnapshot,
  type SnapshotRest,
} from '../dataset/snapshot.js';
import { SnapshotFormatError } from '../dataset/snapshot-format.js';
import { bulkRecords } from '../language/bulk-records.js';
import { readFormerSnapshot } from './former-snapshot.js';
import { publishedLanguages } from './language-lists.js';
import { publishedSearchTexts } from './search-texts.js';
import { historySections, recordHistoryOf } from '../history/dataset-history.js';
import type { RecordHistory } from '../history/record-history.js';

/**
 * Writes a loaded dataset as one snapshot (`writeSnapshot`), with what publishing works out from it:
 * each language's search texts and, with `codec`, each translated language's lists as they read in it.
 *
 * @example
 * const result = loadDataset(source);
 * if (result.ok) await writeFile('dataset.snapshot', encodeSnapshot(result.dataset, { deflate: deflateRawSync, inflate: inflateRawSync }));
 */
export function encodeSnapshot(dataset: Dataset, codec?: BlockCodec): Uint8Array<ArrayBuffer> {
  return writeSnapshot(dataset, {
    ...(codec ? { languages: publishedLanguages(dataset, codec.deflate) } : {}),
    searchTexts: publishedSearchTexts(dataset),
    recordHistory: historySections(recordHistoryOf(dataset), dataset, codec?.deflate),
  });
}

/**
 * Reads a snapshot written by `encodeSnapshot` back into a dataset (`readSnapshot`): a translated bulk
 * file's uncompressed bytes are remade from the records as `lang` serves them (`bulkRecords`). Without
 * a registry, as the API's own dataset, refused unless it holds each of the API's own lists; with one,
 * the lists of `registry` it holds — a release written before a list was added is read without it.
 *
 * @example const dataset = decodeSnapshot(new Uint8Array(readFileSync('dataset.snapshot')));
 */
export function decodeSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  rest?: SnapshotRest,
  codec?: BlockCodec,
): GameDataset;
export function decodeSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  rest: SnapshotRest | undefined,
  codec: BlockCodec | undefined,
  registry: Registry,
): Dataset;
export function decodeSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  rest?: SnapshotRest,
  codec?: BlockCodec,
  registry?: Registry,
): Dataset {
  const dataset = readSnapshot(
    bytes,
    rest,
    codec,
    (dataset, tag, collection) => bulkRecords(dataset)(tag, collection),
    registry ?? REGISTRY,
  );
  if (registry === undefined) requireEveryList(dataset, REGISTRY);
  return dataset;
}

/**
 * A release file as the current writer writes it (`encodeSnapshot`), from one written by any earlier
 * writer: a file servers read is read as they do, any other of format 4 as it was written
 * (`readFormerSnapshot`); what it lacks is worked out from its records, and its content, bulk files
 * and stored history are kept as they are. A file the current writer wrote comes back byte for byte:
 * that is how `pnpm publish-dataset upgrade` tells which releases to rewrite. A file without a record
 * history gets `recordHistory`'s, which only its releases directory can tell (a first release's
 * without it).
 */
export function rewriteSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  codec: BlockCodec,
  registry: Registry = REGISTRY,
  recordHistory?: (dataset: Dataset) => RecordHistory,
): Uint8Array<ArrayBuffer> {
  let read: { dataset: Dataset; history: unknown };
  try {
    // As stored, not as served: serving leaves out entries written before sprites joined the feed.
    read = {
      dataset: decodeSnapshot(bytes, undefined, codec, registry),
      history: readSnapshotHead(bytes).header.history,
    };
  } catch (error) {
    if (!(error instanceof SnapshotFormatError)) throw error;
    read = readFormerSnapshot(bytes, registry);
  }
  const dataset = { ...read.dataset, history: read.history as Dataset['history'] };
  if (!dataset.recordHistory && recordHistory) dataset.recordHistory = recordHistory(dataset);
  return encodeSnapshot(dataset, codec);
}
