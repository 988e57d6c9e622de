import { listFilters, type ListDescriptor } from '../collections/descriptor.js';
import type { ListFilter, ParsedFilter } from '../collections/filters.js';
import { checkCursorVersion, decodeCursor } from '../cursor.js';
import type { Dataset } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';
import { hashText } from '../hash.js';
import { parseFields } from './field-selection.js';
import { readParam } from '../read-param.js';
import { parseSort, sortText, type SortKey } from './sort.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** A validated, normalised list query. */
export interface ListQuery {
  list: string;
  /** The filters given, each with the test a record must pass; a record matches when it passes all. */
  filters: readonly ParsedFilter[];
  /**
   * The normalised filters as text, equal for `?slot=Head` and `?slot=head`. Caches key on this
   * exact string: a hash could be made to collide and serve one query's page for another.
   */
  canonical: string;
  /**
   * The normalised filters and language alone, without `sort`: the records a query matches, which
   * every order of them shares.
   */
  matching: string;
  /** Its order; empty for the default, by id. */
  sort: readonly SortKey[];
  /** The optional fields asked for with `fields`, when it is given (normalised: sorted, once each). */
  fields?: readonly string[];
  limit: number;
  /** Id of the last record of the page before (from the cursor): this page starts after it in the query's order. */
  after?: string;
}

/** Each list's filters, in the order they are parsed: worked out once per descriptor. */
const filtersByList = new WeakMap<ListDescriptor, readonly ListFilter[]>();

function filtersOf(descriptor: ListDescriptor): readonly ListFilter[] {
  let filters = filtersByList.get(descriptor);
  if (filters === undefined) filtersByList.set(descriptor, (filters = listFilters(descriptor)));
  return filters;
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
 * `limit`: a whole number, at least 1; above the maximum (a list's, unless given) it is clamped,
 * anything else — 0, negative, decimal, exponent, not a number — is a 400 (README, "Choices the
 * contract leaves open").
 */
export function parseLimit(
  raw: string | undefined,
  defaultLimit = DEFAULT_LIMIT,
  maxLimit = MAX_LIMIT,
): number {
  if (raw === undefined) return defaultLimit;
  if (!/^\d+$/.test(raw) || /^0+$/.test(raw)) {
    throw badRequest(
      `limit must be a whole number from 1 to ${maxLimit} (larger values are clamped)`,
    );
  }
  return Math.min(Number(raw), maxLimit);
}

/**
 * A list's filters as a query gives them, validated and normalised, with `matching`, their text and
 * the language's: what a list page and the list's facets share.
 *
 * @example parseFilters('items', new URLSearchParams('slot=Head'), dataset).matching // 'items?slot="head"'
 */
export function parseFilters(
  list: string,
  params: URLSearchParams,
  dataset: Dataset,
  language?: string,
): Pick<ListQuery, 'filters' | 'matching'> & { canonical: string[]; languagePart: string[] } {
  const filters: ParsedFilter[] = [];
  const canonical: string[] = [];
  for (const filter of filtersOf(dataset.registry.list(list))) {
    for (const { param, parsed } of filter.read(params, dataset)) {
      filters.push(parsed);
      canonical.push(`${param}=${JSON.stringify(parsed.value)}`);
    }
  }
  const languagePart = language === undefined ? [] : [`lang=${JSON.stringify(language)}`];
  const matching = `${list}?${[...canonical, ...languagePart].join('&')}`;
  return { filters, canonical, matching, languagePart };
}

/**
 * Validates and normalises a list endpoint's query string. Unknown parameters are ignored (README,
 * "Choices the contract leaves open"). A cursor must come from the same dataset version, the same
 * filters, the same `sort` and the same `language` (given for a language other than the default,
 * whose pages and cursors are as they always were); `limit` and `fields` may change between pages.
 *
 * @example parseListQuery('items', new URLSearchParams('slot=head&rarity=legendary'), dataset)
 */
export function parseListQuery(
  list: string,
  params: URLSearchParams,
  dataset: Dataset,
  language?: string,
): ListQuery {
  const { filters, canonical, matching, languagePart } = parseFilters(
    list,
    params,
    dataset,
    language,
  );
  const rawSort = readParam(params, 'sort');
  const sort = rawSort === undefined ? [] : parseSort(list, rawSort, dataset);
  // Without a sort, the text is what it was before sorts: the same caches and cursors.
  const canonicalText =
    sort.length === 0
      ? matching
      : `${list}?${[...canonical, `sort=${JSON.stringify(sortText(sort))}`, ...languagePart].join('&')}`;
  const fields = parseFields(dataset.registry.list(list), readParam(params, 'fields'));
  const limit = parseLimit(readParam(params, 'limit'));
  const query: ListQuery = {
    list,
    filters,
    canonical: canonicalText,
    matching,
    sort,
    ...(fields ? { fields } : {}),
    limit,
  };
  const cursor = readParam(params, 'cursor');
  if (cursor === undefined) return query;

  const position = decodeCursor(cursor);
  checkCursorVersion(position, dataset.meta.version);
  if (position.filters !== filtersFingerprint(canonicalText)) {
    throw badRequest(
      'cursor was issued for different filters or another language; keep the query and its language unchanged and only add the cursor',
    );
  }
  return { ...query, after: position.after };
}
