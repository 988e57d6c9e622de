/**
 * List-parameter types of the gamedata API, generated from the collection descriptors of
 * @gamedata/core and the demo's current release by scripts/generate-list-params.ts. Do not edit by
 * hand: run `pnpm --filter @gamedata/sdk generate`.
 */

import type { PageParams } from '../page-params.js';

/**
 * Filters of `/v1/items`; they combine with AND.
 *
 * @example
 * await gd.items.list({ slot: 'head', rarity: 'legendary', cosmetic: false });
 */
export interface ItemListParams extends PageParams {
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  slot?: 'back' | 'chest' | 'feet' | 'hands' | 'head' | 'legs' | 'mainhand' | 'mount' | 'neck' | 'offhand' | 'pet' | 'ring' | 'shoulders' | 'trinket' | 'twohand' | (string & {}) | undefined;
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`); off the scale is a 400. */
  rarity?: 0 | 1 | 2 | 3 | 4 | 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary' | undefined;
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  subtype?: 'axe' | 'bow' | 'cloth' | 'dagger' | 'drake' | 'focus' | 'greatsword' | 'hat' | 'idol' | 'leather' | 'mace' | 'mail' | 'plate' | 'polearm' | 'shield' | 'signet' | 'staff' | 'steed' | 'sword' | 'tome' | 'torc' | 'wand' | 'wings' | (string & {}) | undefined;
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
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  category?: 'defense' | 'movement' | 'offense' | 'summoning' | 'support' | 'utility' | (string & {}) | undefined;
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
  rarity?: 0 | 1 | 2 | 3 | 4 | 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary' | undefined;
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
  rarity?: 0 | 1 | 2 | 3 | 4 | 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary' | undefined;
  /** Case-insensitive substring of the name, at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}
