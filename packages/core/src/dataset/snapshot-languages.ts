import { LIST_NAMES, type ListName } from '../collections/list-names.js';
import {
  localizeCollection,
  storedLocalizedCollection,
  type LocalizedCollection,
  type StoredLanguageList,
} from '../language/localized-collection.js';
import { localizeStats, type LanguageStats } from '../language/release-languages.js';
import {
  collectionOf,
  type Dataset,
  type DatasetLists,
  type ListRecord,
  type LocalizedList,
} from './dataset.js';
import {
  deflatedRecordBlocks,
  deflateRecordBlocks,
  type BlockCodec,
  type DeflatedBlock,
  type SectionAt,
} from './record-blocks.js';

/** What a snapshot holds of one list in one language, besides the records' JSON. */
interface LanguageListIndex {
  /** Each record's JSON length, in bytes. */
  lengths: number[];
  /** The deflated blocks the records' JSON is stored in, in order. */
  blocks: DeflatedBlock[];
  /** The positions of the records that keep text in the default language. */
  fellBack: number[];
  /** The names in the language, lower-cased; absent when they are the default language's. */
  searchNames?: readonly string[];
}

/** What a snapshot holds of one language besides its records' JSON: each list's index, and its stats. */
type LanguageIndex = Record<ListName, LanguageListIndex> & {
  /** The stat vocabulary in the language; absent from snapshots written before it was kept. */
  stats?: LanguageStats;
};

/** A language as a snapshot keeps it, once its index is read. */
interface StoredLanguage {
  lists: Record<ListName, StoredLanguageList<never>>;
  stats?: LanguageStats;
}

/** A language's lists as a snapshot's header names them: the tag, its index's length and its records'. */
export type LanguageListsHeader = Array<[tag: string, indexLength: number, recordsLength: number]>;

/**
 * Each translated language's lists as they read in it, worked out once when a release is published
 * so that a server reads them as it reads the default language's: per language, an index (each
 * record's JSON length, its blocks, which records fall back, the names; and the stats in the
 * language, whose translations then need not be read either) written with `json`, then
 * every record's JSON in deflated blocks, list by list in LIST_NAMES order. Deflated, because a
 * language's records are mostly the default language's again: a tenth of the bytes to ship.
 */
export function encodeLanguageLists(
  dataset: Dataset,
  json: (value: unknown) => string,
  deflate: BlockCodec['deflate'],
): { header: LanguageListsHeader; parts: Uint8Array[] } {
  const encoder = new TextEncoder();
  const header: LanguageListsHeader = [];
  const parts: Uint8Array[] = [];
  for (const [tag, translations] of Object.entries(dataset.translations)) {
    const index = { stats: localizeStats(dataset.stats, translations) } as LanguageIndex;
    const records: Uint8Array[] = [];
    for (const list of LIST_NAMES) {
      const base = collectionOf(dataset, list);
      const localized = localizeCollection(list, base, translations);
      const encoded = base.ids.map((_, i) => encoder.encode(JSON.stringify(localized.at(i))));
      const { blocks, parts: deflated } = deflateRecordBlocks(encoded, deflate);
      records.push(...deflated);
      index[list] = {
        lengths: encoded.map((bytes) => bytes.length),
        blocks,
        fellBack: base.ids.flatMap((_, i) => (localized.fellBack(i) ? [i] : [])),
        ...(localized.searchNames === base.searchNames
          ? {}
          : { searchNames: localized.searchNames }),
      };
    }
    const indexBytes = encoder.encode(json(index));
    header.push([tag, indexBytes.length, records.reduce((sum, bytes) => sum + bytes.length, 0)]);
    parts.push(indexBytes, ...records);
  }
  return { header, parts };
}

/**
 * The lists in each language of `header`, whose sections start at `offset`: a language's index is
 * read and parsed when one of its lists is first used, a block of its records (inflated with
 * `inflate`) when one of them is; none without `inflate`, whose records are then translated as they
 * are read. Returns where the sections end.
 */
export function decodeLanguageLists(
  header: LanguageListsHeader,
  offset: number,
  section: SectionAt,
  lists: DatasetLists,
  statCount: number,
  inflate: BlockCodec['inflate'] | undefined,
): Pick<Dataset, 'localized' | 'localizedStats'> & { end: number } {
  const languages = new Map<string, () => StoredLanguage>();
  for (const [tag, indexLength, recordsLength] of header) {
    const indexSection = section(offset, indexLength);
    const recordsStart = offset + indexLength;
    let read: StoredLanguage | undefined;
    languages.set(tag, () => {
      if (read) return read;
      const index = JSON.parse(new TextDecoder().decode(indexSection())) as LanguageIndex;
      let start = recordsStart;
      const stored = {} as Record<ListName, StoredLanguageList<never>>;
      for (const list of LIST_NAMES) {
        const { lengths, blocks, fellBack, searchNames } = index[list];
        if (lengths.length !== lists[list].size)
          throw new Error(`dataset snapshot is corrupt: ${list} in ${tag} disagrees in length`);
        stored[list] = {
          records: deflatedRecordBlocks(lengths, blocks, start, section, inflate!),
          fellBack,
          ...(searchNames ? { searchNames } : {}),
        };
        start += blocks.reduce((sum, [, length]) => sum + length, 0);
      }
      if (index.stats && index.stats.stats.length !== statCount)
        throw new Error(`dataset snapshot is corrupt: stats in ${tag} disagree in length`);
      read = { lists: stored, ...(index.stats ? { stats: index.stats } : {}) };
      return read;
    });
    offset += indexLength + recordsLength;
  }
  const made = new Map<string, LocalizedCollection<{ id: string }>>();
  const localized: LocalizedList = <K extends ListName>(tag: string, list: K) => {
    const stored = languages.get(tag);
    if (stored === undefined) return undefined;
    const key = `${tag}\0${list}`;
    let collection = made.get(key);
    if (collection === undefined) {
      collection = storedLocalizedCollection(collectionOf(lists, list), stored().lists[list]);
      made.set(key, collection);
    }
    return collection as LocalizedCollection<ListRecord<K>>;
  };
  const localizedStats = (tag: string) => languages.get(tag)?.().stats;
  return { ...(inflate ? { localized, localizedStats } : {}), end: offset };
}
