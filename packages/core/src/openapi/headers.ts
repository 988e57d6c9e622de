import {
  ALLOWED_METHODS,
  ALLOWED_REQUEST_HEADERS,
  CROSS_ORIGIN_RESOURCE_POLICY,
  IMAGE_CACHE_CONTROL,
  JSON_CACHE_CONTROL,
  NO_STORE,
  PREFLIGHT_MAX_AGE_SECONDS,
  STATUS_CACHE_CONTROL,
  RATE_LIMIT_POLICIES,
  VARY_AUTHORIZATION,
  VARY_AUTHORIZATION_AND_LANGUAGE,
  VARY_ENCODING_AND_AUTHORIZATION,
  VARY_ENCODING_AUTHORIZATION_AND_LANGUAGE,
  VERSIONED_BULK_CACHE_CONTROL,
  API_LANGUAGE_HEADERS,
} from '../policy/headers.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { DEPRECATIONS_ANCHOR } from '../policy/deprecations.js';
import { TIERS } from '../ratelimit/tiers.js';
import { refTo, type Json } from './refs.js';

const longestWindow = Math.max(...Object.values(TIERS).map((tier) => tier.windowMs / 1000));

function header(description: string, schema: Json, required = true): Json {
  return { description, required, schema };
}

/**
 * `components.headers`: every response header a client may rely on, with a schema exact enough that
 * the HTTP tests can hold each reply to it. Header names are case-insensitive (RFC 9110 §5.1).
 */
export const HEADER_COMPONENTS = {
  ETag: header(
    'Weak validator that embeds the dataset version; send it back as If-None-Match to get a 304.',
    {
      type: 'string',
      pattern: '^W/"[^"]+"$',
    },
  ),
  ImageETag: header(
    'Strong validator computed from the PNG bytes; send it back as If-None-Match to get a 304.',
    {
      type: 'string',
      pattern: '^"[^"]+"$',
    },
  ),
  BulkETag: header(
    'Strong validator: the SHA-256 of the uncompressed file, the `sha256` that /v1/bulk lists.',
    {
      type: 'string',
      pattern: '^"[0-9a-f]{64}"$',
    },
  ),
  DatabaseETag: header(
    'Strong validator: the SHA-256 of the file as published, the `sha256` /v1/bulk lists; its gzip and br forms, each a representation of its own (RFC 9110 §8.8.3), add `-gzip` or `-br`, so an If-Range naming one never resumes a download with the bytes of another.',
    {
      type: 'string',
      pattern: '^"[0-9a-f]{64}(-gzip|-br)?"$',
    },
  ),
  Vary: header(
    'The body depends on Accept-Encoding and the rate-limit headers on the key in Authorization: caches keep one copy per coding and per key (RFC 9110 §12.5.5). When the language was negotiated from Accept-Language (no `lang`, and the dataset has several languages), it is named as well: one copy per language too.',
    {
      type: 'string',
      enum: [VARY_ENCODING_AND_AUTHORIZATION, VARY_ENCODING_AUTHORIZATION_AND_LANGUAGE],
    },
  ),
  ContentLanguage: header(
    'The language of the text (RFC 9110 §8.5), a language /v1/languages lists: the one `lang` or Accept-Language picked, or the default. When some records keep text in the default language because it is not translated, the default language follows (`es, en`) and x-language-fallback says which records.',
    { type: 'string', pattern: '^[A-Za-z0-9-]+(, [A-Za-z0-9-]+)?$' },
  ),
  BulkContentLanguage: header(
    "The language of the file's text (RFC 9110 §8.5): the one `lang` named, or the default. Records the language does not translate keep their text in the default language, as lists send them; /v1/languages gives each language's coverage.",
    { type: 'string', pattern: '^[A-Za-z0-9-]+$' },
  ),
  ApiContentLanguage: header(
    "The language of the API's own text (error messages, this document): English.",
    {
      type: 'string',
      const: API_LANGUAGE_HEADERS['content-language'],
    },
  ),
  LanguageFallback: header(
    'Present when some records of the answer keep text in the default language, untranslated: their positions in `data` (a single record is position 0), as ascending runs — `0-2,5` is the first three and the sixth. Which fields fell back is not said: compare with the default language to find out.',
    { type: 'string', pattern: '^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$' },
    false,
  ),
  VaryAuthorization: header(
    'The rate-limit headers depend on the key in Authorization: caches keep one copy per key (RFC 9110 §12.5.5). An error to a request whose language was negotiated from Accept-Language names it as well (a cursor of one language is refused in another).',
    { type: 'string', enum: [VARY_AUTHORIZATION, VARY_AUTHORIZATION_AND_LANGUAGE] },
  ),
  ContentEncoding: header(
    'Present when the body is compressed: br or gzip, whichever Accept-Encoding prefers (q-values honoured, br first on a tie).',
    { type: 'string', enum: ['br', 'gzip'] },
    false,
  ),
  CacheControl: header('JSON and HTML may be cached for 300 seconds.', {
    type: 'string',
    const: JSON_CACHE_CONTROL,
  }),
  StatusCacheControl: header(
    'The status changes when the rate limits switch between shared and per-instance: it may be cached for a few seconds only.',
    {
      type: 'string',
      const: STATUS_CACHE_CONTROL,
    },
  ),
  ImageCacheControl: header('Sprite ids are stable: artwork may be cached for 30 days.', {
    type: 'string',
    const: IMAGE_CACHE_CONTROL,
  }),
  BulkCacheControl: header(
    'A bulk file or SQLite file asked for with its version never changes and may be cached for a year; without one, 300 seconds.',
    {
      type: 'string',
      enum: [VERSIONED_BULK_CACHE_CONTROL, JSON_CACHE_CONTROL],
    },
  ),
  NoStore: header('A 429 or a server failure is never stored or replayed by a cache.', {
    type: 'string',
    const: NO_STORE,
  }),
  DatasetVersion: header(
    'Version of the dataset that answered, <YYYY-MM-DD>.<n>; compare it to notice a new dataset.',
    {
      type: 'string',
      pattern: DATASET_VERSION_PATTERN.source,
    },
  ),
  RequestId: header(
    'Identifies this request in the access log; quote it when reporting a problem.',
    { type: 'string', minLength: 1 },
  ),
  RateLimitLimit: header('Requests allowed per window in the tier this request counted against.', {
    type: 'integer',
    enum: [...new Set(Object.values(TIERS).map((tier) => tier.limit))],
  }),
  RateLimitRemaining: header(
    'Requests left in the window: a best-effort hint counted by the instance that answered.',
    {
      type: 'integer',
      minimum: 0,
    },
  ),
  RateLimitReset: header('Whole seconds until the window rolls over.', {
    type: 'integer',
    minimum: 1,
    maximum: longestWindow,
  }),
  RateLimitPolicy: header(
    'The tier this request counted against as a quota policy (draft-ietf-httpapi-ratelimit-headers-11 §3): its name, q the requests allowed and w the window in seconds.',
    { type: 'string', enum: Object.values(RATE_LIMIT_POLICIES) },
  ),
  RateLimit: header(
    'The same state as the ratelimit-* trio (draft-ietf-httpapi-ratelimit-headers-11 §4): the policy, r the requests left (a hint) and t the seconds until the window rolls over.',
    {
      type: 'string',
      pattern: `^"(${Object.keys(RATE_LIMIT_POLICIES).join('|')})";r=(0|[1-9][0-9]*);t=[1-9][0-9]*$`,
    },
  ),
  RetryAfter: header('Whole seconds to wait before trying again (RFC 9110 §10.2.3).', {
    type: 'integer',
    minimum: 1,
    maximum: longestWindow,
  }),
  Allow: header('The methods every path accepts (RFC 9110 §10.2.1).', {
    type: 'string',
    const: ALLOWED_METHODS,
  }),
  Location: header('Where the reference lives.', { type: 'string', const: '/docs' }),
  AcceptRanges: header(
    'The SQLite file may be asked for in byte ranges (Range: bytes=…), as sql.js-httpvfs reads it.',
    { type: 'string', const: 'bytes' },
  ),
  ContentDisposition: header(
    'The name to save the SQLite file as: its own, which names its release.',
    {
      type: 'string',
      pattern: '^attachment; filename="gamedata-\\d{4}-\\d{2}-\\d{2}\\.\\d+\\.sqlite"$',
    },
  ),
  ContentRange: header(
    "Which bytes of the file this part is, and the whole file's size (RFC 9110 §14.4).",
    {
      type: 'string',
      pattern: '^bytes \\d+-\\d+/\\d+$',
    },
  ),
  AllowOrigin: header('Any origin may read every response: the API is public and read-only.', {
    type: 'string',
    const: '*',
  }),
  ExposeHeaders: header('Response headers browser scripts may read.', {
    type: 'string',
    minLength: 1,
  }),
  AllowMethods: header('Methods a browser may use.', { type: 'string', const: ALLOWED_METHODS }),
  AllowHeaders: header('Request headers a browser may send.', {
    type: 'string',
    const: ALLOWED_REQUEST_HEADERS,
  }),
  MaxAge: header('Seconds a browser may reuse this preflight answer.', {
    type: 'integer',
    const: PREFLIGHT_MAX_AGE_SECONDS,
  }),
  ContentSecurityPolicy: header(
    "Nothing loads but the page itself: default-src 'none', inline style allowed by its hash.",
    {
      type: 'string',
      pattern: "^default-src 'none'",
    },
  ),
  CrossOriginResourcePolicy: header(
    'Any origin may embed the answer, pages isolated with Cross-Origin-Embedder-Policy: require-corp included: the API is public and open to every origin.',
    { type: 'string', const: CROSS_ORIGIN_RESOURCE_POLICY },
  ),
  Deprecation: header(
    'Present when the request uses something deprecated (a key in the query string): the day it was deprecated, as a structured-field date (`@` and Unix seconds, RFC 9745). It keeps working as the deprecation policy says (/docs#deprecations).',
    { type: 'string', pattern: '^@-?[0-9]+$' },
    false,
  ),
  DeprecationLink: header(
    'Present with Deprecation: where the deprecation policy is, rel="deprecation" (RFC 9745 §3).',
    {
      type: 'string',
      pattern: `^<[^>]*#${DEPRECATIONS_ANCHOR}>; rel="deprecation"; type="text/html"$`,
    },
    false,
  ),
  Sunset: header(
    'Present with Deprecation once a removal date is set: the day what the request uses stops working, as an HTTP-date (RFC 8594).',
    {
      type: 'string',
      pattern:
        '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$',
    },
    false,
  ),
  ContentTypeOptions: header('No response is sniffed as another type than its content-type says.', {
    type: 'string',
    const: 'nosniff',
  }),
  ReferrerPolicy: header('Links from the page send no Referer.', {
    type: 'string',
    const: 'no-referrer',
  }),
} satisfies Record<string, Json>;

type HeaderName = keyof typeof HEADER_COMPONENTS;

/**
 * A response's headers, each a reference to its component; those named in `mayLack` are written out
 * with `required: false` instead, as a reference cannot override `required`.
 */
function headerSet(entries: Record<string, HeaderName>, mayLack: readonly string[] = []): Json {
  return Object.fromEntries(
    Object.entries(entries).map(([name, component]) => [
      name,
      mayLack.includes(name)
        ? { ...HEADER_COMPONENTS[component], required: false }
        : refTo('headers', component),
    ]),
  );
}

/**
 * What a server failure may lack: when the app itself fails, the adapter answers with the error
 * body, CORS, `x-dataset-version` and `no-store` alone — nothing that belongs to a request it could not
 * finish.
 */
const REQUEST_BOUND = [
  'x-request-id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit',
  'ratelimit-policy',
  'deprecation',
  'link',
  'sunset',
  'etag',
  'vary',
];

/**
 * Headers of every response, whatever its status (ARCHITECTURE.md: headers are policy); the
 * deprecation notice only when the request uses something deprecated.
 */
const POLICY = {
  'x-dataset-version': 'DatasetVersion',
  'x-request-id': 'RequestId',
  'ratelimit-limit': 'RateLimitLimit',
  'ratelimit-remaining': 'RateLimitRemaining',
  'ratelimit-reset': 'RateLimitReset',
  ratelimit: 'RateLimit',
  'ratelimit-policy': 'RateLimitPolicy',
  'access-control-allow-origin': 'AllowOrigin',
  'access-control-expose-headers': 'ExposeHeaders',
  'cross-origin-resource-policy': 'CrossOriginResourcePolicy',
  'x-content-type-options': 'ContentTypeOptions',
  deprecation: 'Deprecation',
  link: 'DeprecationLink',
  sunset: 'Sunset',
} as const;

/** A JSON answer's validator and lifetime. */
const JSON_ANSWER = { ...POLICY, etag: 'ETag', 'cache-control': 'CacheControl' } as const;

/** A JSON answer of the dataset's text: in a language, some records perhaps in the default one. */
const DATA_ANSWER = {
  ...JSON_ANSWER,
  'content-language': 'ContentLanguage',
  'x-language-fallback': 'LanguageFallback',
} as const;

/** An error's: a JSON answer in the API's language that varies on the key alone, as it is never compressed. */
const ERROR_ANSWER = {
  ...JSON_ANSWER,
  'content-language': 'ApiContentLanguage',
  vary: 'VaryAuthorization',
} as const;

/** What a body that may be sent compressed adds (JSON and HTML; errors are too small to gain). */
const COMPRESSIBLE = { vary: 'Vary', 'content-encoding': 'ContentEncoding' } as const;

/** The header set of each kind of response. */
export const HEADER_SETS = {
  json: headerSet({ ...DATA_ANSWER, ...COMPRESSIBLE }),
  error: headerSet(ERROR_ANSWER),
  status: headerSet({
    ...JSON_ANSWER,
    'content-language': 'ContentLanguage',
    'cache-control': 'StatusCacheControl',
    ...COMPRESSIBLE,
  }),
  image: headerSet({ ...POLICY, etag: 'ImageETag', 'cache-control': 'ImageCacheControl' }),
  bulk: headerSet({
    ...POLICY,
    etag: 'BulkETag',
    'cache-control': 'BulkCacheControl',
    'content-language': 'BulkContentLanguage',
    ...COMPRESSIBLE,
  }),
  database: headerSet({
    ...POLICY,
    etag: 'DatabaseETag',
    'cache-control': 'BulkCacheControl',
    'accept-ranges': 'AcceptRanges',
    'content-disposition': 'ContentDisposition',
    ...COMPRESSIBLE,
  }),
  databasePart: headerSet({
    ...POLICY,
    etag: 'BulkETag',
    'cache-control': 'BulkCacheControl',
    'accept-ranges': 'AcceptRanges',
    'content-disposition': 'ContentDisposition',
    vary: 'Vary',
    'content-range': 'ContentRange',
  }),
  docs: headerSet({
    ...JSON_ANSWER,
    ...COMPRESSIBLE,
    'content-security-policy': 'ContentSecurityPolicy',
    'referrer-policy': 'ReferrerPolicy',
  }),
  redirect: headerSet({
    ...POLICY,
    location: 'Location',
    'cache-control': 'CacheControl',
    vary: 'VaryAuthorization',
  }),
  methodNotAllowed: headerSet({ ...ERROR_ANSWER, allow: 'Allow' }),
  rateLimited: headerSet({
    ...ERROR_ANSWER,
    'cache-control': 'NoStore',
    'retry-after': 'RetryAfter',
  }),
  failed: headerSet({ ...ERROR_ANSWER, 'cache-control': 'NoStore' }),
  internal: headerSet({ ...ERROR_ANSWER, 'cache-control': 'NoStore' }, REQUEST_BOUND),
  preflight: headerSet({
    ...POLICY,
    'access-control-allow-methods': 'AllowMethods',
    'access-control-allow-headers': 'AllowHeaders',
    'access-control-max-age': 'MaxAge',
  }),
};
