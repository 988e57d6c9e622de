import type { Dataset, ListName } from '../dataset/dataset.js';
import { collectVocabulary } from '../dataset/vocabulary.js';
import { MAX_SEARCH_LENGTH } from '../query/filters.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { ID_PATTERN } from '../schemas/records.js';
import type { Json } from './refs.js';

function queryParam(name: string, description: string, schema: Json): Json {
  return { name, in: 'query', required: false, description, schema };
}

/**
 * A text filter. The enum lists the canonical (lower-case) values present in the dataset, which is
 * what clients should send; the server is lenient beyond it, and says so: matching ignores case, and
 * a value no record has matches nothing (an empty page, not a 400).
 */
function textFilter(name: string, values: string[]): Json {
  return queryParam(
    name,
    'Exact match, case-insensitive. The values listed are every one the current dataset holds; any other value matches nothing (200, empty page).',
    { type: 'string', enum: values },
  );
}

function rarityFilter(dataset: Dataset): Json {
  const scale = dataset.rarities.map((r) => `${r.value} = ${r.name}`).join(', ');
  return queryParam('rarity', `A number or a name of the rarity scale (${scale}); names are case-insensitive. A value off the scale is a 400.`, {
    type: 'string',
    enum: dataset.rarities.flatMap((r) => [String(r.value), r.name]),
  });
}

const search = queryParam('q', `Case-insensitive substring of the name; longer than ${MAX_SEARCH_LENGTH} characters is a 400.`, {
  type: 'string',
  maxLength: MAX_SEARCH_LENGTH,
});

const limit = queryParam('limit', `Page size, a whole number. Values above ${MAX_LIMIT} are clamped to ${MAX_LIMIT}; 0, negatives, decimals and non-numbers are a 400.`, {
  type: 'integer',
  minimum: 1,
  maximum: MAX_LIMIT,
  default: DEFAULT_LIMIT,
});

const cursor = queryParam('cursor', 'meta.cursor of the previous page, unchanged; keep every filter as it was (limit may change). Bound to the dataset version: after a new dataset it is a 400, start again.', {
  type: 'string',
});

/**
 * The discouraged `?key=` (spec §5): it still works, but a key in a URL leaks into browser history,
 * Referer headers and request logs, so it is marked deprecated in favour of the bearer key.
 */
export const KEY_PARAMETER: Json = {
  name: 'key',
  in: 'query',
  required: false,
  deprecated: true,
  description: 'API key in the URL. Discouraged: send `Authorization: Bearer <key>` instead. An unknown or revoked key is anonymous, never an error.',
  schema: { type: 'string' },
};

/**
 * Query parameters of a list endpoint (spec §4), with enumerations taken from the loaded dataset so
 * the document never lists a value that does not exist. Empty values count as absent; a repeated
 * parameter is a 400; unknown ones are ignored.
 *
 * @example buildListParameters('abilities', dataset).map((p) => p.name) // ['category', 'q', 'limit', 'cursor']
 */
export function buildListParameters(list: ListName, dataset: Dataset): Json[] {
  const vocabulary = collectVocabulary(dataset);
  const rarity = rarityFilter(dataset);
  const filters: Record<ListName, Json[]> = {
    items: [
      textFilter('slot', vocabulary.slots),
      rarity,
      textFilter('subtype', vocabulary.subtypes),
      queryParam('cosmetic', '`true` or `false` exactly; items without the field count as not cosmetic.', { type: 'boolean' }),
      search,
    ],
    abilities: [textFilter('category', vocabulary.categories), search],
    relics: [rarity, search],
    followers: [rarity, search],
  };
  return [...filters[list], limit, cursor];
}

/**
 * A path parameter: a record id or a sprite id, both safe in a URL path segment. The example is a
 * value that exists in the dataset.
 *
 * @example buildPathParameter('id', "The record's public id.", 'iron-sword')
 */
export function buildPathParameter(name: string, description: string, example: string | undefined): Json {
  return {
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string', pattern: ID_PATTERN.source, ...(example ? { examples: [example] } : {}) },
  };
}
