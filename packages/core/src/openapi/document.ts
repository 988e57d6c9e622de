import type { Dataset, ListName } from '../dataset/dataset.js';
import { collectVocabulary } from '../dataset/vocabulary.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/list-query.js';
import { MAX_SEARCH_LENGTH } from '../query/filters.js';
import { TIERS } from '../ratelimit/tiers.js';
import { ERROR_CODES } from '../schemas/records.js';
import { buildSchemaComponents } from './components.js';

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (description: string, type = 'string') => ({ description, schema: { type } });

const RATE_HEADERS = {
  'ratelimit-limit': { $ref: '#/components/headers/RateLimitLimit' },
  'ratelimit-remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'ratelimit-reset': { $ref: '#/components/headers/RateLimitReset' },
};
const JSON_HEADERS = {
  etag: { $ref: '#/components/headers/ETag' },
  'x-dataset-version': { $ref: '#/components/headers/DatasetVersion' },
  'cache-control': { $ref: '#/components/headers/CacheControl' },
  ...RATE_HEADERS,
};

function jsonResponse(description: string, schema: string): Json {
  return { description, headers: JSON_HEADERS, content: { 'application/json': { schema: ref(schema) } } };
}

const error = (name: string) => ({ $ref: `#/components/responses/${name}` });
const COMMON_ERRORS = { '304': error('NotModified'), '405': error('MethodNotAllowed'), '429': error('RateLimited') };

function queryParam(name: string, description: string, schema: Json): Json {
  return { name, in: 'query', required: false, description, schema };
}

function listParameters(list: ListName, dataset: Dataset): Json[] {
  const vocabulary = collectVocabulary(dataset);
  const rarity = queryParam('rarity', 'Rarity as a number or a name of the scale, case-insensitive.', {
    type: 'string',
    examples: dataset.rarities.flatMap((r) => [String(r.value), r.name]),
  });
  const q = queryParam('q', 'Case-insensitive substring match on name.', { type: 'string', maxLength: MAX_SEARCH_LENGTH });
  const text = (name: string, values: string[]) =>
    queryParam(name, `Exact match, case-insensitive. Values: ${values.join(', ')}.`, { type: 'string', enum: values });
  const filters: Record<ListName, Json[]> = {
    items: [
      text('slot', vocabulary.slots),
      rarity,
      text('subtype', vocabulary.subtypes),
      queryParam('cosmetic', 'true or false; items without the field count as not cosmetic.', { type: 'boolean' }),
      q,
    ],
    abilities: [text('category', vocabulary.categories), q],
    relics: [rarity, q],
    followers: [rarity, q],
  };
  return [
    ...filters[list],
    queryParam('limit', `Page size; values above ${MAX_LIMIT} are clamped.`, {
      type: 'integer',
      minimum: 1,
      default: DEFAULT_LIMIT,
    }),
    queryParam('cursor', 'Opaque meta.cursor of the previous page; keep the rest of the query unchanged.', { type: 'string' }),
  ];
}

const SINGULAR: Record<ListName, string> = { items: 'Item', abilities: 'Ability', relics: 'Relic', followers: 'Follower' };

function listPaths(dataset: Dataset): Json {
  const paths: Json = {};
  for (const list of Object.keys(SINGULAR) as ListName[]) {
    const name = SINGULAR[list];
    paths[`/v1/${list}`] = {
      get: {
        operationId: `list${name}s`.replace('ys', 'ies'),
        summary: `List ${list}`,
        description: `Ordered by id (ascending, code-unit order). Filters combine with AND.`,
        parameters: listParameters(list, dataset),
        responses: { '200': jsonResponse(`A page of ${list}.`, `${name}List`), '400': error('BadRequest'), ...COMMON_ERRORS },
      },
    };
    paths[`/v1/${list}/{id}`] = {
      get: {
        operationId: `get${name}`,
        summary: `Fetch one ${name.toLowerCase()}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': jsonResponse(`The ${name.toLowerCase()}.`, `${name}Response`), '404': error('NotFound'), ...COMMON_ERRORS },
      },
    };
  }
  return paths;
}

/**
 * The OpenAPI 3.1 description of the API, built from the record schemas and the loaded dataset (so
 * enumerations list only values that exist).
 *
 * @example const doc = buildOpenApiDocument(dataset); doc.openapi // '3.1.0'
 */
export function buildOpenApiDocument(dataset: Dataset): Json {
  const tiers = Object.values(TIERS)
    .map((t) => `${t.name}: ${t.limit} requests per ${t.windowMs / 1000} s`)
    .join('; ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Game Data API',
      version: '1',
      description: `Free, public, read-only game reference data. Dataset ${dataset.meta.version}. Rate limits — ${tiers}.`,
      license: { name: dataset.meta.license },
    },
    servers: [{ url: '/' }],
    security: [{}, { bearerKey: [] }],
    paths: {
      ...listPaths(dataset),
      '/v1/stats': { get: { operationId: 'listStats', summary: 'The full stat vocabulary (unpaginated)', responses: { '200': jsonResponse('All stats.', 'StatList'), ...COMMON_ERRORS } } },
      '/v1/meta': { get: { operationId: 'getMeta', summary: 'Dataset version and counts', responses: { '200': jsonResponse('Dataset description.', 'MetaResponse'), ...COMMON_ERRORS } } },
      '/v1/img/{spriteId}.png': {
        get: {
          operationId: 'getImage',
          summary: 'Artwork (images tier)',
          parameters: [{ name: 'spriteId', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9._-]+$' } }],
          responses: {
            '200': { description: 'PNG artwork.', headers: { etag: { $ref: '#/components/headers/ETag' }, ...RATE_HEADERS }, content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } },
            '404': error('NotFound'),
            ...COMMON_ERRORS,
          },
        },
      },
      '/v1/openapi.json': { get: { operationId: 'getOpenApi', summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } } } },
      '/docs': { get: { operationId: 'getDocs', summary: 'Human-readable reference', responses: { '200': { description: 'HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } } } },
      '/': { get: { operationId: 'getRoot', summary: 'Redirect to /docs', responses: { '302': { description: 'Redirect to /docs.', headers: { location: header('/docs') } } } } },
    },
    components: {
      schemas: buildSchemaComponents(),
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'Optional API key: moves the caller to the community tier.' },
      },
      headers: {
        ETag: header('Validator; send back as If-None-Match to receive 304.'),
        DatasetVersion: header('Dataset version, <YYYY-MM-DD>.<n>.'),
        CacheControl: header('public, max-age=300 (no-store on 429).'),
        RateLimitLimit: header('Requests allowed in the window.', 'integer'),
        RateLimitRemaining: header('Best-effort hint of requests left in the window.', 'integer'),
        RateLimitReset: header('Seconds until the window rolls.', 'integer'),
        RetryAfter: header('Seconds to wait before retrying.', 'integer'),
      },
      responses: {
        NotModified: { description: 'If-None-Match matched the current etag; no body.', headers: JSON_HEADERS },
        BadRequest: jsonResponse('Malformed limit, cursor or filter value (code bad_request).', 'Error'),
        NotFound: jsonResponse('No resource or sprite with that id (code not_found).', 'Error'),
        MethodNotAllowed: jsonResponse(`Only GET, HEAD and OPTIONS are allowed (code method_not_allowed). Error codes: ${ERROR_CODES.join(', ')}.`, 'Error'),
        RateLimited: {
          ...jsonResponse('Rate limit exceeded (code rate_limited); wait for retry-after.', 'Error'),
          headers: { ...JSON_HEADERS, 'retry-after': { $ref: '#/components/headers/RetryAfter' } },
        },
      },
    },
  };
}
