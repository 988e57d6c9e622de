import { badRequest } from '../errors.js';
import { parseLimit } from '../query/list-query.js';
import { readParam } from '../read-param.js';
import { foldText } from '../text/fold-text.js';
import { codePointLength, cutCodePoints } from '../text/code-points.js';

/** Hits a search answers with unless `limit` says otherwise. */
export const SEARCH_DEFAULT_LIMIT = 10;
/** The most hits a search answers with: a larger `limit` is clamped. */
export const SEARCH_MAX_LIMIT = 50;
/** The longest `q`, in characters: longer than any name a player types. */
export const SEARCH_MAX_LENGTH = 100;

/** A search as `/v1/search` takes it, validated and normalised. */
export interface SearchQuery {
  /** `q` folded (`foldText`): what is compared, so `AMBER` and `amber` are one search. */
  text: string;
  limit: number;
  /** The collections searched, in their order; undefined for all of them. */
  collections?: readonly string[];
  /** The search's text, for the caches and the etag: `q` folded, the collections and the limit. */
  key: string;
}

/** `collections`: names of collections, comma-separated, each known; all of them when absent. */
function parseCollections(
  raw: string | undefined,
  known: readonly string[],
): readonly string[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw.split(',');
  for (const name of names) {
    if (!known.includes(name))
      throw badRequest(
        `collections takes ${known.join(', ')}, comma-separated; ${JSON.stringify(name)} is none of them`,
      );
  }
  const chosen = known.filter((name) => names.includes(name));
  return chosen.length === known.length ? undefined : chosen;
}

/**
 * Validates and normalises `/v1/search`'s query (README, "Search"), searching `collections` (a
 * registry's `collectionNames`) unless it names some of them. `q` is required, at most
 * 100 characters; `limit` defaults to 10 and is clamped at 50. Unknown parameters are ignored.
 *
 * @example parseSearchQuery(new URLSearchParams('q=Amber%20Am&collections=items'), collectionNames(REGISTRY)).key // 'search?q="amber am"&collections=items&limit=10'
 */
export function parseSearchQuery(
  params: URLSearchParams,
  collections: readonly string[],
): SearchQuery {
  const q = readParam(params, 'q');
  if (q === undefined)
    throw badRequest(`q is required: the text to search for, 1 to ${SEARCH_MAX_LENGTH} characters`);
  // Characters as a player counts them: a letter outside the BMP is one, not two code units.
  const length = codePointLength(q);
  if (length > SEARCH_MAX_LENGTH)
    throw badRequest(`q must be at most ${SEARCH_MAX_LENGTH} characters, not ${length}`);
  const chosen = parseCollections(readParam(params, 'collections'), collections);
  const limit = parseLimit(readParam(params, 'limit'), SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT);
  // Folding can lengthen a text (one ligature is 18 letters): what is searched stops where 100 did.
  const text = cutCodePoints(foldText(q), SEARCH_MAX_LENGTH).trimEnd();
  const key = `search?q=${JSON.stringify(text)}${chosen ? `&collections=${chosen.join(',')}` : ''}&limit=${limit}`;
  return { text, limit, ...(chosen ? { collections: chosen } : {}), key };
}
