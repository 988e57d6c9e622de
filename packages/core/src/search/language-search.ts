import { COLLECTION_NAMES, LIST_NAMES, type ListName } from '../collections/list-names.js';
import { compareIds, type Collection } from '../dataset/collection.js';
import type { PickedMembers } from '../json-bytes.js';
import { memberPicker } from '../query/field-selection.js';
import type { LanguageList, LanguageStats } from '../language/release-languages.js';
import type { SearchHit } from '../schemas/records.js';
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
  /** Positions in its `data` of the hits whose records have no name in the language. */
  fellBack: number[];
}

type Named = { id: string; name: string; icon?: string };
const decoder = new TextDecoder();
const HIT_MEMBERS = ['id', 'name', 'icon'];

/** A hit as `JSON.stringify` writes it, its members in the schema's order. */
function hitJson(collection: string, { id, name, icon }: Named, match: string): string {
  const hit: SearchHit = {
    collection: collection as SearchHit['collection'],
    id,
    name,
    match: match as SearchHit['match'],
  };
  if (icon !== undefined) hit.icon = icon;
  return JSON.stringify(hit);
}

/**
 * A list's hit as JSON: where the collection keeps its records' JSON, the id, name and icon members
 * are copied from it as they are (`memberPicker`), with nothing parsed or written again.
 */
function listHitJson(
  list: ListName,
  collection: Collection<Named>,
  position: number,
  match: string,
): string {
  const { json } = collection;
  if (json === undefined) return hitJson(list, collection.at(position), match);
  let pick = pickers.get(collection);
  if (pick === undefined)
    pickers.set(collection, (pick = memberPicker(list, collection, json, HIT_MEMBERS)));
  const { json: bytes, ranges } = pick(position);
  const member = (at: number) => decoder.decode(bytes.subarray(ranges[at], ranges[at + 1]));
  // `"id":…,"name":…`, a record's first two members, are one run of its bytes, read at once.
  const named =
    ranges[2] === (ranges[1] as number) + 1
      ? decoder.decode(bytes.subarray(ranges[0], ranges[3]))
      : `${member(0)},${member(2)}`;
  const icon = ranges.length > 4 ? `,${member(4)}` : '';
  return `{"collection":"${list}",${named},"match":"${match}"${icon}}`;
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
    const data = hits.map(({ entry, match }, at): string => {
      let collection = 0;
      while (entry >= (starts as Int32Array)[collection + 1]!) collection++;
      const position = entry - (starts as Int32Array)[collection]!;
      const list = LIST_NAMES[collection];
      if (list === undefined) {
        const { stats, fellBack: statsFellBack } = language.stats();
        const index = (statOrder as number[])[position] as number;
        const stat = stats[index] as { key: string; name: string };
        if (statsFellBack.includes(index)) fellBack.push(at);
        return hitJson('stats', { id: stat.key, name: stat.name }, match);
      }
      const { collection: records, fellBack: fell } = language.list(list);
      if (fell(position)) fellBack.push(at);
      return listHitJson(list, records, position, match);
    });
    return {
      json: `{"data":[${data.join(',')}],"meta":{"total":${total},"count":${data.length}}}`,
      fellBack,
    };
  };
}
