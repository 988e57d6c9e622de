import {
  COLLECTION_NAMES,
  LIST_NAMES,
  type CollectionName,
  type ListName,
} from '../collections/list-names.js';
import { joinJsonArray } from '../json-bytes.js';
import type { BulkFile, BulkFiles } from './bulk.js';
import type { Ability, Follower, Item, Meta, Relic, Stat } from '../schemas/records.js';
import { COLLECTIONS } from '../collections/collections.js';
import {
  columnFields,
  indexedFields,
  keyedNumbers,
  type CollectionDescriptor,
} from '../collections/descriptor.js';
import {
  compareIds,
  filterColumnsOf,
  findById,
  type Collection,
  type FilterColumns,
} from './collection.js';
import { keyedColumnsOf, type KeyedColumns } from './keyed-columns.js';
import {
  decodeSearchTexts,
  encodeSearchTexts,
  type PublishedSearchTexts,
  type SearchTextsHeader,
} from './snapshot-search.js';
import { recordBlocks, type BlockCodec, type Section, type SectionAt } from './record-blocks.js';
import {
  decodeLanguageLists,
  encodeLanguageLists,
  type LanguageListsHeader,
  type PublishedLanguage,
} from './snapshot-languages.js';
import type { Dataset, Publisher, Sprite } from './dataset.js';
import { createNameIndex } from './name-index.js';
import type { RarityLevel } from './export-schemas.js';
import { servableHistory, type StoredHistory } from './stored-history.js';
import { DEFAULT_LANGUAGE, type LanguageTranslations, type Translations } from './translations.js';

/**
 * A dataset snapshot is a validated dataset written once at build time, so that a cold process (a
 * Lambda instance) can load it without reading hundreds of files or validating again, and without
 * parsing a record before it is served:
 *
 *   8 bytes   MAGIC (names the layout; a reader refuses any other)
 *   4 bytes   length of the header, unsigned little-endian
 *   header    UTF-8 JSON: meta, rarities, stats, release history; per collection, the records' ids, filterable fields
 *             (column by column), search names and JSON byte lengths; per sprite, [id, etag, length]
 *   records   every record's UTF-8 JSON, back to back, collection by collection in LIST_NAMES order
 *   sprites   every sprite's PNG bytes, back to back, in header order
 *   bulk      when the dataset has bulk files: per collection in COLLECTION_NAMES order, its br then its
 *             gzip bytes (the uncompressed file is made from the records when first asked for)
 *   translations  when the dataset has any: per language in header order, its UTF-8 JSON, parsed
 *             when first used (a server that serves only the default language never parses it)
 *   translated bulk  when the dataset has bulk files per language: per language in header order, per
 *             collection in COLLECTION_NAMES order, its br then its gzip bytes (the uncompressed file is
 *             made from the records in that language when first asked for)
 *   language lists  when the dataset has translations: per language in header order, an index (each
 *             record's JSON length, the records that fall back, the names, and the stats in that
 *             language) and then every record's UTF-8 JSON in that language, list by list in
 *             LIST_NAMES order: a server reads a language's lists and stats as it reads the default
 *             one's, without its translations
 *   search texts  per language, the default first: each record's hit as `/v1/search` writes it,
 *             read on the language's first search instead of every record (`encodeSearchTexts`)
 *
 * Each section after the sprites is optional, and its absence from the header says so: a snapshot
 * written before a section existed reads as a dataset without it.
 *
 * The prefix and the header are the snapshot's head: what a server needs to answer lists, filters
 * and searches. Every section after it is needed only by the requests that use it, so a server may
 * leave them on disk and read each when first used (`SnapshotRest`): the records in blocks of about
 * `RECORD_BLOCK_BYTES`, the sprites at once, each language's bulk files and its text. A large
 * release is then ready sooner and holds less.
 */
const MAGIC = new TextEncoder().encode('gdsnap4\n');
/** The bytes before a snapshot's header: its layout's name, and the header's length. */
export const SNAPSHOT_PREFIX_BYTES = MAGIC.length + 4;
const PREFIX_BYTES = SNAPSHOT_PREFIX_BYTES;
interface CollectionHeader {
  ids: readonly string[];
  columns: FilterColumns;
  /** Absent from snapshots written before keyed columns. */
  keyed?: KeyedColumns;
  /**
   * The fields whose columns and keyed columns the header holds (`indexedFields`). A reader whose
   * descriptor indexes a field not among them (a field that became a filter since, or a snapshot
   * written before this list) works both out again from the records.
   */
  indexed?: string[];
  searchNames: readonly string[];
  lengths: number[];
}

/** A bulk file as the header describes it; its compressed bytes follow the sprites. */
interface BulkHeader {
  count: number;
  bytes: number;
  sha256: string;
  brLength: number;
  gzipLength: number;
}

interface SnapshotHeader {
  meta: Meta;
  /** Absent from snapshots written before the manifest could name a licence id and a contact. */
  publisher?: Publisher;
  rarities: RarityLevel[];
  stats: Stat[];
  history: StoredHistory;
  collections: Record<ListName, CollectionHeader>;
  sprites: Array<[id: string, etag: string, length: number]>;
  bulk?: Record<CollectionName, BulkHeader>;
  /** The records' language; absent for the default, `en`, and from snapshots written before languages. */
  language?: string;
  /** Each language's tag and the length of its JSON; absent without translations. */
  translations?: Array<[tag: string, length: number]>;
  /** Each translated language's tag and bulk files; absent without them, and from snapshots written before them. */
  translatedBulk?: Array<[tag: string, files: Record<CollectionName, BulkHeader>]>;
  /** Each translated language's lists as published (`encodeLanguageLists`); absent without translations, and from snapshots written before them. */
  languageLists?: LanguageListsHeader;
  /** Each language's search texts (`encodeSearchTexts`); absent from snapshots written before them. */
  searchTexts?: SearchTextsHeader;
}

/** The header of a language's bulk files, and their compressed bytes in the order the snapshot holds them. */
function bulkSection(files: BulkFiles, parts: Uint8Array[]): Record<CollectionName, BulkHeader> {
  const header = {} as Record<CollectionName, BulkHeader>;
  for (const name of COLLECTION_NAMES) {
    const { count, bytes, sha256, br, gzip } = files[name];
    header[name] = { count, bytes, sha256, brLength: br.length, gzipLength: gzip.length };
    parts.push(br, gzip);
  }
  return header;
}

/**
 * `value` as JSON in ASCII alone: every character past `~` written as its `\u` escape. A header with
 * a single other character decodes to a string of two bytes per character, twice the memory a
 * server fills and the garbage collector copies while it parses the header at start.
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\0-~]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * What a snapshot stores but the codec does not make: publishing works them out from the dataset
 * (`encodeSnapshot` in `release/`), with the languages' and search's own code.
 */
export interface PublishedSections {
  /** Each translated language's lists as they read in it; absent, the snapshot holds none. */
  languages?: readonly PublishedLanguage[];
  /** Each language's search texts, the default first. */
  searchTexts: readonly PublishedSearchTexts[];
}

/**
 * Writes a loaded dataset, and what publishing made of it, as one snapshot. Only what `loadDataset`
 * kept is written — public records and sprites — so a snapshot holds nothing the API would not serve.
 */
export function writeSnapshot(
  dataset: Dataset,
  published: PublishedSections,
): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const sprites = [...dataset.sprites].sort(([a], [b]) => compareIds(a, b));
  const recordBytes: Uint8Array[] = [];
  const collections = {} as SnapshotHeader['collections'];
  for (const list of LIST_NAMES) {
    const { ids, columns, keyed, searchNames, records }: Collection<{ id: string }> = dataset[list];
    const encoded = records.map((record) => encoder.encode(JSON.stringify(record)));
    recordBytes.push(...encoded);
    collections[list] = {
      ids,
      columns,
      keyed,
      indexed: indexedFields(COLLECTIONS[list] as unknown as CollectionDescriptor<{ id: string }>),
      searchNames,
      lengths: encoded.map((bytes) => bytes.length),
    };
  }
  const header: SnapshotHeader = {
    meta: dataset.meta,
    publisher: dataset.publisher,
    rarities: [...dataset.rarities],
    stats: [...dataset.stats],
    history: dataset.history,
    collections,
    sprites: sprites.map(([id, sprite]) => [id, sprite.etag, sprite.bytes.length]),
  };
  const bulkParts: Uint8Array[] = [];
  if (dataset.bulk) header.bulk = bulkSection(dataset.bulk, bulkParts);
  // Each only when it says something, so that a dataset without them is written as before.
  if (dataset.language !== DEFAULT_LANGUAGE) header.language = dataset.language;
  const translationParts = Object.entries(dataset.translations).map(
    ([tag, language]) => [tag, encoder.encode(JSON.stringify(language))] as const,
  );
  if (translationParts.length > 0)
    header.translations = translationParts.map(([tag, bytes]) => [tag, bytes.length]);
  const translatedBulkParts: Uint8Array[] = [];
  const translatedBulk = Object.entries(dataset.translatedBulk ?? {});
  if (translatedBulk.length > 0)
    header.translatedBulk = translatedBulk.map(([tag, files]) => [
      tag,
      bulkSection(files, translatedBulkParts),
    ]);
  const languageLists = encodeLanguageLists(published.languages ?? [], asciiJson);
  if (languageLists.header.length > 0) header.languageLists = languageLists.header;
  const searchTexts = encodeSearchTexts(published.searchTexts);
  header.searchTexts = searchTexts.header;
  const headerBytes = encoder.encode(asciiJson(header));
  const parts = [
    ...recordBytes,
    ...sprites.map(([, sprite]) => sprite.bytes),
    ...bulkParts,
    ...translationParts.map(([, bytes]) => bytes),
    ...translatedBulkParts,
    ...languageLists.parts,
    ...searchTexts.parts,
  ];
  const out = new Uint8Array(
    PREFIX_BYTES + headerBytes.length + parts.reduce((sum, part) => sum + part.length, 0),
  );
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.length, headerBytes.length, true);
  out.set(headerBytes, PREFIX_BYTES);
  let offset = PREFIX_BYTES + headerBytes.length;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Where a snapshot's header ends, read from its first `SNAPSHOT_PREFIX_BYTES` bytes; bytes that are
 * not a snapshot of this layout are refused.
 */
export function snapshotHeaderEnd(prefix: Uint8Array): number {
  if (prefix.length < PREFIX_BYTES || MAGIC.some((byte, i) => prefix[i] !== byte)) {
    throw new Error(
      'not a dataset snapshot of this version (publish the export again to rewrite it)',
    );
  }
  return (
    PREFIX_BYTES +
    new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(MAGIC.length, true)
  );
}

/** A snapshot's parsed header, and where its head (prefix and header) ends. */
export interface SnapshotHead {
  /** Bytes from the snapshot's start to the end of its header. */
  readonly length: number;
  /** @internal The header, handed to `readSnapshot` so that it is parsed once. */
  readonly header: unknown;
}

/**
 * Reads a snapshot's header from its first bytes (at least up to `snapshotHeaderEnd`): for a reader
 * that holds only the head.
 */
export function readSnapshotHead(start: Uint8Array): SnapshotHead {
  const headerEnd = snapshotHeaderEnd(start);
  if (headerEnd > start.length) throw new Error('dataset snapshot is truncated');
  return {
    length: headerEnd,
    header: JSON.parse(new TextDecoder().decode(start.subarray(PREFIX_BYTES, headerEnd))),
  };
}

/**
 * The part of a snapshot past its head, left where it is (on disk) and read when first used: `read`
 * gives `length` bytes from `offset`, counted from the snapshot's start.
 */
export interface SnapshotRest {
  /** The parsed header (`readSnapshotHead`), so that it is not parsed again. */
  head: SnapshotHead;
  /** The whole snapshot's size, in bytes. */
  size: number;
  read(offset: number, length: number): Uint8Array<ArrayBuffer>;
}

/** A collection read from a snapshot: it always keeps its records' JSON. */
type SnapshotCollection<T extends { id: string }> = Collection<T> & {
  json(index: number): Uint8Array;
};

/**
 * A collection whose records stay bytes: one asked for is parsed then, and not kept (a page of ever-new
 * queries would otherwise come to hold every record parsed, for good), unless every record was asked
 * for at once (`records`). Its records, from `start`, are read in blocks (`recordBlocks`).
 */
function lazyCollection<T extends { id: string; name: string }>(
  list: ListName,
  header: CollectionHeader,
  start: number,
  section: SectionAt,
): SnapshotCollection<T> {
  const stored = recordBlocks<T>(header.lengths, start, section);
  const count = header.lengths.length;
  let all: readonly T[] | undefined;
  const at = (index: number): T => (all ? (all[index] as T) : stored.at(index));
  // What the header lacks (a snapshot written before a field was indexed) is worked out from the
  // records, once, when first read: a column per field it does not name, the keyed columns if absent.
  const descriptor = COLLECTIONS[list] as unknown as CollectionDescriptor<T>;
  const held = header.indexed ?? Object.keys(header.columns);
  const missing = columnFields(descriptor).filter((field) => !held.includes(field));
  const records = () => Array.from({ length: count }, (_, index) => at(index));
  let columns: FilterColumns | undefined = missing.length === 0 ? header.columns : undefined;
  let keyed = header.keyed;
  return {
    size: header.ids.length,
    at,
    json: stored.json,
    scanJson: stored.scan,
    get: (id) => findById(header.ids, id, at),
    ids: header.ids,
    get columns() {
      return (columns ??= { ...header.columns, ...filterColumnsOf(records(), missing) });
    },
    get keyed() {
      return (keyed ??= keyedColumnsOf(records(), keyedNumbers(descriptor)));
    },
    searchNames: header.searchNames,
    nameIndex: createNameIndex(header.searchNames),
    get records() {
      return (all ??= Array.from({ length: header.ids.length }, (_, index) => at(index)));
    },
  };
}

/**
 * The records of one collection's bulk file in one language of `dataset`, as `lang` serves them: what
 * a translated file's uncompressed bytes are remade from (`bulkRecords` in `language/`).
 */
export type TranslatedRecords = (
  dataset: Dataset,
  tag: string,
  collection: CollectionName,
) => readonly object[];

/**
 * Reads a snapshot written by `writeSnapshot` back into a dataset. It does not validate the records
 * again — that happened before the snapshot was written — and parses a record only when it is first
 * used, but refuses bytes that are not a whole snapshot of this layout. Sprite bytes are views into
 * `bytes`, not copies.
 *
 * `bytes` is the whole snapshot, or, with `rest`, its head alone: every section past it (a block of
 * records, the sprites, a language's bulk files or text) is then read with `rest.read` when first
 * used, once. With `codec`, a language's lists are read as published (`Dataset.localized`); without,
 * its records are translated as they are read. A translated bulk file's uncompressed bytes are made
 * from `translatedRecords` when first asked for.
 */
export function readSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  rest: SnapshotRest | undefined,
  codec: BlockCodec | undefined,
  translatedRecords: TranslatedRecords,
): Dataset {
  let offset = snapshotHeaderEnd(bytes);
  if (offset > bytes.length) throw new Error('dataset snapshot is truncated');
  const header = (rest?.head.header ??
    JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, offset)))) as SnapshotHeader;
  const snapshotSize = rest?.size ?? bytes.length;
  /** `length` bytes from `start`: a view of `bytes` when it holds them, else read from the rest on first use. */
  const section = (start: number, length: number): Section => {
    if (start + length <= bytes.length) {
      const view = bytes.subarray(start, start + length);
      return () => view;
    }
    if (!rest || start + length > snapshotSize) throw new Error('dataset snapshot is truncated');
    let read: Uint8Array<ArrayBuffer> | undefined;
    return (keep = true) =>
      keep ? (read ??= rest.read(start, length)) : (read ?? rest.read(start, length));
  };

  // Records sit collection by collection in LIST_NAMES order: each starts where the one before ended.
  const starts = {} as Record<ListName, number>;
  for (const list of LIST_NAMES) {
    const { ids, columns, searchNames, lengths } = header.collections[list];
    const sizes = [
      lengths.length,
      searchNames.length,
      ...Object.values(columns).map((column) => column.length),
    ];
    if (sizes.some((size) => size !== ids.length))
      throw new Error(`dataset snapshot is corrupt: ${list} columns disagree in length`);
    starts[list] = offset;
    offset += lengths.reduce((sum, length) => sum + length, 0);
  }
  const collection = <T extends { id: string; name: string }>(list: ListName) =>
    lazyCollection<T>(list, header.collections[list], starts[list], section);
  const lists = {
    items: collection<Item>('items'),
    abilities: collection<Ability>('abilities'),
    relics: collection<Relic>('relics'),
    followers: collection<Follower>('followers'),
  };

  // The sprites are one section, read when the first of them is served.
  const spritesStart = offset;
  const spriteSection = section(
    offset,
    header.sprites.reduce((total, [, , length]) => total + length, 0),
  );
  const sprites = new Map<string, Sprite>();
  for (const [id, etag, length] of header.sprites) {
    const start = offset - spritesStart;
    let view: Uint8Array<ArrayBuffer> | undefined;
    sprites.set(id, {
      etag,
      get bytes() {
        return (view ??= spriteSection().subarray(start, start + length));
      },
    });
    offset += length;
  }

  /**
   * One language's bulk files: their compressed bytes, one section from `offset` on (read when one of
   * them is first sent), the uncompressed ones made by `identityOf` on first use.
   */
  const bulkFilesAt = (
    files: Record<CollectionName, BulkHeader>,
    identityOf: (name: CollectionName) => Uint8Array<ArrayBuffer>,
  ): BulkFiles => {
    const start = offset;
    const length = COLLECTION_NAMES.reduce(
      (total, name) => total + files[name].brLength + files[name].gzipLength,
      0,
    );
    const block = section(start, length);
    offset += length;
    const read = {} as Record<CollectionName, BulkFile>;
    let at = 0;
    for (const name of COLLECTION_NAMES) {
      const { count, bytes: fileSize, sha256, brLength, gzipLength } = files[name];
      const [brAt, gzipAt] = [at, at + brLength];
      at += brLength + gzipLength;
      let identity: Uint8Array<ArrayBuffer> | undefined;
      read[name] = {
        count,
        bytes: fileSize,
        sha256,
        get br() {
          return block().subarray(brAt, brAt + brLength);
        },
        get gzip() {
          return block().subarray(gzipAt, gzipAt + gzipLength);
        },
        identity: () => (identity ??= identityOf(name)),
      };
    }
    return read;
  };
  // A list's file joins its records' JSON as stored; the stats' is written from the header's stats.
  const bulk = header.bulk
    ? bulkFilesAt(header.bulk, (name) => {
        if (name === 'stats') return new TextEncoder().encode(JSON.stringify(header.stats));
        const list = lists[name];
        return joinJsonArray(Array.from({ length: list.size }, (_, index) => list.json(index)));
      })
    : undefined;
  const translations: Record<string, LanguageTranslations> = {};
  for (const [tag, length] of header.translations ?? []) {
    const json = section(offset, length);
    offset += length;
    let parsed: LanguageTranslations | undefined;
    Object.defineProperty(translations, tag, {
      enumerable: true,
      get: () => (parsed ??= JSON.parse(new TextDecoder().decode(json())) as LanguageTranslations),
    });
  }
  // A translated file is written from the records in its language, as publishing wrote it: the
  // records are translated as a request in that language reads them (`translatedRecords`), and only then.
  let translatedBulk: Record<string, BulkFiles> | undefined;
  for (const [tag, files] of header.translatedBulk ?? []) {
    if (!Object.hasOwn(translations, tag))
      throw new Error(
        `dataset snapshot is corrupt: bulk files in ${tag}, a language it has no translations of`,
      );
    (translatedBulk ??= {})[tag] = bulkFilesAt(files, (name) =>
      new TextEncoder().encode(JSON.stringify(translatedRecords(dataset, tag, name))),
    );
  }
  let stored: Pick<Dataset, 'localized' | 'localizedStats'> = {};
  if (header.languageLists) {
    for (const [tag] of header.languageLists)
      if (!Object.hasOwn(translations, tag))
        throw new Error(
          `dataset snapshot is corrupt: lists in ${tag}, a language it has no translations of`,
        );
    ({ end: offset, ...stored } = decodeLanguageLists(
      header.languageLists,
      offset,
      section,
      lists,
      header.stats.length,
      codec?.inflate,
    ));
  }
  let searchTexts: Dataset['searchTexts'];
  if (header.searchTexts)
    ({ searchTexts, end: offset } = decodeSearchTexts(
      header.searchTexts,
      offset,
      section,
      lists,
      header.stats.length,
    ));
  if (offset > snapshotSize) throw new Error('dataset snapshot is truncated');
  if (offset !== snapshotSize) throw new Error('dataset snapshot has trailing bytes');

  const dataset: Dataset = {
    meta: header.meta,
    publisher: header.publisher ?? {},
    rarities: header.rarities,
    ...lists,
    stats: header.stats,
    sprites,
    history: servableHistory(header.history),
    ...(bulk ? { bulk } : {}),
    language: header.language ?? DEFAULT_LANGUAGE,
    translations: translations as Translations,
    ...(translatedBulk ? { translatedBulk } : {}),
    ...stored,
    ...(searchTexts ? { searchTexts } : {}),
  };
  return dataset;
}
