/**
 * List-parameter types of the gamedata API, generated from the collection descriptors of
 * @gamedata/core by scripts/generate-list-params.ts. Do not edit by hand: run
 * `pnpm --filter @gamedata/sdk generate`.
 */

import type { PageParams } from '../page-params.js';

/**
 * Filters of `/v1/items`; they combine with AND.
 *
 * @example
 * await gd.items.list({ slot: 'head', rarity: 'legendary', cosmetic: false });
 */
export interface ItemListParams extends PageParams {
  /** Exact match, case-insensitive. */
  slot?: string | undefined;
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`); off the scale is a 400. */
  rarity?: number | string | undefined;
  /** Exact match, case-insensitive. */
  subtype?: string | undefined;
  /** Items without the field count as not cosmetic. */
  cosmetic?: boolean | undefined;
  /** Case-insensitive substring of the name, at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/**
 * Filters of `/v1/abilities`; they combine with AND.
 *
 * @example
 * await gd.abilities.list({ category: 'arcane', q: 'mark' });
 */
export interface AbilityListParams extends PageParams {
  /** Exact match, case-insensitive. */
  category?: string | undefined;
  /** Case-insensitive substring of the name, at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/**
 * Filters of `/v1/relics`; they combine with AND.
 *
 * @example
 * await gd.relics.list({ rarity: 3 });
 */
export interface RelicListParams extends PageParams {
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`); off the scale is a 400. */
  rarity?: number | string | undefined;
  /** Case-insensitive substring of the name, at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/**
 * Filters of `/v1/followers`; they combine with AND.
 *
 * @example
 * await gd.followers.list({ rarity: 'epic', q: 'bear' });
 */
export interface FollowerListParams extends PageParams {
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`); off the scale is a 400. */
  rarity?: number | string | undefined;
  /** Case-insensitive substring of the name, at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}
