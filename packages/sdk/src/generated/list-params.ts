/**
 * Parameter types of the gamedata API's lists and facets, and the lists themselves, generated from the
 * collection descriptors of @gamedata/core and the demo's current release by
 * scripts/generate-list-params.ts. Do not edit by hand: run `pnpm --filter @gamedata/sdk generate`.
 */

import type { PageParams } from '../page-params.js';
import type { Ability, Follower, Item, Relic } from './records.js';

/**
 * Filters of `/v1/items` and `/v1/facets/items`; they combine with AND.
 *
 * @example
 * await gd.items.list({ slot: 'head', rarity: 'legendary', cosmetic: false });
 */
export interface ItemFilters {
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  slot?: 'back' | 'chest' | 'feet' | 'hands' | 'head' | 'legs' | 'mainhand' | 'mount' | 'neck' | 'offhand' | 'pet' | 'ring' | 'shoulders' | 'trinket' | 'twohand' | (string & {}) | undefined;
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`), or a range of them (`'rare..legendary'`, `'3..'`); off the scale is a 400. */
  rarity?: 0 | 1 | 2 | 3 | 4 | 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary' | `${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}..${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}` | `${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}..` | `..${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}` | '*' | undefined;
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  subtype?: 'axe' | 'bow' | 'cloth' | 'dagger' | 'drake' | 'focus' | 'greatsword' | 'hat' | 'idol' | 'leather' | 'mace' | 'mail' | 'plate' | 'polearm' | 'shield' | 'signet' | 'staff' | 'steed' | 'sword' | 'tome' | 'torc' | 'wand' | 'wings' | (string & {}) | undefined;
  /** Records without the field count as `false`. */
  cosmetic?: boolean | undefined;
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  type?: 'accessory' | 'armour' | 'cosmetic' | 'weapon' | (string & {}) | undefined;
  /** Ranges by stat key of `/v1/stats`: `{ mgt: "10.." }` (`a..b`, `a..`, `..b`, one number, or `"*"` for "has it"). */
  stat?: { readonly [key in 'ar2' | 'as1' | 'bla' | 'blc' | 'cdx' | 'crc' | 'cs1' | 'ddg' | 'e1f' | 'e2c' | 'e3s' | 'e4d' | 'e5r' | 'e6p' | 'fcs' | 'fns' | 'hl4' | 'hp0' | 'hst' | 'k9c' | 'lch' | 'mfd' | 'mgt' | 'mn0' | 'mvz' | 'q7r' | 'r1f' | 'r2c' | 'r3s' | 'r4d' | 'rg1' | 'rg2' | 'sp4' | 'spt' | 'thn' | 'thr' | 'vgr' | 'wd2' | 'wpd' | 'xpg' | (string & {})]?: string | number | undefined } | undefined;
  /** Ranges by stat key of `/v1/stats`: `{ mgt: "10.." }` (`a..b`, `a..`, `..b`, one number, or `"*"` for "has it"). */
  roll?: { readonly [key in 'ar2' | 'as1' | 'bla' | 'blc' | 'cdx' | 'crc' | 'cs1' | 'ddg' | 'e1f' | 'e2c' | 'e3s' | 'e4d' | 'e5r' | 'e6p' | 'fcs' | 'fns' | 'hl4' | 'hp0' | 'hst' | 'k9c' | 'lch' | 'mfd' | 'mgt' | 'mn0' | 'mvz' | 'q7r' | 'r1f' | 'r2c' | 'r3s' | 'r4d' | 'rg1' | 'rg2' | 'sp4' | 'spt' | 'thn' | 'thr' | 'vgr' | 'wd2' | 'wpd' | 'xpg' | (string & {})]?: string | number | undefined } | undefined;
  /** Case-insensitive substring of the name (Unicode case folding; accents count), at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/** A sort key of `/v1/items`, ascending; `-` before it for descending. */
export type ItemSortKey = 'id' | 'name' | 'rarity' | 'stat.ar2' | 'stat.as1' | 'stat.bla' | 'stat.blc' | 'stat.cdx' | 'stat.crc' | 'stat.cs1' | 'stat.ddg' | 'stat.e1f' | 'stat.e2c' | 'stat.e3s' | 'stat.e4d' | 'stat.e5r' | 'stat.e6p' | 'stat.fcs' | 'stat.fns' | 'stat.hl4' | 'stat.hp0' | 'stat.hst' | 'stat.k9c' | 'stat.lch' | 'stat.mfd' | 'stat.mgt' | 'stat.mn0' | 'stat.mvz' | 'stat.q7r' | 'stat.r1f' | 'stat.r2c' | 'stat.r3s' | 'stat.r4d' | 'stat.rg1' | 'stat.rg2' | 'stat.sp4' | 'stat.spt' | 'stat.thn' | 'stat.thr' | 'stat.vgr' | 'stat.wd2' | 'stat.wpd' | 'stat.xpg' | 'roll.ar2.min' | 'roll.ar2.max' | 'roll.as1.min' | 'roll.as1.max' | 'roll.bla.min' | 'roll.bla.max' | 'roll.blc.min' | 'roll.blc.max' | 'roll.cdx.min' | 'roll.cdx.max' | 'roll.crc.min' | 'roll.crc.max' | 'roll.cs1.min' | 'roll.cs1.max' | 'roll.ddg.min' | 'roll.ddg.max' | 'roll.e1f.min' | 'roll.e1f.max' | 'roll.e2c.min' | 'roll.e2c.max' | 'roll.e3s.min' | 'roll.e3s.max' | 'roll.e4d.min' | 'roll.e4d.max' | 'roll.e5r.min' | 'roll.e5r.max' | 'roll.e6p.min' | 'roll.e6p.max' | 'roll.fcs.min' | 'roll.fcs.max' | 'roll.fns.min' | 'roll.fns.max' | 'roll.hl4.min' | 'roll.hl4.max' | 'roll.hp0.min' | 'roll.hp0.max' | 'roll.hst.min' | 'roll.hst.max' | 'roll.k9c.min' | 'roll.k9c.max' | 'roll.lch.min' | 'roll.lch.max' | 'roll.mfd.min' | 'roll.mfd.max' | 'roll.mgt.min' | 'roll.mgt.max' | 'roll.mn0.min' | 'roll.mn0.max' | 'roll.mvz.min' | 'roll.mvz.max' | 'roll.q7r.min' | 'roll.q7r.max' | 'roll.r1f.min' | 'roll.r1f.max' | 'roll.r2c.min' | 'roll.r2c.max' | 'roll.r3s.min' | 'roll.r3s.max' | 'roll.r4d.min' | 'roll.r4d.max' | 'roll.rg1.min' | 'roll.rg1.max' | 'roll.rg2.min' | 'roll.rg2.max' | 'roll.sp4.min' | 'roll.sp4.max' | 'roll.spt.min' | 'roll.spt.max' | 'roll.thn.min' | 'roll.thn.max' | 'roll.thr.min' | 'roll.thr.max' | 'roll.vgr.min' | 'roll.vgr.max' | 'roll.wd2.min' | 'roll.wd2.max' | 'roll.wpd.min' | 'roll.wpd.max' | 'roll.xpg.min' | 'roll.xpg.max';

/** One key of `sort`: `'name'`, or `'-name'` for descending. */
export type ItemSort = ItemSortKey | `-${ItemSortKey}`;

/** A field of Item that `fields` may name; the required ones are always sent. */
export type ItemField = 'slot' | 'subtype' | 'cosmetic' | 'type' | 'stats' | 'roll' | 'description' | 'icon' | 'effects' | 'requirements' | 'dungeons';

/** A facet of `/v1/facets/items`. */
export type ItemFacet = 'slot' | 'rarity' | 'subtype' | 'cosmetic' | 'type' | 'stat';

/** Parameters of `/v1/items`: its filters, its order, the fields to send and the page. */
export interface ItemListParams extends ItemFilters, PageParams {
  /** The order: up to three keys, most significant first (`['-rarity', 'name']`); by id without it. */
  sort?: ItemSort | readonly ItemSort[] | undefined;
  /** Optional fields to send besides the required ones; the records are then typed to those. */
  fields?: readonly ItemField[] | undefined;
}

/** Parameters of `/v1/facets/items`: its filters, and the facets to count (all without it). */
export interface ItemFacetParams extends ItemFilters {
  facet?: readonly ItemFacet[] | undefined;
}

/**
 * Filters of `/v1/abilities` and `/v1/facets/abilities`; they combine with AND.
 *
 * @example
 * await gd.abilities.list({ category: 'arcane', q: 'mark' });
 */
export interface AbilityFilters {
  /** Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it). */
  category?: 'defense' | 'movement' | 'offense' | 'summoning' | 'support' | 'utility' | (string & {}) | undefined;
  /** Case-insensitive substring of the name (Unicode case folding; accents count), at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/** A sort key of `/v1/abilities`, ascending; `-` before it for descending. */
export type AbilitySortKey = 'id' | 'name';

/** One key of `sort`: `'name'`, or `'-name'` for descending. */
export type AbilitySort = AbilitySortKey | `-${AbilitySortKey}`;

/** A field of Ability that `fields` may name; the required ones are always sent. */
export type AbilityField = 'category' | 'description' | 'icon';

/** A facet of `/v1/facets/abilities`. */
export type AbilityFacet = 'category';

/** Parameters of `/v1/abilities`: its filters, its order, the fields to send and the page. */
export interface AbilityListParams extends AbilityFilters, PageParams {
  /** The order: up to three keys, most significant first (`['-rarity', 'name']`); by id without it. */
  sort?: AbilitySort | readonly AbilitySort[] | undefined;
  /** Optional fields to send besides the required ones; the records are then typed to those. */
  fields?: readonly AbilityField[] | undefined;
}

/** Parameters of `/v1/facets/abilities`: its filters, and the facets to count (all without it). */
export interface AbilityFacetParams extends AbilityFilters {
  facet?: readonly AbilityFacet[] | undefined;
}

/**
 * Filters of `/v1/relics` and `/v1/facets/relics`; they combine with AND.
 *
 * @example
 * await gd.relics.list({ rarity: 3 });
 */
export interface RelicFilters {
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`), or a range of them (`'rare..legendary'`, `'3..'`); off the scale is a 400. */
  rarity?: 0 | 1 | 2 | 3 | 4 | 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary' | `${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}..${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}` | `${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}..` | `..${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}` | '*' | undefined;
  /** Records without the field count as `false`. */
  unique?: boolean | undefined;
  /** Case-insensitive substring of the name (Unicode case folding; accents count), at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/** A sort key of `/v1/relics`, ascending; `-` before it for descending. */
export type RelicSortKey = 'id' | 'name' | 'rarity';

/** One key of `sort`: `'name'`, or `'-name'` for descending. */
export type RelicSort = RelicSortKey | `-${RelicSortKey}`;

/** A field of Relic that `fields` may name; the required ones are always sent. */
export type RelicField = 'rarity' | 'label' | 'min' | 'max' | 'unit' | 'prefix' | 'rarityName' | 'icon' | 'unique';

/** A facet of `/v1/facets/relics`. */
export type RelicFacet = 'rarity' | 'unique';

/** Parameters of `/v1/relics`: its filters, its order, the fields to send and the page. */
export interface RelicListParams extends RelicFilters, PageParams {
  /** The order: up to three keys, most significant first (`['-rarity', 'name']`); by id without it. */
  sort?: RelicSort | readonly RelicSort[] | undefined;
  /** Optional fields to send besides the required ones; the records are then typed to those. */
  fields?: readonly RelicField[] | undefined;
}

/** Parameters of `/v1/facets/relics`: its filters, and the facets to count (all without it). */
export interface RelicFacetParams extends RelicFilters {
  facet?: readonly RelicFacet[] | undefined;
}

/**
 * Filters of `/v1/followers` and `/v1/facets/followers`; they combine with AND.
 *
 * @example
 * await gd.followers.list({ rarity: 'epic', q: 'bear' });
 */
export interface FollowerFilters {
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`), or a range of them (`'rare..legendary'`, `'3..'`); off the scale is a 400. */
  rarity?: 0 | 1 | 2 | 3 | 4 | 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary' | `${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}..${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}` | `${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}..` | `..${0 | 'common' | 1 | 'uncommon' | 2 | 'rare' | 3 | 'epic' | 4 | 'legendary'}` | '*' | undefined;
  /** Case-insensitive substring of the name (Unicode case folding; accents count), at most 100 characters. */
  q?: string | undefined;
  /** Records by id, at most 200: an array, or ids separated by commas. Ids that do not exist are absent. */
  ids?: string | readonly string[] | undefined;
}

/** A sort key of `/v1/followers`, ascending; `-` before it for descending. */
export type FollowerSortKey = 'id' | 'name' | 'rarity';

/** One key of `sort`: `'name'`, or `'-name'` for descending. */
export type FollowerSort = FollowerSortKey | `-${FollowerSortKey}`;

/** A field of Follower that `fields` may name; the required ones are always sent. */
export type FollowerField = 'rarity' | 'rarityName' | 'icon';

/** A facet of `/v1/facets/followers`. */
export type FollowerFacet = 'rarity';

/** Parameters of `/v1/followers`: its filters, its order, the fields to send and the page. */
export interface FollowerListParams extends FollowerFilters, PageParams {
  /** The order: up to three keys, most significant first (`['-rarity', 'name']`); by id without it. */
  sort?: FollowerSort | readonly FollowerSort[] | undefined;
  /** Optional fields to send besides the required ones; the records are then typed to those. */
  fields?: readonly FollowerField[] | undefined;
}

/** Parameters of `/v1/facets/followers`: its filters, and the facets to count (all without it). */
export interface FollowerFacetParams extends FollowerFilters {
  facet?: readonly FollowerFacet[] | undefined;
}

/** Each list's facet parameters and facet names, by list name. */
export interface FacetsByList {
  items: { params: ItemFacetParams; facet: ItemFacet };
  abilities: { params: AbilityFacetParams; facet: AbilityFacet };
  relics: { params: RelicFacetParams; facet: RelicFacet };
  followers: { params: FollowerFacetParams; facet: FollowerFacet };
}

/** Each list's record type and list parameters, by list name: the client's list resources. */
export interface ListsByName {
  items: { record: Item; params: ItemListParams };
  abilities: { record: Ability; params: AbilityListParams };
  relics: { record: Relic; params: RelicListParams };
  followers: { record: Follower; params: FollowerListParams };
}

/** The lists, in the API's order. */
export const LIST_NAMES = ['items', 'abilities', 'relics', 'followers'] as const;

/** The lists whose records show a rarity name (`rarityName`), which a language's rarity names change. */
export const RARITY_NAMED_LISTS: readonly (keyof ListsByName)[] = ['items', 'relics', 'followers'];
