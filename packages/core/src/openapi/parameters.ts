import type { ListDescriptor } from '../collections/descriptor.js';
import { listFilters } from '../collections/descriptor.js';
import { filterValues } from '../collections/filter-values.js';
import { facetsOf } from '../query/facets.js';
import { MAX_SORT_KEYS } from '../query/sort.js';
import { collectionNames } from '../collections/registry.js';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
} from '../search/search-query.js';
import type { Dataset } from '../dataset/dataset.js';
import { gameList } from '../dataset/game-list.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { knownVersions } from '../dataset/release-history.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { recordHistoryOf } from '../history/dataset-history.js';
import { ID_PATTERN } from '../schemas/records.js';
import type { Json } from './refs.js';

function queryParam(name: string, description: string, schema: Json): Json {
  return { name, in: 'query', required: false, description, schema };
}

// No `maximum`: a value above MAX_LIMIT is clamped, not refused (README,
// "Choices the contract leaves open"), and a validator would refuse it.
const limit = queryParam(
  'limit',
  `Page size, a whole number. Values above ${MAX_LIMIT} are clamped to ${MAX_LIMIT}; 0, negatives, decimals and non-numbers are a 400.`,
  {
    type: 'integer',
    minimum: 1,
    default: DEFAULT_LIMIT,
  },
);

const cursor = queryParam(
  'cursor',
  'meta.cursor of the previous page, unchanged; keep every filter as it was (limit may change). Bound to the dataset version: after a new dataset it is a 400, start again.',
  {
    type: 'string',
  },
);

/**
 * `sort` of a list: its keys as the descriptor gives them, with examples of real keys.
 *
 * @example sortParameter('relics', dataset).schema.examples // ['-rarity,name', 'name']
 */
function sortParameter(list: string, dataset: Dataset): Json {
  const { fields } = dataset.registry.list(list);
  const patterns = fields.flatMap((entry) => (entry.sort ? [entry.sort.pattern] : []));
  const keys = fields.flatMap((entry) => entry.sort?.keys(dataset) ?? []);
  const numeric = keys.filter(([, source]) => source.kind === 'number').map(([name]) => name);
  return queryParam(
    'sort',
    `Our extension: the order, up to ${MAX_SORT_KEYS} keys, comma-separated, \`-\` for descending (JSON:API style): ${patterns.map((p) => `\`${p}\``).join(', ')}${patterns.some((p) => p.includes('<key>')) ? ' (keys of /v1/stats)' : ''}. Names order as the answer's language collates them, ignoring case and accents; records lacking a key come after those that have it, in either direction; the id, ascending, breaks every tie. Without it, lists are ordered by id. An unknown key, or more than ${MAX_SORT_KEYS}, is a 400 listing them. A cursor belongs to its sort.`,
    {
      type: 'string',
      examples: [...numeric.slice(0, 2).map((name) => `-${name},name`), 'name'],
    },
  );
}

/**
 * `fields` of a list and a record: the optional fields, as examples.
 */
export function fieldsParameter(descriptor: ListDescriptor): Json {
  const optional = descriptor.fields.flatMap((entry) => (entry.required ? [] : [entry.field]));
  const required = descriptor.fields.flatMap((entry) => (entry.required ? [entry.field] : []));
  return queryParam(
    'fields',
    `Our extension: the optional fields to send, comma-separated: ${optional.map((f) => `\`${f}\``).join(', ')}. The required fields (${required.map((f) => `\`${f}\``).join(', ')}) are always sent. A name the records do not have is a 400. The answer has its own etag.`,
    {
      type: 'string',
      examples: optional.slice(0, 2).length ? [optional.slice(0, 2).join(',')] : [],
    },
  );
}

/**
 * The discouraged `?key=` (README, "Deprecation policy"): it still works, but a key in a URL leaks
 * into browser history, Referer headers and request logs, so it is marked deprecated in favour of
 * the bearer key.
 */
export const KEY_PARAMETER: Json = {
  name: 'key',
  in: 'query',
  required: false,
  deprecated: true,
  description:
    'API key in the URL. Deprecated: send `Authorization: Bearer <key>` instead. Every answer to a request with it carries `Deprecation` and a `Link` to the deprecation policy (/docs#deprecations). An unknown or revoked key is anonymous, never an error.',
  schema: { type: 'string' },
};

/**
 * Query parameters of a list endpoint (README, "Choices the contract leaves open"): its filters as
 * its descriptor describes them, with examples taken from the loaded dataset so the document never
 * lists a value that does not exist, then `limit` and `cursor`. Empty values count as absent; a
 * repeated parameter is a 400; unknown ones are ignored.
 *
 * @example buildListParameters('abilities', dataset).map((p) => p.name) // ['category', 'q', 'limit', 'cursor']
 */
export function buildListParameters(list: string, dataset: Dataset): Json[] {
  return [
    ...filterParameters(list, dataset),
    sortParameter(list, dataset),
    fieldsParameter(dataset.registry.list(list)),
    limit,
    cursor,
  ];
}

/**
 * Query parameters of a list's facets: the list's filters, then `facet`.
 *
 * @example buildFacetParameters('relics', dataset).map((p) => p.name) // ['rarity', 'unique', 'q', 'ids', 'facet']
 */
export function buildFacetParameters(list: string, dataset: Dataset): Json[] {
  const facets = [...facetsOf(dataset.registry.list(list)).keys()];
  return [
    ...filterParameters(list, dataset),
    queryParam(
      'facet',
      `The facets to count, comma-separated: ${facets.map((f) => `\`${f}\``).join(', ')}. Without it, every one. A name not among them is a 400.`,
      { type: 'string', examples: [facets.join(','), ...facets.slice(0, 1)] },
    ),
  ];
}

/** A list's filters as query parameters, with the values of the loaded dataset as examples. */
function filterParameters(list: string, dataset: Dataset): Json[] {
  return listFilters(dataset.registry.list(list)).map((filter) => {
    const { description, schema, style } = filter.describe(
      dataset,
      filterValues(dataset, list, filter),
    );
    return {
      ...queryParam(filter.param, description, schema),
      ...(style ? { style, explode: true } : {}),
    };
  });
}

/**
 * A path parameter: a record id or a sprite id, both safe in a URL path segment. The example is a
 * value that exists in the dataset.
 *
 * @example buildPathParameter('id', "The record's public id.", 'iron-sword')
 */
export function buildPathParameter(
  name: string,
  description: string,
  example: string | undefined,
): Json {
  return {
    name,
    in: 'path',
    required: true,
    description,
    schema: {
      type: 'string',
      pattern: ID_PATTERN.source,
      ...(example ? { examples: [example] } : {}),
    },
  };
}

/**
 * `lang` of every answer whose records hold text (a list, a record, /v1/stats): the languages of
 * the dataset as its examples, the default first — every one of them, but not as an enum: a tag is
 * served in any case (`DE` is `de`), which an enum would refuse. Accept-Language is described with
 * it, as it chooses when `lang` is absent.
 *
 * @example buildLanguageParameter(['en', 'de']).schema // { type: 'string', examples: ['en', 'de'], default: 'en' }
 */
export function buildLanguageParameter(languages: readonly string[]): Json {
  const [defaultLanguage] = languages;
  return queryParam(
    'lang',
    `The language of the text: one of the examples, which are every language the dataset has (BCP 47; /v1/languages lists them with their coverage). Tags are case-insensitive; one the dataset does not have, a more specific one included (\`de-CH\`), is a 400 listing those it has. Without it, Accept-Language chooses (q-values honoured, \`fr-CH\` matches \`fr\`), and the answer then varies on it; when it names no language the dataset has, the text is in the default language, ${defaultLanguage}. Untranslated text falls back to the default language: \`content-language\` then names both, and \`x-language-fallback\` which records. Only names, descriptions, labels and other text change: ids, numbers and the values filters compare stay as they are. A cursor belongs to its language.`,
    { type: 'string', examples: [...languages], default: defaultLanguage },
  );
}

/**
 * `since` of `/v1/changes`: the dataset version the client holds. The versions this release can
 * describe changes from are listed as examples, the oldest first.
 *
 * @example buildSinceParameter(dataset).required // true
 */
export function buildSinceParameter(dataset: Dataset): Json {
  return {
    name: 'since',
    in: 'query',
    required: true,
    description:
      'The dataset version you hold (`x-dataset-version` or `/v1/meta`): any release this server has served from its releases directory, an ancestor of the current one or a release a rollback passed over. The current version gives an empty list; a malformed version is a 400 listing the known ones; an unknown version, or one older than the history kept, is a 400: start again from the bulk files (/v1/bulk).',
    schema: {
      type: 'string',
      pattern: DATASET_VERSION_PATTERN.source,
      examples: knownVersions(dataset.history),
    },
  };
}

/**
 * `at` of a record (our extension): a release the record history knows, with its versions as
 * examples, newest first.
 */
export function buildAtParameter(dataset: Dataset): Json {
  return queryParam(
    'at',
    "Our extension: a release of the record's history (`/v1/{list}/{id}/history` names them): the record as that release served it, byte for byte, in the language asked for. A 404 when the record did not exist then; a version the history does not know, or not a version, is a 400 listing those it knows. Without it, the current release.",
    {
      type: 'string',
      pattern: DATASET_VERSION_PATTERN.source,
      examples: recordHistoryOf(dataset)
        .releases.map((release) => release.version)
        .reverse(),
    },
  );
}

/** `include` of `/v1/changes`: the records themselves, beside their ids. */
export const INCLUDE_PARAMETER = queryParam(
  'include',
  'Our extension: `records` adds `included`, the current body of every record the releases added or changed, per collection, in list order — with `lang`, in that language, and also every record whose translation into it they changed (every record with a `rarityName` when they changed its rarity names) — so that one request brings a copy up to date: apply them, drop the removed ids. Without `lang` they are in the default language, whatever `Accept-Language` says. Paged with `limit` and `cursor` (`meta.included` counts them all; the entries come on every page). Any other value is a 400.',
  { type: 'string', examples: ['records'] },
);

/** `limit` and `cursor` of a page that is not a list's: a record's history, the records of the changes. */
export const PAGE_PARAMETERS: readonly Json[] = [limit, cursor];

/** Values of `collections` for the document: those of the API's own that a registry has, or its first. */
function collectionsExamples(names: readonly string[]): string[] {
  const kept = ['items', 'items,relics', 'stats'].filter((example) =>
    example.split(',').every((name) => names.includes(name)),
  );
  return kept.length > 1 ? kept : [names[0] as string, ...kept];
}

/**
 * `/v1/search`'s own parameters: `q`, with real names of the dataset as examples, `collections` and
 * `limit` (`lang` is the lists' own).
 *
 * @example buildSearchParameters(dataset)[0].required // true
 */
export function buildSearchParameters(dataset: Dataset): Json[] {
  const names = [gameList(dataset, 'items')?.records[0]?.name, dataset.stats[0]?.name].flatMap(
    (name) => (name === undefined ? [] : [name.slice(0, Math.max(3, Math.ceil(name.length / 2)))]),
  );
  return [
    {
      name: 'q',
      in: 'query',
      required: true,
      description: `The text a player typed: a name, its start, its words in any order, its initials, or a name with a typo; case, accents and punctuation are ignored. 1 to ${SEARCH_MAX_LENGTH} characters; missing, empty or longer is a 400; one with no letter or digit finds nothing.`,
      schema: { type: 'string', minLength: 1, maxLength: SEARCH_MAX_LENGTH, examples: names },
    },
    queryParam(
      'collections',
      `The collections to search, comma-separated: ${collectionNames(dataset.registry)
        .map((name) => `\`${name}\``)
        .join(', ')}. All of them when absent; an unknown name is a 400.`,
      { type: 'string', examples: collectionsExamples(collectionNames(dataset.registry)) },
    ),
    // No `maximum`, as on lists: a larger value is clamped.
    queryParam(
      'limit',
      `Hits to answer with, a whole number. Values above ${SEARCH_MAX_LIMIT} are clamped to ${SEARCH_MAX_LIMIT}; 0, negatives, decimals and non-numbers are a 400.`,
      { type: 'integer', minimum: 1, default: SEARCH_DEFAULT_LIMIT },
    ),
  ];
}
