import { createNameIndex, type NameIndex } from '../dataset/name-index.js';
import { emptyBits, type Bitset } from '../bitset.js';
import { foldText } from '../text/fold-text.js';
import { codePointLength } from '../text/code-points.js';
import { sharedStarts } from './word-walk.js';
import { bytesOf, stringBytes } from '../dataset/derived-memory.js';
import { nameInitials } from './name-initials.js';
import { qualifiedNames } from './qualifier-words.js';
import { indexAliases, type IndexedAliases } from './alias-index.js';

/**
 * Ids ascending within each collection, the collections in the order hits tie in: an entry's number
 * then orders hits of equal rule and length as the README says (collection, then id).
 */
export interface SearchSource {
  /**
   * Each collection's names, in the order of its ids, and the names players call its records by
   * (dataset/README.md, "Records"), each as written, by the record's position.
   */
  readonly collections: readonly {
    readonly names: readonly string[];
    readonly aliases?: ReadonlyArray<readonly [position: number, alias: string]>;
  }[];
  /** The words a name's initials may be typed without (`joiningWords`). */
  readonly joining?: ReadonlySet<string>;
  /**
   * An entry's name as written, where it may have CamelCase parts (`FireDrake`), which the folded
   * names have lost; undefined where it has none.
   */
  readonly writtenName?: (entry: number) => string | undefined;
  /** Told what the index holds once built, and what each part it builds later holds. */
  readonly count?: (bytes: number) => void;
}

/** Numbers `[start, end)` of a list of numbers kept end to end in one array. */
export interface Lists {
  readonly values: Int32Array;
  /** Where list `n` starts; list `n` ends where `n + 1` starts. */
  readonly starts: Int32Array;
}

/**
 * What search reads, made once per language (README, "Search"). Records that share a name once
 * folded (`foldText`) — a game's many `Amber Totem`s — are one name here, so the index and every
 * search scale with the distinct names, and each record is an entry: its collection's number of
 * records before it, the collections end to end.
 */
export interface SearchIndex {
  /** The distinct folded names, in code-unit order: a prefix's names are one range of it. */
  readonly names: readonly string[];
  /** The entries with each name, ascending. */
  readonly entries: Lists;
  /** Each name's length in code points (65,535 for any longer), which ranks hits of one rule. */
  readonly nameLengths: Uint16Array;
  /** The distinct words of the names, in code-unit order. */
  readonly words: readonly string[];
  /** How many letters each word shares at its start with the one before (`sharedStarts`). */
  readonly wordsShared: Int32Array;
  /** The names each word is in, ascending. */
  readonly wordNames: Lists;
  /** Each name's words, as positions in `words`, in the order they come (repeats kept). */
  readonly nameWords: Lists;
  /** Which names contain a text. */
  readonly containing: NameIndex;
  /** The distinct ways of typing any name's initials (`nameInitials`), in code-unit order. */
  readonly initials: readonly string[];
  /** The names each of `initials` types, ascending. */
  readonly initialNames: Lists;
  /** 1 for a name that is another name plus a trailing qualifier word (`qualifiedNames`). */
  readonly qualified: Uint8Array;
  /** Every entry's aliases (`indexAliases`), folded, in code-unit order. */
  readonly aliases: IndexedAliases;
  /** Where each collection's entries start, and, last, how many entries there are. */
  readonly collectionStarts: Int32Array;
  /** The names each collection has an entry with. */
  readonly collectionNames: readonly Bitset[];
}

/** Lists from arrays, end to end. */
export function packLists(lists: readonly (readonly number[])[]): Lists {
  const starts = new Int32Array(lists.length + 1);
  for (let n = 0; n < lists.length; n++)
    starts[n + 1] = (starts[n] as number) + (lists[n] as number[]).length;
  const values = new Int32Array(starts[lists.length] as number);
  lists.forEach((list, n) => values.set(list, starts[n] as number));
  return { values, starts };
}

/**
 * The most entries (records and stats, over every collection) one index numbers: a hit's key holds
 * its entry below this (`search.ts`), so an index of more would rank hits by wrong entries.
 */
export const MAX_SEARCH_ENTRIES = 2 ** 24;

/** Refuses a search over more entries than a hit's key can number. */
export function checkEntryCount(count: number): void {
  if (count > MAX_SEARCH_ENTRIES)
    throw new Error(`search numbers at most ${MAX_SEARCH_ENTRIES} records and stats, not ${count}`);
}

/**
 * The search index of `source`: a few hundred milliseconds for 100,000 records, so made on a
 * language's first search rather than when a release loads.
 *
 * @example buildSearchIndex({ collections: [{ names: ['Amber Amulet'] }] }).words // ['amber', 'amulet']
 */
export function buildSearchIndex(source: SearchSource): SearchIndex {
  const entriesByName = new Map<string, number[]>();
  const nameOfEntry: string[] = [];
  const initialsOf = new Map<string, Set<string>>();
  const joining = source.joining ?? new Set<string>();
  const collectionStarts = new Int32Array(source.collections.length + 1);
  let entry = 0;
  const aliases: Array<[number, string]> = [];
  source.collections.forEach(({ names, aliases: named = [] }, collection) => {
    for (const [position, alias] of named) aliases.push([entry + position, alias]);
    for (const name of names) {
      const folded = foldText(name);
      nameOfEntry.push(folded);
      const list = entriesByName.get(folded);
      if (list === undefined) entriesByName.set(folded, [entry]);
      else list.push(entry);
      const written = source.writtenName?.(entry);
      if (list === undefined || written !== undefined) {
        for (const initials of nameInitials(folded, written, joining)) {
          const names = initialsOf.get(initials);
          if (names === undefined) initialsOf.set(initials, new Set([folded]));
          else names.add(folded);
        }
      }
      entry++;
    }
    collectionStarts[collection + 1] = entry;
  });
  checkEntryCount(entry);
  const names = [...entriesByName.keys()].sort();
  const entries = packLists(names.map((name) => entriesByName.get(name) as number[]));

  const wordsOf = names.map((name) => (name === '' ? [] : name.split(' ')));
  const words = [...new Set(wordsOf.flat())].sort();
  const wordAt = new Map(words.map((word, position) => [word, position]));
  const nameWords = wordsOf.map((list) => list.map((word) => wordAt.get(word) as number));
  const wordNames: number[][] = words.map(() => []);
  nameWords.forEach((list, name) => {
    for (const word of list) {
      const names = wordNames[word] as number[];
      // A word a name repeats lists the name once.
      if (names[names.length - 1] !== name) names.push(name);
    }
  });

  const positionOf = new Map(names.map((name, position) => [name, position]));
  const initials = [...initialsOf.keys()].sort();
  const initialNames = packLists(
    initials.map((typed) =>
      [...(initialsOf.get(typed) as Set<string>)]
        .map((name) => positionOf.get(name) as number)
        .sort((a, b) => a - b),
    ),
  );

  const collectionNames = source.collections.map(() => emptyBits(names.length));
  names.forEach((_, name) => {
    const { values, starts } = entries;
    let collection = 0;
    for (let at = starts[name] as number; at < (starts[name + 1] as number); at++) {
      const value = values[at] as number;
      while (value >= (collectionStarts[collection + 1] as number)) collection++;
      const bits = collectionNames[collection] as Bitset;
      bits[name >>> 5] = (bits[name >>> 5] as number) | (1 << (name & 31));
    }
  });

  const index = {
    names,
    entries,
    nameLengths: Uint16Array.from(names, (name) => Math.min(codePointLength(name), 0xffff)),
    words,
    wordsShared: sharedStarts(words),
    wordNames: packLists(wordNames),
    nameWords: packLists(nameWords),
    containing: createNameIndex(names, source.count),
    initials,
    initialNames,
    qualified: qualifiedNames(names, positionOf),
    aliases: indexAliases(
      aliases,
      (entry) => positionOf.get(nameOfEntry[entry] as string) as number,
    ),
    collectionStarts,
    collectionNames,
  };
  source.count?.(searchIndexBytes(index));
  return index;
}

/** What an index holds but its name index (counted when built): its arrays, and its strings at most. */
function searchIndexBytes(index: Omit<SearchIndex, 'containing'>): number {
  const lists = [index.entries, index.wordNames, index.nameWords, index.initialNames];
  return (
    stringBytes(index.names) +
    stringBytes(index.words) +
    stringBytes(index.initials) +
    bytesOf(
      index.wordsShared,
      index.nameLengths,
      index.qualified,
      index.collectionStarts,
      ...index.collectionNames,
    ) +
    stringBytes(index.aliases.folded) +
    stringBytes(index.aliases.written) +
    bytesOf(index.aliases.entries, index.aliases.names) +
    bytesOf(...lists.flatMap(({ values, starts }) => [values, starts]))
  );
}
