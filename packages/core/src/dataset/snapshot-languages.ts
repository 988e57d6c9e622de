import { LIST_NAMES, type ListName } from '../collections/list-names.js';
import type {
  Dataset,
  DatasetLists,
  LanguageStats,
  ListRecord,
  LocalizedList,
  StoredLanguageList,
} from './dataset.js';
import {
  deflatedRecordBlocks,
  type BlockCodec,
  type DeflatedBlock,
  type SectionAt,
} from './record-blocks.js';

/** What a snapshot holds of one list in one language, besides the records' JSON. */
export interface LanguageListIndex {
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
export type LanguageIndex = Record<ListName, LanguageListIndex> & {
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
 * One translated language's lists as publishing worked them out (`publishedLanguages`): each list's
 * index and the stats in the language, then every record's JSON in deflated blocks, list by list in
 * LIST_NAMES order.
 */
export interface PublishedLanguage {
  tag: string;
  index: LanguageIndex;
  blocks: Uint8Array[];
}

/**
 * The section of each translated language's lists, so that a server reads them as it reads the
 * default language's: per language, its index written with `json`, then its records' blocks.
 */
export function encodeLanguageLists(
  languages: readonly PublishedLanguage[],
  json: (value: unknown) => string,
): { header: LanguageListsHeader; parts: Uint8Array[] } {
  const encoder = new TextEncoder();
  const header: LanguageListsHeader = [];
  const parts: Uint8Array[] = [];
  for (const { tag, index, blocks } of languages) {
    const indexBytes = encoder.encode(json(index));
    header.push([tag, indexBytes.length, blocks.reduce((sum, bytes) => sum + bytes.length, 0)]);
    parts.push(indexBytes, ...blocks);
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
  const localized: LocalizedList = <K extends ListName>(tag: string, list: K) =>
    languages.get(tag)?.().lists[list] as StoredLanguageList<ListRecord<K>> | undefined;
  const localizedStats = (tag: string) => languages.get(tag)?.().stats;
  return { ...(inflate ? { localized, localizedStats } : {}), end: offset };
}
