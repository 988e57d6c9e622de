import { COLLECTIONS } from '../collections/collections.js';
import type { ParsedFilter } from '../collections/filters.js';
import type { ListName } from '../collections/list-names.js';
import { decodeCursor } from '../cursor.js';
import type { Dataset } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';
import { hashText } from '../hash.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** A validated, normalised list query. */
export interface ListQuery {
  list: ListName;
  /** The filters given, each with the test a record must pass; a record matches when it passes all. */
  filters: readonly ParsedFilter[];
  /**
   * The normalised filters as text, equal for `?slot=Head` and `?slot=head`. Caches key on this
   * exact string: a hash could be made to collide and serve one query's page for another.
   */
  canonical: string;
  limit: number;
  /** Id after which this page starts (from the cursor). */
  after?: string;
}

/**
 * Short hash of a query's `canonical` filters, bound into its cursors (a collision there only reuses
 * one's own cursor). Worked out only where a cursor is read or made, not on every request.
 *
 * @example filtersFingerprint(parseListQuery('items', params, dataset).canonical)
 */
export function filtersFingerprint(canonical: string): string {
  return hashText(canonical);
}

/**
 * Reads one parameter. Rules (documented in the README and /docs): an empty value counts as absent,
 * as HTML forms send empty fields; a parameter given twice is a 400, since either reading would
 * silently drop what the caller asked for.
 */
export function readParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw badRequest(`${name} may be given only once`);
  const value = values[0];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * `limit`: a whole number, at least 1; above the maximum it is clamped, anything else — 0,
 * negative, decimal, exponent, not a number — is a 400 (README, "Choices the contract leaves open").
 */
export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw) || /^0+$/.test(raw)) {
    throw badRequest(
      `limit must be a whole number from 1 to ${MAX_LIMIT} (larger values are clamped)`,
    );
  }
  return Math.min(Number(raw), MAX_LIMIT);
}

/**
 * Validates and normalises a list endpoint's query string. Unknown parameters are ignored (README,
 * "Choices the contract leaves open"). A cursor must come from the same dataset version, the same
 * filters and the same `language` (given for a language other than the default, whose pages and
 * cursors are as they always were); `limit` may change between pages.
 *
 * @example parseListQuery('items', new URLSearchParams('slot=head&rarity=legendary'), dataset)
 */
export function parseListQuery(
  list: ListName,
  params: URLSearchParams,
  dataset: Dataset,
  language?: string,
): ListQuery {
  const filters: ParsedFilter[] = [];
  const canonical: string[] = [];
  for (const filter of COLLECTIONS[list].filters) {
    const raw = readParam(params, filter.param);
    if (raw === undefined) continue;
    const parsed = filter.parse(raw, dataset);
    filters.push(parsed);
    canonical.push(`${filter.param}=${JSON.stringify(parsed.value)}`);
  }
  if (language !== undefined) canonical.push(`lang=${JSON.stringify(language)}`);
  const canonicalText = `${list}?${canonical.join('&')}`;
  const limit = parseLimit(readParam(params, 'limit'));
  const cursor = readParam(params, 'cursor');
  if (cursor === undefined) return { list, filters, canonical: canonicalText, limit };

  const position = decodeCursor(cursor);
  if (position.version !== dataset.meta.version) {
    throw badRequest(
      `cursor belongs to dataset version ${position.version}, but the dataset is now ${dataset.meta.version}; ` +
        'start again from the first page',
    );
  }
  if (position.filters !== filtersFingerprint(canonicalText)) {
    throw badRequest(
      'cursor was issued for different filters or another language; keep the query and its language unchanged and only add the cursor',
    );
  }
  return { list, filters, canonical: canonicalText, limit, after: position.after };
}
