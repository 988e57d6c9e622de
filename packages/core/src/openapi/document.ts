import { listsInWords, type Registry } from '../collections/registry.js';
import type { Dataset } from '../dataset/dataset.js';
import { JSON_CACHE_CONTROL, NO_STORE } from '../policy/headers.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { buildSchemaComponents } from './components.js';
import { HEADER_COMPONENTS } from './headers.js';
import { buildPaths } from './operations.js';
import { describeTiers } from './rate-limit-tiers.js';
import type { Json } from './refs.js';
import { buildResponseComponents } from './responses.js';

function describeApi(dataset: Dataset): string {
  const tiers = describeTiers()
    .map(
      (t) =>
        `- **${t.name}**: ${t.limit} requests per ${t.windowSeconds} s, counted per ${t.keyedOn}; ${t.appliesTo}.`,
    )
    .join('\n');
  return [
    `Free, public, read-only game reference data: ${listsInWords(dataset.registry)}, the stat vocabulary, artwork and dataset metadata. This document describes dataset ${dataset.meta.version}; the human-readable guide is at /docs.`,
    '',
    'Every GET also answers HEAD (same headers, no body) and OPTIONS (CORS preflight). Any other method is a 405; a path not listed here is a 404. Every response carries `x-dataset-version`, `x-request-id`, the `ratelimit-*` headers and `access-control-allow-origin: *`.',
    '',
    `**Keys.** Optional: send \`Authorization: Bearer <key>\` to count under the community tier. \`?key=\` also works but is deprecated, because a URL leaks into history, Referer headers and logs. An unknown or revoked key is anonymous, never an error.`,
    '',
    `**Rate limits** (fixed windows aligned to the clock; also in \`x-rate-limit-tiers\`):\n${tiers}\n\nPast the limit: 429 with \`retry-after\` (seconds); wait that long before retrying.`,
    '',
    `**Pagination.** Lists are ordered by id. \`limit\` defaults to ${DEFAULT_LIMIT} (at most ${MAX_LIMIT}); pass \`meta.cursor\` back as \`cursor\` and change nothing else. A cursor belongs to one dataset version.`,
    '',
    `**Caching.** JSON carries a weak \`etag\` embedding the dataset version and \`cache-control: ${JSON_CACHE_CONTROL}\`; send \`If-None-Match\` to get a 304. Artwork has a content etag and a 30-day lifetime. 429 and 500 are \`${NO_STORE}\`.`,
    '',
    `Data licence: ${dataset.meta.license}.`,
  ].join('\n');
}

/** The document's tags: a list's each, then the other routes'. */
const tagsOf = (registry: Registry) => [
  ...registry.lists.map(({ name, description }) => ({ name, description })),
  {
    name: 'search',
    description:
      'Records of every collection found by the name a player types: prefixes, any word order, typos.',
  },
  { name: 'stats', description: 'The stat vocabulary that item stats and rolls refer to.' },
  { name: 'meta', description: 'Dataset version, publication time and counts.' },
  {
    name: 'languages',
    description:
      'The languages the text is served in, and how complete each is: pick one with `lang` or Accept-Language.',
  },
  {
    name: 'status',
    description:
      'The instance that answered: the release it serves, how its rate limits are counted, when it started.',
  },
  {
    name: 'changes',
    description: 'What each release changed: keep a copy current without downloading it again.',
  },
  { name: 'bulk', description: 'Every record of a collection in one download, compressed.' },
  { name: 'images', description: "PNG artwork named by records' `icon`." },
  { name: 'reference', description: 'This document, the reference page and the root redirect.' },
];

/**
 * `info.license` and `info.contact` from the dataset's manifest. A License Object needs an SPDX
 * `identifier` or a `url`, never both (OpenAPI 3.1 §4.8.4); the identifier is preferred, as tools
 * can read it. Without either the licence stays in the description alone.
 */
function licenseAndContact({ meta, publisher }: Dataset): Json {
  const { licenseId, licenseUrl, contact } = publisher;
  const license = licenseId
    ? { name: meta.license, identifier: licenseId }
    : licenseUrl
      ? { name: meta.license, url: licenseUrl }
      : undefined;
  return { ...(license ? { license } : {}), ...(contact ? { contact } : {}) };
}

/**
 * `externalDocs` when the manifest's `docs` is an absolute URL: the field's URL must be one, and the
 * document cannot know where it is served (`servers` is relative). A relative `docs` (the demo's
 * `/docs`) is left to the description and the `/docs` path.
 */
function externalDocs({ meta }: Dataset): Json {
  return /^https?:\/\/[^/]/i.test(meta.docs) && URL.canParse(meta.docs)
    ? {
        externalDocs: {
          description: 'The reference page: guide, examples and every value.',
          url: meta.docs,
        },
      }
    : {};
}

/**
 * The OpenAPI 3.1 description of the API, built from the record schemas and the loaded dataset:
 * enumerations and examples list only values that exist, and response examples are real answers of
 * this dataset. `prefix` is where the app is mounted (`/gamedata`), the document's server.
 *
 * @example const doc = buildOpenApiDocument(dataset); doc.openapi // '3.1.0'
 */
export function buildOpenApiDocument(dataset: Dataset, prefix = ''): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Game Data API',
      version: '1',
      summary: 'Public, read-only game reference data.',
      description: describeApi(dataset),
      ...licenseAndContact(dataset),
    },
    ...externalDocs(dataset),
    // Relative, so the document is right wherever the API is deployed (OpenAPI 3.1 §4.8.5).
    servers: [{ url: prefix || '/' }],
    // No key, a bearer key, or the deprecated ?key= (README, "Rate limits and keys").
    security: [{}, { bearerKey: [] }, { queryKey: [] }],
    tags: tagsOf(dataset.registry),
    paths: buildPaths(dataset),
    components: {
      schemas: buildSchemaComponents(dataset.registry),
      responses: buildResponseComponents(dataset),
      headers: HEADER_COMPONENTS,
      securitySchemes: {
        bearerKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'gd_ followed by 36 letters and digits',
          description:
            'Optional API key: moves the caller from the anonymous to the community tier. It unlocks no extra data.',
        },
        queryKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description:
            'Deprecated (answers say so in `Deprecation`): the same key in the URL, where it leaks into history, Referer headers and logs. Use bearerKey.',
        },
      },
    },
    'x-rate-limit-tiers': describeTiers(),
  };
}
