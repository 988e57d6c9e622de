/**
 * Paging parameters every list accepts (spec §4, "Pagination rules").
 *
 * @example
 * const next = await gd.items.list({ limit: 100, cursor: page.meta.cursor });
 */
export interface PageParams {
  /** Page size, 1 to 200 (larger values are clamped to 200); the server's default is 50. */
  limit?: number | undefined;
  /** `meta.cursor` of the previous page; keep every other parameter unchanged. */
  cursor?: string | undefined;
}

/**
 * Filters of `/v1/items`; they combine with AND.
 *
 * @example
 * await gd.items.list({ slot: 'head', rarity: 'legendary', cosmetic: false });
 */
export interface ItemListParams extends PageParams {
  /** Equipment slot, exact match, case-insensitive. */
  slot?: string | undefined;
  /** A number or a name of the dataset's rarity scale (`4`, `'legendary'`); off the scale is a 400. */
  rarity?: number | string | undefined;
  /** Exact match, case-insensitive. */
  subtype?: string | undefined;
  /** Items without the field count as not cosmetic. */
  cosmetic?: boolean | undefined;
  /** Case-insensitive substring of the name, at most 100 characters. */
  q?: string | undefined;
}

/**
 * Filters of `/v1/abilities`.
 *
 * @example
 * await gd.abilities.list({ category: 'arcane', q: 'mark' });
 */
export interface AbilityListParams extends PageParams {
  /** Exact match, case-insensitive. */
  category?: string | undefined;
  /** Case-insensitive substring of the name. */
  q?: string | undefined;
}

/**
 * Filters of `/v1/relics`.
 *
 * @example
 * await gd.relics.list({ rarity: 3 });
 */
export interface RelicListParams extends PageParams {
  /** A number or a name of the dataset's rarity scale. */
  rarity?: number | string | undefined;
  /** Case-insensitive substring of the name. */
  q?: string | undefined;
}

/**
 * Filters of `/v1/followers`.
 *
 * @example
 * await gd.followers.list({ rarity: 'epic', q: 'bear' });
 */
export interface FollowerListParams extends PageParams {
  /** A number or a name of the dataset's rarity scale. */
  rarity?: number | string | undefined;
  /** Case-insensitive substring of the name. */
  q?: string | undefined;
}
