import { sortKeys, type ListDescriptor } from '../collections/descriptor.js';
import type { SortSource } from '../collections/fields.js';
import type { Collection } from '../dataset/collection.js';
import type { Dataset } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';
import { indexesOf, type Ranks } from './collection-indexes.js';
import { bytesOf, countDerived } from '../dataset/derived-memory.js';
import { nameRanks } from './name-ranks.js';

/** Most keys one `sort` may name. */
export const MAX_SORT_KEYS = 3;

/** One key of a `sort`: what it orders by, and which way. */
export interface SortKey {
  readonly name: string;
  readonly source: SortSource;
  readonly descending: boolean;
}

const keysByDataset = new WeakMap<Dataset, Map<string, Map<string, SortSource>>>();

function keysOf(list: string, dataset: Dataset): Map<string, SortSource> {
  let byList = keysByDataset.get(dataset);
  if (byList === undefined) keysByDataset.set(dataset, (byList = new Map()));
  let keys = byList.get(list);
  if (keys === undefined) byList.set(list, (keys = sortKeys(dataset.registry.list(list), dataset)));
  return keys;
}

function refuse(descriptor: ListDescriptor, problem: string): never {
  const patterns = descriptor.fields.flatMap((entry) => (entry.sort ? [entry.sort.pattern] : []));
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
export function parseSort(list: string, raw: string, dataset: Dataset): SortKey[] {
  const parts = raw.split(',');
  if (parts.length > MAX_SORT_KEYS)
    refuse(dataset.registry.list(list), `names ${parts.length} keys`);
  const keys = parts.map((part): SortKey => {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const source = keysOf(list, dataset).get(name);
    if (source === undefined) refuse(dataset.registry.list(list), `has an unknown key "${name}"`);
    return { name, source, descending };
  });
  if (new Set(keys.map((key) => key.name)).size < keys.length)
    refuse(dataset.registry.list(list), 'names a key twice');
  return keys.length === 1 && keys[0]!.name === 'id' && !keys[0]!.descending ? [] : keys;
}

/**
 * `sort` in its normal form, for the query's canonical text.
 *
 * @example sortText(parseSort('items', '-rarity,name', dataset)) // '-rarity,name'
 */
export function sortText(keys: readonly SortKey[]): string {
  return keys.map((key) => `${key.descending ? '-' : ''}${key.name}`).join(',');
}

// Name ranks per language view and language: made once each, like the indexes' number ranks.
const namesRanked = new WeakMap<Collection<{ id: string }>, Map<string, Ranks>>();

function ranksOf(
  collection: Collection<{ id: string }>,
  source: SortSource,
  language: string,
): Ranks | undefined {
  switch (source.kind) {
    case 'id':
      // Positions are in id order: the position is the rank.
      return undefined;
    case 'name': {
      let byLanguage = namesRanked.get(collection);
      if (byLanguage === undefined) namesRanked.set(collection, (byLanguage = new Map()));
      let ranks = byLanguage.get(language);
      if (ranks === undefined) {
        byLanguage.set(language, (ranks = nameRanks(collection.searchNames, language)));
        countDerived(collection, bytesOf(ranks));
      }
      return ranks;
    }
    case 'number':
      return indexesOf(collection).numberRanks(source.field, source.key);
  }
}

/** A sort key's records in its order, ascending, ties by position, and each position's rank (-1: lacks it). */
export interface LeadOrder {
  readonly order: Int32Array;
  readonly ranks: Ranks;
}

// Positions in name order, per language view and language: made once each.
const namesOrdered = new WeakMap<Collection<{ id: string }>, Map<string, Int32Array>>();

/** Positions by rank (a counting sort: ranks are dense), ties by position. */
function byRank(ranks: Ranks): Int32Array {
  let top = -1;
  for (const rank of ranks) if (rank > top) top = rank;
  const starts = new Int32Array(top + 2);
  for (const rank of ranks) if (rank >= 0) starts[rank + 1]!++;
  for (let r = 1; r < starts.length; r++) starts[r]! += starts[r - 1] as number;
  const order = new Int32Array(starts[top + 1] ?? 0);
  ranks.forEach((rank, position) => {
    if (rank >= 0) order[starts[rank]!++] = position;
  });
  return order;
}

/**
 * The order of a sort's first key, to walk a page from: by name or by a number; none for `id`, whose
 * order is the positions'.
 */
export function leadOrder(
  collection: Collection<{ id: string }>,
  key: SortKey,
  language: string,
): LeadOrder | undefined {
  const { source } = key;
  if (source.kind === 'id') return undefined;
  const ranks = ranksOf(collection, source, language) as Ranks;
  if (source.kind === 'number') {
    const sorted = indexesOf(collection).byValue(source.field, source.key);
    return { order: sorted ? sorted.positions : new Int32Array(0), ranks };
  }
  let byLanguage = namesOrdered.get(collection);
  if (byLanguage === undefined) namesOrdered.set(collection, (byLanguage = new Map()));
  let order = byLanguage.get(language);
  if (order === undefined) {
    byLanguage.set(language, (order = byRank(ranks)));
    countDerived(collection, bytesOf(order));
  }
  return { order, ranks };
}

/**
 * How two positions of `collection` compare under `keys` (negative: the first comes first): records
 * lacking a key come after those that have it, in either direction, and the id (ascending) breaks
 * every tie. It reads each key's ranks, made once per release (names once per language), so a new
 * sort costs nothing to set up.
 *
 * @example [a, b].sort(comparatorOf(dataset.items, parseSort('items', '-rarity', dataset), 'en'))
 */
export function comparatorOf(
  collection: Collection<{ id: string }>,
  keys: readonly SortKey[],
  language: string,
): (a: number, b: number) => number {
  const ranks = keys.map((key) => ranksOf(collection, key.source, language));
  const descending = keys.map((key) => key.descending);
  return (a, b) => {
    for (let k = 0; k < ranks.length; k++) {
      const rank = ranks[k];
      const ra = rank === undefined ? a : (rank[a] as number);
      const rb = rank === undefined ? b : (rank[b] as number);
      if (ra !== rb) {
        if (ra < 0) return 1;
        if (rb < 0) return -1;
        return descending[k] ? rb - ra : ra - rb;
      }
    }
    return a - b;
  };
}

/**
 * How positions of `collection` compare under `keys`, as `comparatorOf` says, as one whole number a
 * position, the smaller first, that ends in the position itself (`number % size`): each key's rank a
 * digit (lacking it: the last digit value; descending: counted from the end), the position last. For
 * sorts whose digits fit in a double's 53 bits: two keys at up to about 200,000 records; else none.
 *
 * @example sortNumbers(dataset.items, parseSort('items', '-rarity', dataset), 'en')?.(3)
 */
export function sortNumbers(
  collection: Collection<{ id: string }>,
  keys: readonly SortKey[],
  language: string,
): ((position: number) => number) | undefined {
  const { size } = collection;
  if ((size + 1) ** keys.length * size > Number.MAX_SAFE_INTEGER) return undefined;
  const digits = keys.map((key) => ({
    ranks: ranksOf(collection, key.source, language),
    descending: key.descending,
  }));
  return (position) => {
    let number = 0;
    for (const { ranks, descending } of digits) {
      const rank = ranks === undefined ? position : (ranks[position] as number);
      number = number * (size + 1) + (rank < 0 ? size : descending ? size - 1 - rank : rank);
    }
    return number * size + position;
  };
}
