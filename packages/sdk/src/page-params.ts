/**
 * Paging parameters every list accepts (README, "Choices the contract leaves open", `limit` and
 * Cursors rows).
 *
 * @example
 * const next = await gd.items.list({ limit: 100, cursor: page.meta.cursor });
 */
export interface PageParams {
  /**
   * Page size: a whole number from 1 to 200. Larger values are clamped to 200; 0, negatives and
   * decimals are a 400 (`BadRequestError`). The server's default is 50; `iterate()` asks for 200.
   */
  limit?: number | undefined;
  /** `meta.cursor` of the previous page; keep every other parameter unchanged. */
  cursor?: string | undefined;
}
