import type { Meta, Stat } from '../schemas/records.js';
import type { FilterColumns } from './collection.js';
import type { Publisher } from './dataset.js';
import type { RarityLevel } from './export-schemas.js';
import {
  arrayOf,
  boolean,
  count,
  number,
  object,
  optional,
  recordOf,
  scalar,
  string,
  tuple,
  type Shape,
} from './json-shape.js';
import type { KeyedColumns } from './keyed-columns.js';
import type { StoredHistory } from './stored-history.js';
import type { SearchAliases } from './aliases.js';

/**
 * The release file's formats. A writer writes only `SNAPSHOT_FORMAT`; a reader reads its head and
 * the one before's and refuses any other, naming the command that rewrites it. Servers serve a file
 * only with every section they need, which a format-4 file (with no record histories) never has;
 * `upgrade` reads both. A section a later version adds is written not `required`, so that a server
 * of the version before serves the upgraded file (a rolling deploy: upgrade first, then deploy).
 *
 * - 4: sections back to back in a fixed order, their lengths in the header, no checksums.
 * - 5: a table of contents: every section named, with its offset, length, CRC-32 (each block's, for
 *   a section read in blocks), version and whether a reader must know it; the header checked by its
 *   CRC-32 and by a schema.
 */
export const SNAPSHOT_FORMAT = 5;
export const PREVIOUS_SNAPSHOT_FORMAT = 4;

/** What rewrites release files of an earlier format, or an earlier writer, as the current one writes them. */
export const UPGRADE_COMMAND = 'pnpm publish-dataset upgrade';

const MAGIC_LENGTH = 8;
const MAGIC = new TextEncoder().encode(`gdsnap${SNAPSHOT_FORMAT}\n`);

/**
 * The bytes a reader reads before the header: the layout's name (`gdsnap5\n`), the header's length
 * and its CRC-32, each 32-bit little-endian. Format 4's prefix is the first 12 of them.
 */
export const SNAPSHOT_PREFIX_BYTES = MAGIC_LENGTH + 8;

/** Where a release file's header lies, and what it must hash to, from its first bytes. */
export interface SnapshotPrefix {
  format: typeof SNAPSHOT_FORMAT | typeof PREVIOUS_SNAPSHOT_FORMAT;
  headerStart: number;
  headerEnd: number;
  /** The header's CRC-32; format 4 has none. */
  headerCrc32?: number;
}

/**
 * A release file this reader does not serve, as written: not one at all, of another format, or of
 * an earlier writer of the previous format. Its message says why and what to do.
 */
export class SnapshotFormatError extends Error {
  override name = 'SnapshotFormatError';
}

/** Refuses a release file an earlier writer wrote, saying what it lacks and what rewrites it. */
export function olderThanServed(what: string): SnapshotFormatError {
  return new SnapshotFormatError(
    `written by an earlier version (${what}): rewrite it with ${UPGRADE_COMMAND}`,
  );
}

/**
 * Reads a release file's prefix (its first `SNAPSHOT_PREFIX_BYTES`, or the whole file if shorter).
 * Refuses bytes that are not a release file, and a release file of a format this reader does not read.
 */
export function readSnapshotPrefix(prefix: Uint8Array): SnapshotPrefix {
  const match = /^gdsnap(\d+)\n$/.exec(new TextDecoder().decode(prefix.subarray(0, MAGIC_LENGTH)));
  if (!match) throw new SnapshotFormatError('not a release file: it does not start with gdsnap');
  const format = Number(match[1]);
  if (format > SNAPSHOT_FORMAT)
    throw new SnapshotFormatError(
      `written in format ${format}, newer than this version reads (${SNAPSHOT_FORMAT}): serve it with a newer version`,
    );
  if (format !== SNAPSHOT_FORMAT && format !== PREVIOUS_SNAPSHOT_FORMAT)
    throw olderThanServed(
      `format ${format}; this version reads ${PREVIOUS_SNAPSHOT_FORMAT} and ${SNAPSHOT_FORMAT}`,
    );
  const prefixLength = format === SNAPSHOT_FORMAT ? SNAPSHOT_PREFIX_BYTES : MAGIC_LENGTH + 4;
  if (prefix.length < prefixLength) throw new SnapshotFormatError('release file is truncated');
  const view = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  const headerEnd = prefixLength + view.getUint32(MAGIC_LENGTH, true);
  return format === SNAPSHOT_FORMAT
    ? {
        format,
        headerStart: prefixLength,
        headerEnd,
        headerCrc32: view.getUint32(MAGIC_LENGTH + 4, true),
      }
    : { format, headerStart: prefixLength, headerEnd };
}

/** The prefix of a format-5 file whose header is `headerLength` bytes with CRC-32 `headerCrc32`. */
export function writeSnapshotPrefix(headerLength: number, headerCrc32: number): Uint8Array {
  const prefix = new Uint8Array(SNAPSHOT_PREFIX_BYTES);
  prefix.set(MAGIC, 0);
  const view = new DataView(prefix.buffer);
  view.setUint32(MAGIC_LENGTH, headerLength, true);
  view.setUint32(MAGIC_LENGTH + 4, headerCrc32, true);
  return prefix;
}

/**
 * One entry of the table of contents. `required`: a reader that does not know the section, or this
 * version of it, must refuse the file; one that may be skipped says false. `blocks`: a section read
 * in parts lists them in order, each with how many records it holds, its length and its CRC-32.
 * Format 4's sections, found from its fixed order, have no checksums.
 */
export interface SectionEntry {
  name: string;
  version: number;
  required: boolean;
  offset: number;
  length: number;
  crc32?: number;
  blocks?: ReadonlyArray<readonly [records: number, length: number, crc32?: number]>;
}

const SECTION_ENTRY = object({
  name: string,
  version: count,
  required: boolean,
  offset: count,
  length: count,
  crc32: count,
  blocks: optional(arrayOf(tuple(count, count, count))),
});

/** A bulk file as the header describes it; its compressed bytes are in a `bulk` section. */
export interface BulkHeader {
  count: number;
  bytes: number;
  sha256: string;
  brLength: number;
  gzipLength: number;
}

/** Bulk files by collection, in the order of their bytes in a `bulk` section. */
const BULK_FILES = recordOf(
  object({ count, bytes: count, sha256: string, brLength: count, gzipLength: count }),
);

/** What the header holds of one list. */
export interface CollectionHeader {
  ids: readonly string[];
  columns: FilterColumns;
  keyed: KeyedColumns;
  /** The fields whose columns and keyed columns it holds (`indexedFields`). */
  indexed: readonly string[];
  searchNames: readonly string[];
  lengths: readonly number[];
}

const COLLECTION = object({
  ids: arrayOf(string),
  columns: recordOf(arrayOf(scalar)),
  keyed: recordOf(recordOf(object({ positions: arrayOf(count), values: arrayOf(number) }))),
  indexed: arrayOf(string),
  searchNames: arrayOf(string),
  lengths: arrayOf(count),
});

/**
 * What a release file's header holds but its table of contents, in either format read. Format 4
 * gives each section's length here alone; format 5 gives the same lengths, and the table.
 */
export interface SnapshotHeader {
  meta: Meta;
  publisher: Publisher;
  rarities: RarityLevel[];
  stats: Stat[];
  history: StoredHistory;
  /** Each list the release holds, in the order of its sections and its search entries. */
  collections: Record<string, CollectionHeader>;
  sprites: Array<[id: string, etag: string, length: number]>;
  bulk?: Record<string, BulkHeader>;
  /** The records' language, a BCP 47 tag. */
  language: string;
  /** Each language's tag and the length of its translations. */
  translations: Array<[tag: string, length: number]>;
  /** Each translated language's bulk files. */
  translatedBulk: Array<[tag: string, files: Record<string, BulkHeader>]>;
  /** Each translated language's lists: the lengths of its index and of its records. */
  languageLists: Array<[tag: string, indexLength: number, recordsLength: number]>;
  /** Each language's search texts: the lengths of its starts and of its texts. */
  searchTexts: Array<[tag: string, startsLength: number, textsLength: number]>;
  /** The `TEXT_RULES` its search names were folded by; absent before there were any but the first. */
  textRules?: number;
  /** Each language's aliases (`Dataset.aliases`); absent when no record has any. */
  aliases?: SearchAliases;
}

const CHANGE = object({ version: string });

/** The header's shape, checked field by field at load: a header that is not this is refused, naming the field. */
export const SNAPSHOT_HEADER = object({
  meta: object({
    version: string,
    published: string,
    counts: recordOf(count),
    license: string,
    docs: string,
  }),
  publisher: object({}),
  rarities: arrayOf(object({ value: count, name: string })),
  stats: arrayOf(object({ key: string, name: string, cap: optional(number) })),
  history: object({
    base: string,
    changes: arrayOf(CHANGE),
    otherReleases: optional(arrayOf(object({ version: string, change: CHANGE }))),
  }),
  collections: recordOf(COLLECTION),
  sprites: arrayOf(tuple(string, string, count)),
  bulk: optional(BULK_FILES),
  language: string,
  translations: arrayOf(tuple(string, count)),
  translatedBulk: arrayOf(tuple(string, BULK_FILES)),
  languageLists: arrayOf(tuple(string, count, count)),
  searchTexts: arrayOf(tuple(string, count, count)),
  textRules: optional(count),
  aliases: optional(recordOf(recordOf(recordOf(arrayOf(string))))),
});

/** A format-5 header: the fields above, its format, and the table of contents. */
export const CURRENT_HEADER: Shape = {
  expected: 'an object',
  find: (value) =>
    object({ format: count, sections: arrayOf(SECTION_ENTRY) }).find(value) ??
    SNAPSHOT_HEADER.find(value),
};
