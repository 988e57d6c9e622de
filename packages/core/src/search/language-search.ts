import { COLLECTION_NAMES, LIST_NAMES, type ListName } from '../collections/list-names.js';
import { compareIds } from '../dataset/collection.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import type { LanguageList, LanguageStats } from '../language/release-languages.js';
import { hitTexts, hitTextOf, type HitText, type Named } from './hit-texts.js';
import { createSearch, type Search } from './search.js';
import { buildSearchIndex } from './search-index.js';
import type { SearchQuery } from './search-query.js';

/** One language's records, as search reads them: its lists and its stat vocabulary. */
export interface SearchLanguage {
  list(list: ListName): LanguageList<Named>;
  stats(): LanguageStats;
}

/** A search's answer in one language, and which of its hits keep their default-language name. */
export interface SearchAnswer {
  /** The answer's body, as `JSON.stringify` writes a `SearchResults`. */
  json: string;
  /** Positions in its `data` of the hits whose records keep some text in the default language. */
  fellBack: number[];
}

/**
 * Search over one language's names (README, "Search"): its index is built on the first search, so a
 * release that is never searched, or not in this language, pays nothing for it.
 *
 * @example languageSearch(language)(parseSearchQuery(new URLSearchParams('q=amulet fox'))).json
 */
export function languageSearch(language: SearchLanguage): (query: SearchQuery) => SearchAnswer {
  let search: Search | undefined;
  let statOrder: number[] | undefined;
  let starts: Int32Array | undefined;
  // Each entry's hit text, but for the collection and the rule.
  let texts: HitText[] = [];
  const build = () => {
    const { stats } = language.stats();
    // Hits tie in id order: stats are ordered by key, as the lists are by id.
    statOrder = stats
      .map((_, index) => index)
      .sort((a, b) =>
        compareIds((stats[a] as { key: string }).key, (stats[b] as { key: string }).key),
      );
    const index = buildSearchIndex({
      collections: [
        ...LIST_NAMES.map((list) => ({ names: language.list(list).collection.searchNames })),
        { names: statOrder.map((position) => (stats[position] as { name: string }).name) },
      ],
    });
    starts = index.collectionStarts;
    texts = [
      ...LIST_NAMES.flatMap((list) => hitTexts(list, language.list(list).collection)),
      ...statOrder.map((position) => {
        const { key, name } = stats[position] as { key: string; name: string };
        return hitTextOf({ id: key, name });
      }),
    ];
    return createSearch(index);
  };
  return (query) => {
    search ??= build();
    const selected = query.collections?.map((name) => COLLECTION_NAMES.indexOf(name));
    const { hits, total } = search(query.text, query.limit, selected);
    const fellBack: number[] = [];
    const data = hits.map(({ entry, match }, at): string => {
      let collection = 0;
      while (entry >= (starts as Int32Array)[collection + 1]!) collection++;
      const position = entry - (starts as Int32Array)[collection]!;
      const list = LIST_NAMES[collection];
      const fell =
        list === undefined
          ? language.stats().fellBack.includes((statOrder as number[])[position] as number)
          : language.list(list).fellBack(position);
      if (fell) fellBack.push(at);
      const { named, icon } = texts[entry] as HitText;
      return `{"collection":"${list ?? 'stats'}",${named},"match":"${match}"${icon}}`;
    });
    return {
      json: `{"data":[${data.join(',')}],"meta":{"total":${total},"count":${data.length}}}`,
      fellBack,
    };
  };
}

/**
 * Search over a dataset's own language, read from its collections as they are: what the reference's
 * examples search, without a release's other languages.
 *
 * @example defaultLanguageSearch(dataset)(parseSearchQuery(new URLSearchParams('q=amber'))).json
 */
export function defaultLanguageSearch(dataset: Dataset): (query: SearchQuery) => SearchAnswer {
  return languageSearch({
    list: (list) => ({ collection: collectionOf(dataset, list), fellBack: () => false }),
    stats: () => ({ stats: dataset.stats, fellBack: [] }),
  });
}
