import { COLLECTION_NAMES, LIST_NAMES, type CollectionName, type ListName } from '../collections/list-names.js';
import { joinJsonArray } from '../json-bytes.js';
import { bulkRecords } from '../language/bulk-records.js';
import type { BulkFile, BulkFiles } from './bulk.js';
import type { Ability, Follower, Item, Meta, Relic, Stat } from '../schemas/records.js';
import { compareIds, findById, type Collection, type FilterColumns } from './collection.js';
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
 *
 * Each section after the sprites is optional, and its absence from the header says so: a snapshot
 * written before a section existed reads as a dataset without it.
 */
const MAGIC = new TextEncoder().encode('gdsnap4\n');
const PREFIX_BYTES = MAGIC.length + 4;

interface CollectionHeader {
  ids: readonly string[];
  columns: FilterColumns;
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
 * Writes a loaded dataset as one snapshot. Only what `loadDataset` kept is written — public records and
 * sprites — so a snapshot holds nothing the API would not serve.
 *
 * @example
 * const result = loadDataset(source);
 * if (result.ok) await writeFile('dataset.snapshot', encodeSnapshot(result.dataset));
 */
export function encodeSnapshot(dataset: Dataset): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const sprites = [...dataset.sprites].sort(([a], [b]) => compareIds(a, b));
  const recordBytes: Uint8Array[] = [];
  const collections = {} as SnapshotHeader['collections'];
  for (const list of LIST_NAMES) {
    const { ids, columns, searchNames, records }: Collection<{ id: string }> = dataset[list];
    const encoded = records.map((record) => encoder.encode(JSON.stringify(record)));
    recordBytes.push(...encoded);
    collections[list] = { ids, columns, searchNames, lengths: encoded.map((bytes) => bytes.length) };
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
  const translationParts = Object.entries(dataset.translations).map(([tag, language]) => [tag, encoder.encode(JSON.stringify(language))] as const);
  if (translationParts.length > 0) header.translations = translationParts.map(([tag, bytes]) => [tag, bytes.length]);
  const translatedBulkParts: Uint8Array[] = [];
  const translatedBulk = Object.entries(dataset.translatedBulk ?? {});
  if (translatedBulk.length > 0) header.translatedBulk = translatedBulk.map(([tag, files]) => [tag, bulkSection(files, translatedBulkParts)]);
  const headerBytes = encoder.encode(JSON.stringify(header));
  const parts = [
    ...recordBytes,
    ...sprites.map(([, sprite]) => sprite.bytes),
    ...bulkParts,
    ...translationParts.map(([, bytes]) => bytes),
    ...translatedBulkParts,
  ];
  const out = new Uint8Array(PREFIX_BYTES + headerBytes.length + parts.reduce((sum, part) => sum + part.length, 0));
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

/** A collection read from a snapshot: it always keeps its records' JSON. */
type SnapshotCollection<T extends { id: string }> = Collection<T> & { json(index: number): Uint8Array };

/** A collection whose records stay bytes until one is asked for, then are parsed once each. */
function lazyCollection<T extends { id: string }>(header: CollectionHeader, bytes: Uint8Array<ArrayBuffer>, start: number): SnapshotCollection<T> {
  const decoder = new TextDecoder();
  const offsets = new Array<number>(header.lengths.length + 1);
  offsets[0] = start;
  header.lengths.forEach((length, i) => (offsets[i + 1] = (offsets[i] as number) + length));
  const parsed = new Array<T | undefined>(header.lengths.length);
  const at = (index: number): T =>
    (parsed[index] ??= JSON.parse(decoder.decode(bytes.subarray(offsets[index], offsets[index + 1]))) as T);
  let all: readonly T[] | undefined;
  return {
    size: header.ids.length,
    at,
    json: (index) => bytes.subarray(offsets[index], offsets[index + 1]),
    get: (id) => findById(header.ids, id, at),
    ids: header.ids,
    columns: header.columns,
    searchNames: header.searchNames,
    nameIndex: createNameIndex(header.searchNames),
    get records() {
      return (all ??= Array.from({ length: header.ids.length }, (_, index) => at(index)));
    },
  };
}

/**
 * Reads a snapshot written by `encodeSnapshot` back into a dataset. It does not validate the records
 * again — that happened before the snapshot was written — and parses a record only when it is first
 * used, but refuses bytes that are not a whole snapshot of this layout. Sprite bytes are views into
 * `bytes`, not copies.
 *
 * @example const dataset = decodeSnapshot(new Uint8Array(readFileSync('dataset.snapshot')));
 */
export function decodeSnapshot(bytes: Uint8Array<ArrayBuffer>): Dataset {
  if (bytes.length < PREFIX_BYTES || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new Error('not a dataset snapshot of this version (publish the export again to rewrite it)');
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MAGIC.length, true);
  let offset = PREFIX_BYTES + headerLength;
  if (offset > bytes.length) throw new Error('dataset snapshot is truncated');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, offset))) as SnapshotHeader;

  // Records sit collection by collection in LIST_NAMES order: each starts where the one before ended.
  const starts = {} as Record<ListName, number>;
  for (const list of LIST_NAMES) {
    const { ids, columns, searchNames, lengths } = header.collections[list];
    const sizes = [lengths.length, searchNames.length, ...Object.values(columns).map((column) => column.length)];
    if (sizes.some((size) => size !== ids.length)) throw new Error(`dataset snapshot is corrupt: ${list} columns disagree in length`);
    starts[list] = offset;
    offset += lengths.reduce((sum, length) => sum + length, 0);
  }
  const collection = <T extends { id: string }>(list: ListName) => lazyCollection<T>(header.collections[list], bytes, starts[list]);
  const lists = {
    items: collection<Item>('items'),
    abilities: collection<Ability>('abilities'),
    relics: collection<Relic>('relics'),
    followers: collection<Follower>('followers'),
  };

  const sprites = new Map<string, Sprite>();
  for (const [id, etag, length] of header.sprites) {
    sprites.set(id, { bytes: bytes.subarray(offset, offset + length), etag });
    offset += length;
  }

  /** One language's bulk files: their compressed bytes read from `offset` on, the uncompressed ones made by `identityOf` on first use. */
  const bulkFilesAt = (files: Record<CollectionName, BulkHeader>, identityOf: (name: CollectionName) => Uint8Array<ArrayBuffer>): BulkFiles => {
    const read = {} as Record<CollectionName, BulkFile>;
    for (const name of COLLECTION_NAMES) {
      const { count, bytes: size, sha256, brLength, gzipLength } = files[name];
      const br = bytes.subarray(offset, (offset += brLength));
      const gzip = bytes.subarray(offset, (offset += gzipLength));
      let identity: Uint8Array<ArrayBuffer> | undefined;
      read[name] = { count, bytes: size, sha256, br, gzip, identity: () => (identity ??= identityOf(name)) };
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
    const json = bytes.subarray(offset, (offset += length));
    let parsed: LanguageTranslations | undefined;
    Object.defineProperty(translations, tag, { enumerable: true, get: () => (parsed ??= JSON.parse(new TextDecoder().decode(json)) as LanguageTranslations) });
  }
  // A translated file is written from the records in its language, as publishing wrote it: the
  // records are translated as a request in that language reads them (`bulkRecords`), and only then.
  let translatedBulk: Record<string, BulkFiles> | undefined;
  for (const [tag, files] of header.translatedBulk ?? []) {
    if (!Object.hasOwn(translations, tag)) throw new Error(`dataset snapshot is corrupt: bulk files in ${tag}, a language it has no translations of`);
    (translatedBulk ??= {})[tag] = bulkFilesAt(files, (name) => new TextEncoder().encode(JSON.stringify(bulkRecords(dataset)(tag, name))));
  }
  if (offset > bytes.length) throw new Error('dataset snapshot is truncated');
  if (offset !== bytes.length) throw new Error('dataset snapshot has trailing bytes');

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
  };
  return dataset;
}
