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

/** A public collection, ordered by id, with what filtering needs computed once at load. */
export interface Collection<T extends { id: string }> {
  records: readonly T[];
  byId: ReadonlyMap<string, T>;
  /** Lower-cased names, index-aligned with `records`, for the `q` filter. */
  searchNames: readonly string[];
}

/** Code-unit order of ids: the documented order of every list. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Builds the lookups of a collection whose records are already in id order. */
export function indexCollection<T extends { id: string; name: string }>(records: readonly T[]): Collection<T> {
  return {
    records,
    byId: new Map(records.map((record) => [record.id, record])),
    searchNames: records.map((record) => record.name.toLowerCase()),
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
export type ListName = 'items' | 'abilities' | 'relics' | 'followers';
