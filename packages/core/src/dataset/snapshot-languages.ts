import type {
  Dataset,
  DatasetLists,
  LanguageStats,
  LocalizedList,
  StoredLanguageList,
} from './dataset.js';
import type { AnyListRecord } from '../collections/list-types.js';
import {
  deflatedRecordBlocks,
  type BlockCodec,
  type DeflatedBlock,
  type Section,
  type SectionAt,
} from './record-blocks.js';
import { olderThanServed } from './snapshot-format.js';

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
export type LanguageIndex = Record<string, LanguageListIndex> & {
  /** The stat vocabulary in the language (absent from files an earlier writer wrote: refused). */
  stats: LanguageStats;
};

/** A language as a snapshot keeps it, once its index is read. */
interface StoredLanguage {
  lists: Record<string, StoredLanguageList<AnyListRecord>>;
  stats: LanguageStats;
}

/** A language's lists as a snapshot's header names them: the tag, its index's length and its records'. */
export type LanguageListsHeader = Array<[tag: string, indexLength: number, recordsLength: number]>;

/**
 * One translated language's lists as publishing worked them out (`publishedLanguages`): each list's
 * index and the stats in the language, then every record's JSON in deflated blocks, list by list in
 * the registry's order.
 */
export interface PublishedLanguage {
  tag: string;
  index: LanguageIndex;
  blocks: Uint8Array[];
}

/**
 * Each translated language's lists, as a release file stores them so that a server reads them as it
 * reads the default language's: per language, its index written with `json`, and its records' blocks.
 */
export function encodeLanguageLists(
  languages: readonly PublishedLanguage[],
  json: (value: unknown) => string,
): {
  header: LanguageListsHeader;
  sections: Array<{
    tag: string;
    index: Uint8Array;
    blocks: Array<[records: number, bytes: Uint8Array]>;
  }>;
} {
  const encoder = new TextEncoder();
  const header: LanguageListsHeader = [];
  const sections = languages.map(({ tag, index, blocks }) => {
    const indexBytes = encoder.encode(json(index));
    header.push([tag, indexBytes.length, blocks.reduce((sum, bytes) => sum + bytes.length, 0)]);
    // Every member but `stats` is a list's (no list may be named `stats`), in the order of the blocks.
    const records = Object.entries(index).flatMap(([name, list]) =>
      name === 'stats' ? [] : (list as LanguageListIndex).blocks.map(([count]) => count),
    );
    return {
      tag,
      index: indexBytes,
      blocks: blocks.map((bytes, at) => [records[at] as number, bytes] as [number, Uint8Array]),
    };
  });
  return { header, sections };
}

/** Where one language's lists are in a release file: its index, and its records' blocks. */
export interface LanguageListsAt {
  index: Section;
  records: { offset: number; blocks?: ReadonlyArray<readonly [number, number, number?]> };
  section: SectionAt;
}

/**
 * The lists in each language of `header`, each found with `sectionsOf`: a language's index is read
 * and parsed when one of its lists is first used, a block of its records (inflated with `inflate`)
 * when one of them is; none without `inflate`, whose records are then translated as they are read.
 */
export function decodeLanguageLists(
  header: LanguageListsHeader,
  sectionsOf: (tag: string, indexLength: number, recordsLength: number) => LanguageListsAt,
  lists: DatasetLists,
  statCount: number,
  inflate: BlockCodec['inflate'] | undefined,
): Pick<Dataset, 'localized' | 'localizedStats'> {
  const languages = new Map<string, () => StoredLanguage>();
  for (const [tag, indexLength, recordsLength] of header) {
    const { index: indexSection, records, section } = sectionsOf(tag, indexLength, recordsLength);
    let read: StoredLanguage | undefined;
    languages.set(tag, () => {
      if (read) return read;
      const index = JSON.parse(new TextDecoder().decode(indexSection())) as LanguageIndex;
      if (!index.stats) throw olderThanServed(`the lists in ${tag} without their stats`);
      let start = records.offset;
      let block = 0;
      const stored: Record<string, StoredLanguageList<AnyListRecord>> = {};
      for (const [list, { size }] of Object.entries(lists)) {
        const listIndex = index[list];
        if (listIndex === undefined)
          throw new Error(`dataset snapshot is corrupt: the lists in ${tag} lack ${list}`);
        const { lengths, blocks, fellBack, searchNames } = listIndex;
        if (lengths.length !== size)
          throw new Error(`dataset snapshot is corrupt: ${list} in ${tag} disagrees in length`);
        const crcs = blocks.map(([count, length], at) => {
          const entry = records.blocks?.[block + at];
          if (entry && (entry[0] !== count || entry[1] !== length))
            throw new Error(
              `dataset snapshot is corrupt: the blocks of ${list} in ${tag} disagree`,
            );
          return entry?.[2];
        });
        stored[list] = {
          records: deflatedRecordBlocks(lengths, blocks, start, section, inflate!, crcs),
          fellBack,
          ...(searchNames ? { searchNames } : {}),
        };
        start += blocks.reduce((sum, [, length]) => sum + length, 0);
        block += blocks.length;
      }
      if (records.blocks && block !== records.blocks.length)
        throw new Error(`dataset snapshot is corrupt: the blocks of the lists in ${tag} disagree`);
      if (index.stats.stats.length !== statCount)
        throw new Error(`dataset snapshot is corrupt: stats in ${tag} disagree in length`);
      read = { lists: stored, stats: index.stats };
      return read;
    });
  }
  const localized: LocalizedList = (tag, list) => languages.get(tag)?.().lists[list];
  const localizedStats = (tag: string) => languages.get(tag)?.().stats;
  return inflate ? { localized, localizedStats } : {};
}
