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
