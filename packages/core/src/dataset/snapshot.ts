import { crc32 } from '../crc32.js';
import { joinJsonArray } from '../json-bytes.js';
import type { BulkFile, BulkFiles } from './bulk.js';
import { indexedFields } from '../collections/descriptor.js';
import { collectionNames, listsNamed, type Registry } from '../collections/registry.js';
import { compareIds, findById, type Collection } from './collection.js';
import {
  decodeSearchTexts,
  encodeSearchTexts,
  type PublishedSearchTexts,
} from './snapshot-search.js';
import {
  recordBlocks,
  recordBlockSizes,
  type BlockCodec,
  type Section,
  type SectionAt,
} from './record-blocks.js';
import {
  decodeLanguageLists,
  encodeLanguageLists,
  type PublishedLanguage,
} from './snapshot-languages.js';
import { collectionOf, type Dataset, type Sprite } from './dataset.js';
import type { AnyListRecord } from '../collections/list-types.js';
import { check } from './json-shape.js';
import { createNameIndex } from './name-index.js';
import {
  CURRENT_HEADER,
  olderThanServed,
  readSnapshotPrefix,
  SNAPSHOT_FORMAT,
  SNAPSHOT_HEADER,
  SnapshotFormatError,
  writeSnapshotPrefix,
  type BulkHeader,
  type CollectionHeader,
  type SectionEntry,
  type SnapshotHeader,
} from './snapshot-format.js';
import { servableHistory } from './stored-history.js';
import { decodeRecordHistory } from '../history/history-sections.js';
import { DEFAULT_LANGUAGE } from './translations.js';
import { countDerived } from './derived-memory.js';
import { TEXT_RULES } from '../text/fold-case.js';

export { SNAPSHOT_PREFIX_BYTES } from './snapshot-format.js';

/**
 * A release file (a dataset snapshot) is a validated dataset written once when it is published, so
 * that a cold process (a Lambda instance) loads it without reading hundreds of files or validating
 * again, and without parsing a record before it is served. Format 5 (`snapshot-format.ts`):
 *
 *   prefix    `gdsnap5\n`, the header's length and the header's CRC-32 (32-bit little-endian each)
 *   header    UTF-8 JSON in ASCII: meta, publisher, rarities, stats, release history, language; per
 *             list its ids, filter columns, keyed columns, the fields indexed, search names and each
 *             record's JSON length; per sprite [id, etag, length]; the lengths of each language's
 *             parts; and `sections`, the table of contents: each section's name, offset (from the end
 *             of the header), length, CRC-32, version, whether a reader must know it, and for a
 *             section read in blocks each block's records, length and CRC-32
 *   sections  in the table's order, back to back:
 *     records/<list>          every record's JSON, in blocks of about `RECORD_BLOCK_BYTES`
 *     sprites                 every sprite's PNG bytes, in header order
 *     bulk                    per collection in COLLECTION_NAMES order, its bulk file's br then gzip
 *                             bytes (the uncompressed file is made from the records when asked for)
 *     translations/<tag>      a language's translations as JSON, parsed when first used
 *     bulk/<tag>              a language's bulk files, as `bulk`
 *     language-index/<tag>    a language's lists as published: each record's JSON length, its
 *     language-records/<tag>  blocks, which fall back, the names, the stats; then the records' JSON
 *                             in deflated blocks (`encodeLanguageLists`)
 *     search-starts/<tag>     each record's hit as `/v1/search` writes it, and where each starts
 *     search-texts/<tag>      (`encodeSearchTexts`), the default language first
 *
 * The prefix and the header are the file's head: what a server needs to answer lists, filters and
 * searches, checked by its CRC-32 and its schema when read. Every section is read when a request
 * first needs it (`SnapshotRest`), and checked against its CRC-32 then — each block of a section read
 * in blocks — so that no byte of a damaged section is ever served (`DamagedSectionError`). A reader
 * refuses a file whose table names a section it must know and does not; it skips one it may.
 *
 * Format 4, the one before, is read too, when written whole (every section of the list above): its
 * sections lie back to back in that order, found from the lengths in its header, without checksums.
 * Anything older, or a format-4 file an earlier writer wrote without a section, is refused, naming
 * the command that rewrites it (`UPGRADE_COMMAND`).
 */
const SECTION_VERSION = 1;

/**
 * A section of the file whose bytes do not have the CRC-32 its table of contents gives: nothing of it
 * is served. `first` is true for the first request that found it, which alone logs it.
 */
export class DamagedSectionError extends Error {
  override name = 'DamagedSectionError';
  constructor(
    readonly section: string,
    readonly first: boolean,
    file = 'the release file',
  ) {
    super(`${file}: section ${section} is damaged (its bytes do not match its CRC-32)`);
  }
}

/** The header of a language's bulk files, and their compressed bytes in the order the file holds them. */
function bulkSection(files: BulkFiles, parts: Uint8Array[]): Record<string, BulkHeader> {
  const header: Record<string, BulkHeader> = {};
  for (const [name, { count, bytes, sha256, br, gzip }] of Object.entries(files)) {
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
 * What a release file stores but the codec does not make: publishing works them out from the dataset
 * (`encodeSnapshot` in `release/`), with the languages' and search's own code.
 */
export interface PublishedSections {
  /** Each translated language's lists as they read in it; absent, the file holds none. */
  languages?: readonly PublishedLanguage[];
  /** Each language's search texts, the default first. */
  searchTexts: readonly PublishedSearchTexts[];
  /** The record history's sections (`history-sections.ts`): its timeline, then each list's parts. */
  recordHistory: {
    timeline: Uint8Array;
    lists: ReadonlyArray<readonly [list: string, parts: readonly Uint8Array[]]>;
  };
}

/** The sections of a file being written, and its table of contents. */
class SectionWriter {
  readonly parts: Uint8Array[] = [];
  readonly entries: Array<SectionEntry & { crc32: number }> = [];
  private offset = 0;

  /**
   * A section of `parts`; with `blocks` (each `[records, parts]`), read in those blocks. One not
   * `required` is skipped by a reader of an earlier version, which serves the rest.
   */
  add(
    name: string,
    parts: readonly Uint8Array[],
    blocks?: ReadonlyArray<readonly [number, number]>,
    required = true,
  ) {
    let crc = 0;
    let length = 0;
    const written: Array<[number, number, number]> = [];
    let part = 0;
    for (const [records, count] of blocks ?? [[0, parts.length] as const]) {
      let blockCrc = 0;
      let blockLength = 0;
      for (const end = part + count; part < end; part++) {
        const bytes = parts[part] as Uint8Array;
        blockCrc = crc32(bytes, blockCrc);
        crc = crc32(bytes, crc);
        blockLength += bytes.length;
      }
      written.push([records, blockLength, blockCrc]);
      length += blockLength;
    }
    this.parts.push(...parts);
    this.entries.push({
      name,
      version: SECTION_VERSION,
      required,
      offset: this.offset,
      length,
      crc32: crc,
      ...(blocks ? { blocks: written } : {}),
    });
    this.offset += length;
  }
}

/**
 * Writes a loaded dataset, and what publishing made of it, as one release file in the current format.
 * Only what `loadDataset` kept is written — public records and sprites — so a release file holds
 * nothing the API would not serve.
 */
export function writeSnapshot(
  dataset: Dataset,
  published: PublishedSections,
): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const written = new SectionWriter();
  const collections: SnapshotHeader['collections'] = {};
  for (const descriptor of dataset.registry.lists) {
    const list = descriptor.name;
    const { ids, columns, keyed, searchNames, records } = collectionOf(dataset, list);
    const encoded = records.map((record) => encoder.encode(JSON.stringify(record)));
    const lengths = encoded.map((bytes) => bytes.length);
    const blocks = recordBlockSizes(lengths).map(([count]) => [count, count] as const);
    written.add(`records/${list}`, encoded, blocks);
    collections[list] = {
      ids: [...ids],
      columns,
      keyed,
      indexed: indexedFields(descriptor),
      searchNames: [...searchNames],
      lengths,
    };
  }
  const sprites = [...dataset.sprites].sort(([a], [b]) => compareIds(a, b));
  written.add(
    'sprites',
    sprites.map(([, sprite]) => sprite.bytes),
  );
  const bulkParts: Uint8Array[] = [];
  const bulk = dataset.bulk && bulkSection(dataset.bulk, bulkParts);
  if (bulk) written.add('bulk', bulkParts);
  const translations = Object.entries(dataset.translations).map(([tag, language]) => {
    const bytes = encoder.encode(JSON.stringify(language));
    written.add(`translations/${tag}`, [bytes]);
    return [tag, bytes.length] as [string, number];
  });
  const translatedBulk = Object.entries(dataset.translatedBulk ?? {}).map(([tag, files]) => {
    const parts: Uint8Array[] = [];
    const header = bulkSection(files, parts);
    written.add(`bulk/${tag}`, parts);
    return [tag, header] as [string, Record<string, BulkHeader>];
  });
  const languageLists = encodeLanguageLists(published.languages ?? [], asciiJson);
  for (const { tag, index, blocks } of languageLists.sections) {
    written.add(`language-index/${tag}`, [index]);
    written.add(
      `language-records/${tag}`,
      blocks.map(([, bytes]) => bytes),
      blocks.map(([records]) => [records, 1] as const),
    );
  }
  const searchTexts = encodeSearchTexts(published.searchTexts);
  for (const { tag, starts, texts } of searchTexts.sections) {
    written.add(`search-starts/${tag}`, [starts]);
    written.add(`search-texts/${tag}`, [texts]);
  }
  // Not required: a server of the version before, which serves no history, reads the rest (a rolling deploy).
  written.add('record-history', [published.recordHistory.timeline], undefined, false);
  for (const [list, parts] of published.recordHistory.lists)
    written.add(
      `record-history/${list}`,
      parts,
      parts.map(() => [0, 1] as const),
      false,
    );
  const header = {
    format: SNAPSHOT_FORMAT,
    meta: dataset.meta,
    publisher: dataset.publisher,
    rarities: [...dataset.rarities],
    stats: [...dataset.stats],
    history: dataset.history,
    language: dataset.language,
    collections,
    sprites: sprites.map(([id, sprite]) => [id, sprite.etag, sprite.bytes.length]),
    ...(bulk ? { bulk } : {}),
    translations,
    translatedBulk,
    languageLists: languageLists.header,
    searchTexts: searchTexts.header,
    textRules: TEXT_RULES,
    ...(dataset.aliases ? { aliases: dataset.aliases } : {}),
    sections: written.entries,
  };
  const headerBytes = encoder.encode(asciiJson(header));
  const prefix = writeSnapshotPrefix(headerBytes.length, crc32(headerBytes));
  const parts = [prefix, headerBytes, ...written.parts];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Where a release file's header ends, read from its first `SNAPSHOT_PREFIX_BYTES` bytes; bytes that
 * are not a release file of a format this reader reads are refused.
 */
export function snapshotHeaderEnd(prefix: Uint8Array): number {
  return readSnapshotPrefix(prefix).headerEnd;
}

/** A release file's head, read and checked: its header and table of contents. */
export interface SnapshotHead {
  /** Bytes from the file's start to the end of its header. */
  readonly length: number;
  readonly format: number;
  readonly header: SnapshotHeader;
  /** Every section, its offset from the file's start. */
  readonly sections: readonly SectionEntry[];
}

/** What a format-4 header lacks of what format 4 wrote last: each, named. */
function lacking(header: Record<string, unknown>): string[] {
  const missing: string[] = [];
  const collections = (header.collections ?? {}) as Record<string, Record<string, unknown>>;
  for (const list of Object.keys(collections)) {
    if (collections[list]?.keyed === undefined) missing.push(`${list}' keyed columns`);
    if (collections[list]?.indexed === undefined) missing.push(`${list}' indexed fields`);
  }
  if (header.publisher === undefined) missing.push('the publisher');
  const translated = ((header.translations as unknown[] | undefined) ?? []).length > 0;
  if (translated && header.translatedBulk === undefined) missing.push('bulk files per language');
  if (translated && header.languageLists === undefined) missing.push('lists per language');
  if (header.searchTexts === undefined) missing.push('search texts');
  return missing;
}

/** Format 4's sections, where its fixed order puts them, from `start` on. */
export function formerSections(header: SnapshotHeader, start: number): SectionEntry[] {
  const sections: SectionEntry[] = [];
  let offset = start;
  const add = (name: string, length: number, blocks?: Array<[number, number]>) => {
    sections.push({
      name,
      version: SECTION_VERSION,
      required: true,
      offset,
      length,
      ...(blocks ? { blocks } : {}),
    });
    offset += length;
  };
  const sum = (lengths: readonly number[]) => lengths.reduce((total, length) => total + length, 0);
  const bulkLength = (files: Record<string, BulkHeader>) =>
    sum(Object.values(files).map((file) => file.brLength + file.gzipLength));
  for (const [list, { lengths }] of Object.entries(header.collections)) {
    add(`records/${list}`, sum(lengths), recordBlockSizes(lengths));
  }
  add('sprites', sum(header.sprites.map(([, , length]) => length)));
  if (header.bulk) add('bulk', bulkLength(header.bulk));
  for (const [tag, length] of header.translations) add(`translations/${tag}`, length);
  for (const [tag, files] of header.translatedBulk) add(`bulk/${tag}`, bulkLength(files));
  for (const [tag, indexLength, recordsLength] of header.languageLists) {
    add(`language-index/${tag}`, indexLength);
    add(`language-records/${tag}`, recordsLength);
  }
  for (const [tag, startsLength, textsLength] of header.searchTexts) {
    add(`search-starts/${tag}`, startsLength);
    add(`search-texts/${tag}`, textsLength);
  }
  return sections;
}

/**
 * Reads and checks a release file's head from its first bytes (at least up to `snapshotHeaderEnd`):
 * the header against its CRC-32 and its schema, naming the field that is not what it should be. A
 * format-4 file an earlier writer wrote without a section is refused, naming what it lacks.
 */
export function readSnapshotHead(start: Uint8Array): SnapshotHead {
  const prefix = readSnapshotPrefix(start);
  if (prefix.headerEnd > start.length) throw new Error('dataset snapshot is truncated');
  const bytes = start.subarray(prefix.headerStart, prefix.headerEnd);
  if (prefix.headerCrc32 !== undefined && crc32(bytes) !== prefix.headerCrc32)
    throw new Error('dataset snapshot is damaged: its header does not match its CRC-32');
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  } catch {
    throw new Error('dataset snapshot is damaged: its header is not JSON');
  }
  if (prefix.format === SNAPSHOT_FORMAT) {
    const problem = check(CURRENT_HEADER, json);
    if (problem) throw new Error(`dataset snapshot header: ${problem}`);
    const { format, sections, ...header } = json as unknown as SnapshotHeader & {
      format: number;
      sections: SectionEntry[];
    };
    return {
      length: prefix.headerEnd,
      format,
      header,
      sections: sections.map((entry) => ({ ...entry, offset: entry.offset + prefix.headerEnd })),
    };
  }
  const missing = lacking(json);
  if (missing.length > 0) throw olderThanServed(`without ${missing.join(', ')}`);
  const header = {
    language: DEFAULT_LANGUAGE,
    translations: [],
    translatedBulk: [],
    languageLists: [],
    ...json,
  } as unknown as SnapshotHeader;
  const problem = check(SNAPSHOT_HEADER, header);
  if (problem) throw new Error(`dataset snapshot header: ${problem}`);
  return {
    length: prefix.headerEnd,
    format: prefix.format,
    header,
    sections: formerSections(header, prefix.headerEnd),
  };
}

/**
 * The part of a release file past its head, left where it is (on disk) and read when first used:
 * `read` gives `length` bytes from `offset`, counted from the file's start.
 */
export interface SnapshotRest {
  /** The head (`readSnapshotHead`), so that it is not read again. */
  head: SnapshotHead;
  /** The whole file's size, in bytes. */
  size: number;
  /** The file, as errors name it (its path). */
  name?: string;
  read(offset: number, length: number): Uint8Array<ArrayBuffer>;
}

/** The sections a reader knows, by the name's part before its `/`, each of the version it reads. */
const KNOWN_SECTIONS = new Set([
  'records',
  'sprites',
  'bulk',
  'translations',
  'language-index',
  'language-records',
  'search-starts',
  'search-texts',
  'record-history',
]);

/**
 * The table of contents by name, once checked: each section within the file, none over another, the
 * file's bytes all in one; a section this reader must know and does not (or not in its version)
 * refuses the file, one it may skip is skipped.
 */
function tableOfContents(head: SnapshotHead, size: number): Map<string, SectionEntry> {
  const byName = new Map<string, SectionEntry>();
  let end = head.length;
  for (const entry of [...head.sections].sort((a, b) => a.offset - b.offset)) {
    if (entry.offset !== end)
      throw new Error(
        `dataset snapshot is corrupt: section ${entry.name} does not follow the one before`,
      );
    end = entry.offset + entry.length;
    if (end > size) throw new Error('dataset snapshot is truncated');
    const known = KNOWN_SECTIONS.has(entry.name.split('/')[0] as string);
    if (!known || entry.version > SECTION_VERSION) {
      if (entry.required)
        throw new Error(
          `dataset snapshot needs section ${entry.name} (version ${entry.version}), which this version does not read: serve it with a newer version`,
        );
      continue;
    }
    if (byName.has(entry.name))
      throw new Error(`dataset snapshot is corrupt: two sections ${entry.name}`);
    byName.set(entry.name, entry);
  }
  if (end !== size) throw new Error('dataset snapshot has trailing bytes');
  return byName;
}

/**
 * The registry a release is read with: the lists of `registry` it holds, in their order (the order
 * of its sections and of its search entries). A release written before a list was added is served
 * without it, as it was; one that holds a list this version does not know is refused, for a newer
 * version to serve.
 */
function listsHeld(header: SnapshotHeader, registry: Registry): Registry {
  const held = Object.keys(header.collections);
  if (held.length === 0) throw new Error('dataset snapshot is corrupt: it holds no list');
  const unknown = held.filter((list) => !registry.has(list));
  if (unknown.length > 0)
    throw new SnapshotFormatError(
      `dataset snapshot holds the lists ${unknown.join(', ')}, which this version does not serve: serve it with a newer version`,
    );
  const read = listsNamed(registry, held);
  if (read.lists.some(({ name }, at) => held[at] !== name))
    throw new Error(
      `dataset snapshot is corrupt: it holds its lists in another order than ${read.lists.map(({ name }) => name).join(', ')}`,
    );
  return read;
}

/** A collection read from a release file: it always keeps its records' JSON. */
type SnapshotCollection<T extends { id: string }> = Collection<T> & {
  json(index: number): Uint8Array;
};

/**
 * A collection whose records stay bytes: one asked for is parsed then, and not kept (a page of ever-new
 * queries would otherwise come to hold every record parsed, for good), unless every record was asked
 * for at once (`records`). Its records are read in the blocks of its section (`recordBlocks`).
 */
function lazyCollection<T extends { id: string; name: string }>(
  header: CollectionHeader,
  entry: SectionEntry,
  section: SectionAt,
): SnapshotCollection<T> {
  if (!entry.blocks) throw new Error(`dataset snapshot is corrupt: ${entry.name} has no blocks`);
  const stored = recordBlocks<T>(header.lengths, entry.blocks, entry.offset, section, entry.crc32);
  let all: readonly T[] | undefined;
  const at = (index: number): T => (all ? (all[index] as T) : stored.at(index));
  return {
    size: header.ids.length,
    at,
    json: stored.json,
    scanJson: stored.scan,
    get: (id) => findById(header.ids, id, at),
    ids: header.ids,
    columns: header.columns,
    keyed: header.keyed,
    searchNames: header.searchNames,
    nameIndex: createNameIndex(header.searchNames, (bytes) =>
      countDerived({ ids: header.ids }, bytes),
    ),
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
  collection: string,
) => readonly object[];

/**
 * Reads a release file written by `writeSnapshot` (or a whole format-4 one) back into a dataset. It
 * does not validate the records again — that happened before the file was written — and parses a
 * record only when it is first used, but refuses bytes that are not a whole release file of a format
 * it reads, and a file whose lists do not index every field this version filters by (an earlier
 * writer's). Sprite bytes are views into `bytes`, not copies.
 *
 * `bytes` is the whole file, or, with `rest`, its head alone: every section past it (a block of
 * records, the sprites, a language's bulk files or text) is then read with `rest.read` when first
 * used, once, and checked against its CRC-32. With `codec`, a language's lists are read as published
 * (`Dataset.localized`); without, its records are translated as they are read. A translated bulk
 * file's uncompressed bytes are made from `translatedRecords` when first asked for.
 */
export function readSnapshot(
  bytes: Uint8Array<ArrayBuffer>,
  rest: SnapshotRest | undefined,
  codec: BlockCodec | undefined,
  translatedRecords: TranslatedRecords,
  serving: Registry,
): Dataset {
  const head = rest?.head ?? readSnapshotHead(bytes);
  if (bytes.length < head.length) throw new Error('dataset snapshot is truncated');
  const { header } = head;
  const registry = listsHeld(header, serving);
  if (header.textRules !== TEXT_RULES)
    throw olderThanServed('with its names case-folded by earlier rules');
  const size = rest?.size ?? bytes.length;
  const toc = tableOfContents(head, size);
  const damaged = new Set<string>();
  /** Sections of `entry`, each read once when first used (a view of `bytes` when it holds them), and checked. */
  const sectionIn =
    (entry: SectionEntry): SectionAt =>
    (start, length, crc) => {
      let read: Uint8Array<ArrayBuffer> | undefined;
      const raw: Section =
        start + length <= bytes.length
          ? () => (read ??= bytes.subarray(start, start + length))
          : (keep = true) => {
              if (!rest) throw new Error('dataset snapshot is truncated');
              return keep
                ? (read ??= rest.read(start, length))
                : (read ?? rest.read(start, length));
            };
      if (crc === undefined) return raw;
      let checked = false;
      return (keep = true) => {
        const got = raw(keep);
        if (!checked) {
          if (crc32(got) !== crc) {
            const first = !damaged.has(entry.name);
            damaged.add(entry.name);
            throw new DamagedSectionError(entry.name, first, rest?.name);
          }
          checked = keep;
        }
        return got;
      };
    };
  const whole = (entry: SectionEntry): Section =>
    sectionIn(entry)(entry.offset, entry.length, entry.crc32);
  const sectionNamed = (name: string, length: number): SectionEntry => {
    const entry = toc.get(name);
    if (!entry) throw new Error(`dataset snapshot is corrupt: it has no section ${name}`);
    if (entry.length !== length)
      throw new Error(`dataset snapshot is corrupt: section ${name} disagrees with the header`);
    return entry;
  };
  const sum = (lengths: readonly number[]) => lengths.reduce((total, length) => total + length, 0);

  const lists: Record<string, SnapshotCollection<AnyListRecord>> = {};
  for (const descriptor of registry.lists) {
    const list = descriptor.name;
    const listHeader = header.collections[list] as CollectionHeader;
    const { ids, columns, searchNames, lengths, indexed } = listHeader;
    const sizes = [
      lengths.length,
      searchNames.length,
      ...Object.values(columns).map((column) => column.length),
    ];
    if (sizes.some((length) => length !== ids.length))
      throw new Error(`dataset snapshot is corrupt: ${list} columns disagree in length`);
    const unindexed = indexedFields(descriptor).filter((field) => !indexed.includes(field));
    if (unindexed.length > 0)
      throw olderThanServed(`${list} without the columns of ${unindexed.join(', ')}`);
    const entry = sectionNamed(`records/${list}`, sum(lengths));
    lists[list] = lazyCollection(listHeader, entry, sectionIn(entry));
  }

  // The sprites are one section, read when the first of them is served.
  const spriteSection = whole(
    sectionNamed('sprites', sum(header.sprites.map(([, , length]) => length))),
  );
  const sprites = new Map<string, Sprite>();
  let spriteAt = 0;
  for (const [id, etag, length] of header.sprites) {
    const start = spriteAt;
    let view: Uint8Array<ArrayBuffer> | undefined;
    sprites.set(id, {
      etag,
      get bytes() {
        return (view ??= spriteSection().subarray(start, start + length));
      },
    });
    spriteAt += length;
  }

  /**
   * One language's bulk files: their compressed bytes, one section (read when one of them is first
   * sent), the uncompressed ones made by `identityOf` on first use.
   */
  const bulkFilesAt = (
    name: string,
    files: Record<string, BulkHeader>,
    identityOf: (name: string) => Uint8Array<ArrayBuffer>,
  ): BulkFiles => {
    const block = whole(
      sectionNamed(name, sum(Object.values(files).map((file) => file.brLength + file.gzipLength))),
    );
    const read: Record<string, BulkFile> = {};
    let at = 0;
    for (const [file, { count, bytes: fileSize, sha256, brLength, gzipLength }] of Object.entries(
      files,
    )) {
      const [brAt, gzipAt] = [at, at + brLength];
      at += brLength + gzipLength;
      let identity: Uint8Array<ArrayBuffer> | undefined;
      read[file] = {
        count,
        bytes: fileSize,
        sha256,
        get br() {
          return block().subarray(brAt, brAt + brLength);
        },
        get gzip() {
          return block().subarray(gzipAt, gzipAt + gzipLength);
        },
        identity: () => (identity ??= identityOf(file)),
      };
    }
    return read;
  };
  // A list's file joins its records' JSON as stored; the stats' is written from the header's stats.
  const bulk = header.bulk
    ? bulkFilesAt('bulk', header.bulk, (name) => {
        if (name === 'stats') return new TextEncoder().encode(JSON.stringify(header.stats));
        const list = lists[name] as SnapshotCollection<AnyListRecord>;
        return joinJsonArray(Array.from({ length: list.size }, (_, index) => list.json(index)));
      })
    : undefined;
  const translations: Dataset['translations'] = {};
  for (const [tag, length] of header.translations) {
    const json = whole(sectionNamed(`translations/${tag}`, length));
    let parsed: Dataset['translations'][string] | undefined;
    Object.defineProperty(translations, tag, {
      enumerable: true,
      get: () => (parsed ??= JSON.parse(new TextDecoder().decode(json()))),
    });
  }
  const knownLanguage = (tag: string, what: string) => {
    if (!Object.hasOwn(translations, tag))
      throw new Error(
        `dataset snapshot is corrupt: ${what} in ${tag}, a language it has no translations of`,
      );
  };
  // A translated file is written from the records in its language, as publishing wrote it: the
  // records are translated as a request in that language reads them (`translatedRecords`), and only then.
  let translatedBulk: Record<string, BulkFiles> | undefined;
  for (const [tag, files] of header.translatedBulk) {
    knownLanguage(tag, 'bulk files');
    (translatedBulk ??= {})[tag] = bulkFilesAt(`bulk/${tag}`, files, (name) =>
      new TextEncoder().encode(JSON.stringify(translatedRecords(dataset, tag, name))),
    );
  }
  for (const [tag] of header.languageLists) knownLanguage(tag, 'lists');
  const stored = decodeLanguageLists(
    header.languageLists,
    (tag, indexLength, recordsLength) => {
      const index = sectionNamed(`language-index/${tag}`, indexLength);
      const records = sectionNamed(`language-records/${tag}`, recordsLength);
      return { index: whole(index), records, section: sectionIn(records) };
    },
    lists,
    header.stats.length,
    codec?.inflate,
  );
  const searchTexts = decodeSearchTexts(
    header.searchTexts,
    (tag, startsLength, textsLength) => ({
      starts: whole(sectionNamed(`search-starts/${tag}`, startsLength)),
      texts: whole(sectionNamed(`search-texts/${tag}`, textsLength)),
    }),
    lists,
    header.stats.length,
  );

  const timeline = toc.get('record-history');
  const unhistoried = registry.lists.filter(({ name }) => !toc.has(`record-history/${name}`));
  if (!timeline || unhistoried.length > 0) throw olderThanServed('without record histories');
  const recordHistory = decodeRecordHistory(
    whole(timeline),
    (list) => {
      const entry = toc.get(`record-history/${list}`);
      return entry?.blocks && { section: { ...entry, blocks: entry.blocks }, at: sectionIn(entry) };
    },
    codec,
  );

  const dataset: Dataset = {
    registry,
    lists,
    meta: header.meta,
    publisher: header.publisher,
    rarities: header.rarities,
    stats: header.stats,
    sprites,
    history: servableHistory(header.history, collectionNames(registry)),
    recordHistory,
    ...(bulk ? { bulk } : {}),
    language: header.language,
    translations,
    ...(header.aliases ? { aliases: header.aliases } : {}),
    ...(translatedBulk ? { translatedBulk } : {}),
    ...stored,
    searchTexts,
  };
  return dataset;
}
