import { COLLECTION_NAMES, LIST_NAMES, type ListName } from '../collections/list-names.js';
import { compareIds, type Collection } from '../dataset/collection.js';
import { joinJsonArray, type PickedMembers } from '../json-bytes.js';
import { fieldPicker } from '../query/field-selection.js';
import type { LanguageList, LanguageStats } from '../language/release-languages.js';
import type { SearchHit, SearchResults } from '../schemas/records.js';
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
  body: SearchResults;
  /** Positions in `body.data` of the hits whose records have no name in the language. */
  fellBack: number[];
}

type Named = { id: string; name: string; icon?: string };
const decoder = new TextDecoder();

/**
 * A hit's record, as far as a hit shows it: from its JSON as stored, where the collection keeps it,
 * only the members a hit needs are read (`fieldPicker`), not the whole record parsed.
 */
function hitFields(list: ListName, collection: Collection<Named>, position: number): Named {
  const { json } = collection;
  if (json === undefined) return collection.at(position);
  let pick = pickers.get(collection);
  if (pick === undefined)
    pickers.set(collection, (pick = fieldPicker(list, collection, json, ['icon'])));
  return (JSON.parse(decoder.decode(joinJsonArray([pick(position)]))) as Named[])[0] as Named;
}

/** Each collection's picker of what a hit shows. */
const pickers = new WeakMap<Collection<Named>, (position: number) => PickedMembers>();

/**
 * Search over one language's names (README, "Search"): its index is built on the first search, so a
 * release that is never searched, or not in this language, pays nothing for it.
 *
 * @example languageSearch(language)(parseSearchQuery(new URLSearchParams('q=amulet fox'))).body.data[0]?.name
 */
export function languageSearch(language: SearchLanguage): (query: SearchQuery) => SearchAnswer {
  let search: Search | undefined;
  let statOrder: number[] | undefined;
  let starts: Int32Array | undefined;
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
    return createSearch(index);
  };
  return (query) => {
    search ??= build();
    const selected = query.collections?.map((name) => COLLECTION_NAMES.indexOf(name));
    const { hits, total } = search(query.text, query.limit, selected);
    const fellBack: number[] = [];
    const data = hits.map(({ entry, match }, at): SearchHit => {
      let collection = 0;
      while (entry >= (starts as Int32Array)[collection + 1]!) collection++;
      const position = entry - (starts as Int32Array)[collection]!;
      const list = LIST_NAMES[collection];
      if (list === undefined) {
        const { stats, fellBack: statsFellBack } = language.stats();
        const index = (statOrder as number[])[position] as number;
        const stat = stats[index] as { key: string; name: string };
        if (statsFellBack.includes(index)) fellBack.push(at);
        return { collection: 'stats', id: stat.key, name: stat.name, match };
      }
      const { collection: records, fellBack: fell } = language.list(list);
      const record = hitFields(list, records, position);
      if (fell(position)) fellBack.push(at);
      return {
        collection: list,
        id: record.id,
        name: record.name,
        match,
        ...(record.icon === undefined ? {} : { icon: record.icon }),
      };
    });
    return { body: { data, meta: { total, count: data.length } }, fellBack };
  };
}
