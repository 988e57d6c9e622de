import { COLLECTIONS } from '../collections/collections.js';
import { sortKeys } from '../collections/descriptor.js';
import type { SortSource } from '../collections/fields.js';
import type { ListName } from '../collections/list-names.js';
import type { Collection } from '../dataset/collection.js';
import type { Dataset } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';
import { indexesOf, type Ranks } from './collection-indexes.js';

/** Most keys one `sort` may name. */
export const MAX_SORT_KEYS = 3;

/** One key of a `sort`: what it orders by, and which way. */
export interface SortKey {
  readonly name: string;
  readonly source: SortSource;
  readonly descending: boolean;
}

/** A list's order for one `sort`: the positions in that order, and each position's place in it. */
export interface Order {
  readonly positions: Int32Array;
  readonly places: Int32Array;
}

const keysByDataset = new WeakMap<Dataset, Map<ListName, Map<string, SortSource>>>();

function keysOf(list: ListName, dataset: Dataset): Map<string, SortSource> {
  let byList = keysByDataset.get(dataset);
  if (byList === undefined) keysByDataset.set(dataset, (byList = new Map()));
  let keys = byList.get(list);
  if (keys === undefined) byList.set(list, (keys = sortKeys(COLLECTIONS[list], dataset)));
  return keys;
}

function refuse(list: ListName, problem: string): never {
  const patterns = COLLECTIONS[list].fields.flatMap((entry) =>
    entry.sort ? [entry.sort.pattern] : [],
  );
  throw badRequest(
    `sort ${problem}; it takes up to ${MAX_SORT_KEYS} keys, comma-separated, each with \`-\` for descending: ${patterns.join(', ')} (stat keys from /v1/stats)`,
  );
}

/**
 * Parses `sort` (JSON:API style: `-rarity,name`). The default order, `id` ascending, reads as no
 * sort at all, so `?sort=id` is the same query as none to caches and cursors.
 *
 * @example parseSort('items', '-rarity,name', dataset).map((key) => key.name) // ['rarity', 'name']
 */
export function parseSort(list: ListName, raw: string, dataset: Dataset): SortKey[] {
  const parts = raw.split(',');
  if (parts.length > MAX_SORT_KEYS) refuse(list, `names ${parts.length} keys`);
  const keys = parts.map((part): SortKey => {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const source = keysOf(list, dataset).get(name);
    if (source === undefined) refuse(list, `has an unknown key "${name}"`);
    return { name, source, descending };
  });
  if (new Set(keys.map((key) => key.name)).size < keys.length) refuse(list, 'names a key twice');
  return keys.length === 1 && keys[0]?.name === 'id' && !keys[0].descending ? [] : keys;
}

/**
 * `sort` in its normal form, for the query's canonical text.
 *
 * @example sortText(parseSort('items', '-rarity, name', dataset)) // '-rarity,name'
 */
export function sortText(keys: readonly SortKey[]): string {
  return keys.map((key) => `${key.descending ? '-' : ''}${key.name}`).join(',');
}

/** Ranks by name as `language` collates it, base letters only (`Éclair` with `eclair`). */
function nameRanks(collection: Collection<{ id: string }>, language: string): Ranks {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const names = [...new Set(collection.searchNames)].sort(collator.compare);
  const rankOf = new Map<string, number>();
  let rank = -1;
  names.forEach((name, i) => {
    if (i === 0 || collator.compare(names[i - 1] as string, name) !== 0) rank++;
    rankOf.set(name, rank);
  });
  return Int32Array.from(collection.searchNames, (name) => rankOf.get(name) as number);
}

function ranksOf(
  collection: Collection<{ id: string }>,
  source: SortSource,
  language: string,
): Ranks {
  switch (source.kind) {
    case 'id':
      return Int32Array.from(collection.ids.keys());
    case 'name':
      return nameRanks(collection, language);
    case 'number':
      return indexesOf(collection).numberRanks(source.field, source.key);
  }
}

/** Orders kept per collection (one language's view), by sort text: bounded, as `sort` is the caller's. */
const MAX_ORDERS = 16;
const orders = new WeakMap<Collection<{ id: string }>, Map<string, Order>>();

/**
 * The order of `collection` under `keys`: records lacking a key come after those that have it, in
 * either direction, and the id (ascending) breaks every tie. Worked out once per sort and language
 * view, then walked by every query that uses it.
 *
 * @example orderOf(dataset.items, parseSort('items', '-rarity', dataset), 'en').positions[0]
 */
export function orderOf(
  collection: Collection<{ id: string }>,
  keys: readonly SortKey[],
  language: string,
): Order {
  let kept = orders.get(collection);
  if (kept === undefined) orders.set(collection, (kept = new Map()));
  const text = `${sortText(keys)}|${language}`;
  let order = kept.get(text);
  if (order === undefined) {
    const ranks = keys.map((key) => ranksOf(collection, key.source, language));
    const descending = keys.map((key) => key.descending);
    const positions = Int32Array.from(collection.ids.keys()).sort((a, b) => {
      for (let k = 0; k < ranks.length; k++) {
        const rank = ranks[k] as Ranks;
        const ra = rank[a] as number;
        const rb = rank[b] as number;
        if (ra !== rb) {
          if (ra < 0) return 1;
          if (rb < 0) return -1;
          return descending[k] ? rb - ra : ra - rb;
        }
      }
      return a - b;
    });
    const places = new Int32Array(positions.length);
    positions.forEach((position, place) => (places[position] = place));
    order = { positions, places };
    if (kept.size >= MAX_ORDERS) kept.clear();
    kept.set(text, order);
  }
  return order;
}
