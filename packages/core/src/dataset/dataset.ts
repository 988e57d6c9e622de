import type { Ability, Follower, Item, Meta, Relic, Stat } from '../schemas/records.js';
import type { RarityLevel } from './export-schemas.js';

/** The files a dataset directory holds, besides its `sprites/` folder. */
export const DATASET_FILES = {
  manifest: 'manifest.json',
  items: 'items.json',
  abilities: 'abilities.json',
  relics: 'relics.json',
  followers: 'followers.json',
  stats: 'stats.json',
} as const;

/** What an adapter reads from storage and hands to `loadDataset`; core itself does no I/O. */
export interface DatasetSource {
  /** Text of each file in `DATASET_FILES`, by file name; a missing file is absent. */
  files: Readonly<Record<string, string | undefined>>;
  /** PNG bytes of each sprite, by sprite id (the file name without `.png`). */
  sprites: ReadonlyMap<string, Uint8Array<ArrayBuffer>>;
}

export interface Sprite {
  bytes: Uint8Array<ArrayBuffer>;
  /** Strong, content-based etag. */
  etag: string;
}

/**
 * The fields list filters read (spec §4, "Query parameters of list endpoints"). They are kept apart
 * from the records, so filtering never needs a whole record: a collection read from a snapshot can
 * then leave its records unparsed until one is served.
 */
export const FILTER_FIELDS = ['slot', 'rarity', 'subtype', 'cosmetic', 'category'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/**
 * Each filterable field's values, index-aligned with the records, null where a record has none. A
 * field no record has has no column.
 */
export type FilterColumns = Partial<Record<FilterField, ReadonlyArray<string | number | boolean | null>>>;

/** A public collection, ordered by id, with what filtering needs computed once at load. */
export interface Collection<T extends { id: string }> {
  /** How many records it holds. */
  readonly size: number;
  /** The record at `index` in id order (0 ≤ index < size). */
  at(index: number): T;
  /** The record with `id`, or undefined when there is none. */
  get(id: string): T | undefined;
  /** Record ids in id order. */
  readonly ids: readonly string[];
  /** The filterable fields, column by column. */
  readonly columns: FilterColumns;
  /** Lower-cased names, index-aligned with the records, for the `q` filter. */
  readonly searchNames: readonly string[];
  /**
   * Every record in id order. From a snapshot, the first use parses every record; serving a request
   * uses `at`, which parses only what it sends.
   */
  readonly records: readonly T[];
}

/** Code-unit order of ids: the documented order of every list. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The record with `id`, found by binary search over ids in id order; `at` reads the record at a position. */
export function findById<T>(ids: readonly string[], id: string, at: (index: number) => T): T | undefined {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const midId = ids[mid] as string;
    if (midId === id) return at(mid);
    if (compareIds(midId, id) < 0) low = mid + 1;
    else high = mid;
  }
  return undefined;
}

function filterColumnsOf(records: readonly Record<string, unknown>[]): FilterColumns {
  const columns: FilterColumns = {};
  for (const field of FILTER_FIELDS) {
    if (records.some((record) => record[field] !== undefined)) {
      columns[field] = records.map((record) => (record[field] ?? null) as string | number | boolean | null);
    }
  }
  return columns;
}

/** A collection over records that are already in id order and in memory. */
export function indexCollection<T extends { id: string; name: string }>(records: readonly T[]): Collection<T> {
  const ids = records.map((record) => record.id);
  const at = (index: number) => records[index] as T;
  return {
    size: records.length,
    at,
    get: (id) => findById(ids, id, at),
    ids,
    columns: filterColumnsOf(records),
    searchNames: records.map((record) => record.name.toLowerCase()),
    records,
  };
}

/** A validated, immutable dataset: public records only, nothing internal survives loading. */
export interface Dataset {
  meta: Meta;
  rarities: readonly RarityLevel[];
  items: Collection<Item>;
  abilities: Collection<Ability>;
  relics: Collection<Relic>;
  followers: Collection<Follower>;
  stats: readonly Stat[];
  sprites: ReadonlyMap<string, Sprite>;
}

/** The four paginated collections. */
export const LIST_NAMES = ['items', 'abilities', 'relics', 'followers'] as const;
export type ListName = (typeof LIST_NAMES)[number];
