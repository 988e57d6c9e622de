import type { ListDescriptor } from '../collections/descriptor.js';
import { STATS } from '../collections/registry.js';
import { compareIds, positionOfId, type Collection } from '../dataset/collection.js';
import { concatBytes } from '../json-bytes.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import type { LanguageList, LanguageStats } from '../language/release-languages.js';
import type { Stat } from '../schemas/records.js';
import { HitTextWriter, writtenNames, type HitTexts, type Named } from './hit-texts.js';
import { joiningWords } from './joining-words.js';
import { languageAliases } from '../dataset/aliases.js';
import { MATCH_RULES } from './match-rules.js';
import { createSearch, type Search } from './search.js';
import { buildSearchIndex } from './search-index.js';
import type { SearchQuery } from './search-query.js';
import { countDerived } from '../dataset/derived-memory.js';

const encoder = new TextEncoder();
/** What opens a hit of each collection: the answer's first, and any after one. */
const openings = (names: readonly string[], before: string) =>
  names.map((name) => encoder.encode(`${before}{"collection":"${name}",`));
const EMPTY = new Uint8Array(0);
/** What follows a hit's name, for each rule. */
const MATCHES = MATCH_RULES.map((rule) => encoder.encode(`,"match":"${rule}"`));

/**
 * One language's records, as search reads them: its lists, its stat vocabulary, and the texts of
 * its hits where its release keeps them.
 */
export interface SearchLanguage {
  /** The lists searched, in their registry's order, before the stats. */
  lists: readonly ListDescriptor[];
  list(list: string): LanguageList<Named>;
  stats(): LanguageStats;
  /** Its records' hit texts as its release keeps them (`searchHitTexts`); undefined where it does not. */
  hitTexts?(): HitTexts | undefined;
  /** Its language and the release's own (BCP 47), whose joining words initials may leave out. */
  tags: readonly string[];
  /** A collection's aliases in this language (`languageAliases`), by record id (stat key). */
  aliases?(collection: string): Readonly<Record<string, readonly string[]>>;
}

/** A collection's aliases as (position, alias); `positionOf` gives a record's position, -1 for none. */
function aliasesAt(
  byId: Readonly<Record<string, readonly string[]>>,
  positionOf: (id: string) => number,
): Array<[number, string]> {
  return Object.entries(byId).flatMap(([id, aliases]) => {
    const position = positionOf(id);
    return position < 0 ? [] : aliases.map((alias): [number, string] => [position, alias]);
  });
}

/** The positions of `stats` in key order: hits tie in id order, and a stat's id is its key. */
function statKeyOrder(stats: LanguageStats['stats']): number[] {
  return stats
    .map((_, index) => index)
    .sort((a, b) => compareIds((stats[a] as Stat).key, (stats[b] as Stat).key));
}

/**
 * Every record's hit text in `language`, in the order its search numbers them: each list's records
 * in the registry's order, then the stats by key. A release keeps them, written when it is published,
 * so that a server's first search in a language reads none of its records.
 */
export function searchHitTexts(
  language: Pick<SearchLanguage, 'lists' | 'list' | 'stats'>,
): HitTexts {
  const { stats } = language.stats();
  const collections = language.lists.map(({ name }) => language.list(name).collection);
  const writer = new HitTextWriter(
    collections.reduce((sum, collection) => sum + collection.size, stats.length),
  );
  language.lists.forEach((descriptor, at) =>
    writer.addCollection(descriptor, collections[at] as Collection<Named>),
  );
  for (const position of statKeyOrder(stats)) {
    const { key, name } = stats[position] as Stat;
    writer.addNamed({ id: key, name });
  }
  return writer.finish();
}

/** A search's answer in one language, and which of its hits keep their default-language name. */
export interface SearchAnswer {
  /** The answer's body, as `JSON.stringify` writes a `SearchResults`, in UTF-8. */
  body: Uint8Array<ArrayBuffer>;
  /** Positions in its `data` of the hits whose records keep some text in the default language. */
  fellBack: number[];
}

/**
 * Search over one language's names (README, "Search"): its index is built on the first search, so a
 * release that is never searched, or not in this language, pays nothing for it.
 *
 * @example languageSearch(language)(parseSearchQuery(new URLSearchParams('q=amulet fox'))).body
 */
export function languageSearch(language: SearchLanguage): (query: SearchQuery) => SearchAnswer {
  const names = [...language.lists.map(({ name }) => name), STATS];
  const [openHits, nextHits] = [openings(names, '{"data":['), openings(names, '},')];
  let search: Search | undefined;
  let statOrder: number[] | undefined;
  let starts: Int32Array | undefined;
  // Each entry's hit text, but for the collection and the rule.
  let texts: HitTexts | undefined;
  const build = () => {
    const { stats } = language.stats();
    statOrder = statKeyOrder(stats);
    // Spanning every list, it is counted with the first.
    const first = language.lists[0];
    const count = first
      ? (bytes: number) => countDerived(language.list(first.name).collection, bytes)
      : undefined;
    texts = language.hitTexts?.() ?? searchHitTexts(language);
    const statAt = new Map(statOrder.map((position, at) => [(stats[position] as Stat).key, at]));
    const index = buildSearchIndex({
      ...(count ? { count } : {}),
      joining: joiningWords(language.tags),
      writtenName: writtenNames(texts),
      collections: [
        ...language.lists.map(({ name }) => {
          const { ids, searchNames } = language.list(name).collection;
          const aliases = aliasesAt(language.aliases?.(name) ?? {}, (id) => positionOfId(ids, id));
          return { names: searchNames, aliases };
        }),
        {
          names: statOrder.map((position) => (stats[position] as Stat).name),
          aliases: aliasesAt(language.aliases?.(STATS) ?? {}, (key) => statAt.get(key) ?? -1),
        },
      ],
    });
    starts = index.collectionStarts;
    return createSearch(index, count);
  };
  return (query) => {
    search ??= build();
    const selected = query.collections?.map((name) => names.indexOf(name));
    const { hits, total } = search(query.text, query.limit, selected);
    const fellBack: number[] = [];
    const parts: Uint8Array[] = [];
    hits.forEach(({ entry, match, alias }, at) => {
      let collection = 0;
      while (entry >= (starts as Int32Array)[collection + 1]!) collection++;
      const position = entry - (starts as Int32Array)[collection]!;
      const list = language.lists[collection]?.name;
      const fell =
        list === undefined
          ? language.stats().fellBack.includes((statOrder as number[])[position] as number)
          : language.list(list).fellBack(position);
      if (fell) fellBack.push(at);
      const { bytes, starts: textStarts } = texts as HitTexts;
      const text = (n: number) => bytes.subarray(textStarts[n], textStarts[n + 1]);
      parts.push(
        (at === 0 ? openHits : nextHits)[collection] as Uint8Array,
        text(2 * entry),
        MATCHES[MATCH_RULES.indexOf(match)] as Uint8Array,
        alias === undefined ? EMPTY : encoder.encode(`,"alias":${JSON.stringify(alias)}`),
        text(2 * entry + 1),
      );
    });
    parts.push(
      encoder.encode(
        `${hits.length === 0 ? '{"data":[' : '}'}],"meta":{"total":${total},"count":${hits.length}}}`,
      ),
    );
    return { body: concatBytes(parts), fellBack };
  };
}

/**
 * Search over a dataset's own language, read from its collections as they are: what the reference's
 * examples search, without a release's other languages.
 *
 * @example defaultLanguageSearch(dataset)(parseSearchQuery(new URLSearchParams('q=amber'))).body
 */
export function defaultLanguageSearch(dataset: Dataset): (query: SearchQuery) => SearchAnswer {
  return languageSearch({
    lists: dataset.registry.lists,
    list: (list) => ({ collection: collectionOf(dataset, list), fellBack: () => false }),
    stats: () => ({ stats: dataset.stats, fellBack: [] }),
    hitTexts: () => dataset.searchTexts?.(dataset.language),
    tags: [dataset.language],
    aliases: (collection) =>
      languageAliases(dataset.aliases, dataset.language, dataset.language, collection),
  });
}
