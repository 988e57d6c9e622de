import { COLLECTIONS } from '../collections/collections.js';
import { filterValues } from '../collections/filter-values.js';
import type { ListName } from '../collections/list-names.js';
import type { Dataset } from '../dataset/dataset.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { knownVersions } from '../dataset/release-history.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
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
export function buildListParameters<K extends ListName>(list: K, dataset: Dataset): Json[] {
  const filters = COLLECTIONS[list].filters.map((filter) => {
    const { description, schema } = filter.describe(dataset, filterValues(dataset, list, filter));
    return queryParam(filter.param, description, schema);
  });
  return [...filters, limit, cursor];
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
