import type { ApiError } from '../errors.js';
import type { RateLimitState } from '../ratelimit/decide.js';
import { TIERS, type TierName } from '../ratelimit/tiers.js';
import type { ContentCoding } from './content-coding.js';
import { DEPRECATIONS_ANCHOR, type Deprecation } from './deprecations.js';

/**
 * The response policy: every header of every kind of answer — a 200, a 304, an error, a preflight, a
 * redirect, and an adapter's refusal before routing — is decided here (ARCHITECTURE.md, "Headers are
 * policy"). The HTTP layer applies these sets; the OpenAPI document and the /docs page state values
 * with these constants, and a test holds the document's header sets to these functions. This module
 * imports none of those layers.
 */
export type HeaderSet = Readonly<Record<string, string>>;

/**
 * GET and HEAD, and OPTIONS for CORS preflight (README, "Choices the contract leaves open",
 * Methods row).
 */
export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
export const PNG_CONTENT_TYPE = 'image/png';
/** A SQLite database file (IANA's registration). */
export const SQLITE_CONTENT_TYPE = 'application/vnd.sqlite3';
/**
 * JSON responses may be cached for 300 s (README, "Choices the contract leaves open", Caching row).
 */
export const JSON_CACHE_CONTROL = 'public, max-age=300';
/**
 * `/v1/status` changes without a new release — when the rate limits switch between shared and
 * per-instance — so a cache may keep it for a few seconds only; its etag changes with it.
 */
export const STATUS_CACHE_CONTROL = 'public, max-age=5';
/**
 * A 429 (and a server failure) must never be served from a cache (README,
 * "Choices the contract leaves open", Caching row).
 */
export const NO_STORE = 'no-store';
/**
 * Sprite ids are stable (README, "Choices the contract leaves open", Images row): cache for 30
 * days, revalidate with the etag after.
 */
export const IMAGE_CACHE_CONTROL = 'public, max-age=2592000';
/**
 * A bulk file named with its version (the URL `/v1/bulk` lists) never changes: cache it for a year.
 * Asked for without a version, it changes with each release, so it gets the JSON lifetime.
 */
export const VERSIONED_BULK_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Request headers a browser app may send (preflight), and how long it may reuse the answer. */
export const ALLOWED_REQUEST_HEADERS = 'Authorization, If-None-Match';
export const PREFLIGHT_MAX_AGE_SECONDS = 86400;

/**
 * What browser scripts may read (etag, x-dataset-version, ratelimit-*; README,
 * "Choices the contract leaves open", CORS row), plus the IETF RateLimit fields, retry-after,
 * x-request-id, and the deprecation notice (`deprecation`, its `link` and `sunset`) so that a
 * browser app can warn its developers too.
 */
const EXPOSED_HEADERS = [
  'etag',
  'x-dataset-version',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'x-request-id',
  'deprecation',
  'link',
  'sunset',
  'x-language-fallback',
].join(', ');

/**
 * What the release's SQLite file is sent with besides a bulk file's headers: that it may be asked for
 * in byte ranges, the name to save it as, and what a browser script reading it in ranges
 * (sql.js-httpvfs) must read — `content-range` is not one a browser shows a script unless told.
 *
 * @example databaseHeaders('gamedata-2026-11-22.1.sqlite')['accept-ranges'] // 'bytes'
 */
export function databaseHeaders(file: string): HeaderSet {
  return {
    'accept-ranges': 'bytes',
    'content-disposition': `attachment; filename="${file}"`,
    'access-control-expose-headers': `${EXPOSED_HEADERS}, content-range, accept-ranges, content-disposition`,
  };
}

/**
 * `cross-origin-resource-policy` of every answer: a page isolated with
 * `Cross-Origin-Embedder-Policy: require-corp` may only load what says it may be embedded, and CORS
 * alone does not say so for a plain `<img>` or a `no-cors` fetch. The API is public and open to every
 * origin, so every answer — artwork, JSON, errors — may be loaded by any of them (Fetch standard,
 * "Cross-Origin-Resource-Policy header").
 */
export const CROSS_ORIGIN_RESOURCE_POLICY = 'cross-origin';

/**
 * On every response: CORS (the API is public and read-only, so any origin may read it), CORP (any
 * origin may embed it, isolated or not), and no content sniffing — a body is only ever what its
 * content-type says, whatever a client makes of it.
 */
const EVERY_ANSWER: HeaderSet = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
  'cross-origin-resource-policy': CROSS_ORIGIN_RESOURCE_POLICY,
  'x-content-type-options': 'nosniff',
};

/** What every answer of the app carries, alike for every request of a dataset version: CORS and the version. */
export function commonHeaders(datasetVersion: string): HeaderSet {
  return { ...EVERY_ANSWER, 'x-dataset-version': datasetVersion };
}

/**
 * Each tier as a quota policy in `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers-11 §3): its
 * name, its quota in requests and its window in seconds, e.g. `"anonymous";q=60;w=60`.
 */
export const RATE_LIMIT_POLICIES = Object.fromEntries(
  Object.values(TIERS).map((tier) => [
    tier.name,
    `"${tier.name}";q=${tier.limit};w=${tier.windowMs / 1000}`,
  ]),
) as Readonly<Record<TierName, string>>;

/**
 * What every answer carries that is its own: the request id; when it was counted, its rate-limit
 * state twice over — the contract's ratelimit-* trio and the IETF draft's `RateLimit` and
 * `RateLimit-Policy` fields (the draft's §4 and §3; README, "Rate limits and keys"), which generic
 * clients and gateways read; and when the request used something deprecated, the notice
 * (`deprecationHeaders`). A 429's retry-after travels with its error.
 */
export function requestHeaders(
  requestId: string,
  rate: RateLimitState | undefined,
  deprecation?: HeaderSet,
): HeaderSet {
  return answerHeaders({}, requestId, rate, deprecation);
}

/**
 * Every header of one answer: the set worked out once for what it answers with, plus the request's
 * own (`requestHeaders`). One plain object, so the adapter writes it out as it is. Copied and then
 * assigned field by field rather than spread together: V8 makes `{ ...base, ...own }` a slow
 * dictionary object, twenty times the cost.
 */
export function answerHeaders(
  base: HeaderSet,
  requestId: string,
  rate: RateLimitState | undefined,
  deprecation?: HeaderSet,
): Record<string, string> {
  const headers: Record<string, string> = Object.assign({}, base);
  headers['x-request-id'] = requestId;
  if (deprecation) Object.assign(headers, deprecation);
  if (!rate) return headers;
  headers['ratelimit-limit'] = String(rate.limit);
  headers['ratelimit-remaining'] = String(rate.remaining);
  headers['ratelimit-reset'] = String(rate.resetSeconds);
  headers['ratelimit-policy'] = RATE_LIMIT_POLICIES[rate.tier];
  headers.ratelimit = `"${rate.tier}";r=${rate.remaining};t=${rate.resetSeconds}`;
  return headers;
}

/**
 * The notice on every answer to a request that uses something deprecated, whatever its status:
 * `Deprecation` with the day it was deprecated, as a structured-field date (RFC 9745 §2.1), a `Link`
 * to the policy on the reference page at `docsPath` (rel="deprecation", RFC 9745 §3), and `Sunset`
 * with the removal date as an HTTP-date (RFC 8594 §3) once one is set. It depends on the request
 * alone — its URL, which every cache keys on — never on the representation, so it is added to each
 * answer like the request id rather than kept in a cached one.
 *
 * @example deprecationHeaders(QUERY_KEY_DEPRECATION, '/docs').deprecation // '@1795564800'
 */
export function deprecationHeaders(deprecation: Deprecation, docsPath: string): HeaderSet {
  return {
    deprecation: `@${Math.floor(deprecation.deprecatedAt / 1000)}`,
    link: `<${docsPath}#${DEPRECATIONS_ANCHOR}>; rel="deprecation"; type="text/html"`,
    ...(deprecation.sunsetAt === undefined
      ? {}
      : { sunset: new Date(deprecation.sunsetAt).toUTCString() }),
  };
}

/**
 * `vary` of an answer counted against the anonymous or community tier: whether a key came in
 * Authorization picks the tier, so the answer's rate-limit headers depend on it, and a cache — a
 * browser's above all, where one app sends requests with and without its key — must keep the two
 * apart (RFC 9110 §12.5.5). Images are counted on the address alone, whatever the key.
 */
export const VARY_AUTHORIZATION = 'authorization';
/** `vary` of a body that may be compressed as well: one copy per Accept-Encoding, and per key. */
export const VARY_ENCODING_AND_AUTHORIZATION = 'accept-encoding, authorization';
/**
 * `vary` of an answer whose language was negotiated (no `lang`, and the release has several): one copy
 * per Accept-Language as well. It depends on the request, not on the representation (the same German
 * page answers `?lang=de` and `Accept-Language: de`), so it is set per answer.
 */
export const VARY_ENCODING_AUTHORIZATION_AND_LANGUAGE =
  'accept-encoding, authorization, accept-language';
/** `vary` of an error to a request whose language was negotiated: a cursor of one language is refused in another. */
export const VARY_AUTHORIZATION_AND_LANGUAGE = 'authorization, accept-language';

/** Each `vary` the policy sets, with `accept-language` added: worked out once, not per answer. */
const NEGOTIATED_VARY: Readonly<Record<string, string>> = {
  [VARY_ENCODING_AND_AUTHORIZATION]: VARY_ENCODING_AUTHORIZATION_AND_LANGUAGE,
  [VARY_AUTHORIZATION]: VARY_AUTHORIZATION_AND_LANGUAGE,
};

/**
 * The `vary` of an answer to a request whose language was negotiated from Accept-Language: its own,
 * with `accept-language` added.
 *
 * @example negotiatedVary('accept-encoding, authorization') // 'accept-encoding, authorization, accept-language'
 */
export function negotiatedVary(vary: string | undefined): string {
  return vary === undefined
    ? 'accept-language'
    : (NEGOTIATED_VARY[vary] ?? `${vary}, accept-language`);
}

/**
 * The language of the API's own text — error messages, the OpenAPI document — whatever the dataset's:
 * `content-language` of those answers.
 */
export const API_LANGUAGE_HEADERS: HeaderSet = { 'content-language': 'en' };

/** The header that names the records of an answer that keep text in the default language. */
export const LANGUAGE_FALLBACK = 'x-language-fallback';

/**
 * Positions as ascending runs, each run `first-last` or a lone position: `0-2,5`.
 *
 * @example positionRuns([0, 1, 2, 5]) // '0-2,5'
 */
export function positionRuns(positions: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < positions.length;) {
    const first = positions[i] as number;
    let last = first;
    while (positions[i + 1] === last + 1) last = positions[++i] as number;
    runs.push(first === last ? String(first) : `${first}-${last}`);
    i++;
  }
  return runs.join(',');
}

/**
 * The language of an answer's text (RFC 9110 §8.5): `content-language` names it, and when some records
 * keep text in the default language because it is not translated, the default language too (`es, en`)
 * and `x-language-fallback` the positions of those records in `data` — runs of positions, `0-2,5`; a
 * single record is position 0. Bounded whatever the ids: 200 records make at most 100 runs.
 *
 * @example languageHeaders('es', 'en', [0, 1, 4]) // { 'content-language': 'es, en', 'x-language-fallback': '0-1,4' }
 */
export function languageHeaders(
  language: string,
  defaultLanguage: string,
  fellBack: readonly number[] = [],
): HeaderSet {
  if (fellBack.length === 0) return { 'content-language': language };
  return {
    'content-language': `${language}, ${defaultLanguage}`,
    [LANGUAGE_FALLBACK]: positionRuns(fellBack),
  };
}

/**
 * What a body's coding adds: its length, and for text that may be compressed, `vary` and the coding
 * it is in, when it is one. Every compressible body (JSON, HTML) is counted against a keyed tier.
 */
export function encodedHeaders(
  compressible: boolean,
  length?: number,
  coding?: ContentCoding,
): HeaderSet {
  return {
    ...(compressible ? { vary: VARY_ENCODING_AND_AUTHORIZATION } : {}),
    ...(coding ? { 'content-encoding': coding } : {}),
    ...(length === undefined ? {} : { 'content-length': String(length) }),
  };
}

/** The validator and lifetime of a representation, and any headers of its own (the /docs page's CSP). */
export interface RepresentationMeta {
  etag: string;
  contentType: string;
  cacheControl: string;
  headers?: HeaderSet;
}

/**
 * A representation's 200 headers (with its content type and length) and its 304's, which keep what
 * a cache needs to refresh its copy — etag, cache-control and the representation's own headers (RFC
 * 9110 §15.4.5) — and have no content type, as a 304 has no body. Built field by field, as
 * `answerHeaders` is: a new answer makes both.
 */
export function representationHeaders(
  datasetVersion: string,
  meta: RepresentationMeta,
  compressible: boolean,
  length: number,
): { ok: HeaderSet; notModified: HeaderSet } {
  const notModified: Record<string, string> = Object.assign({}, EVERY_ANSWER);
  notModified['x-dataset-version'] = datasetVersion;
  if (meta.headers) Object.assign(notModified, meta.headers);
  notModified.etag = meta.etag;
  notModified['cache-control'] = meta.cacheControl;
  const ok = Object.assign({}, notModified);
  ok['content-type'] = meta.contentType;
  if (compressible) notModified.vary = ok.vary = VARY_ENCODING_AND_AUTHORIZATION;
  ok['content-length'] = String(length);
  return { ok, notModified };
}

/**
 * Whether a cache may keep an error: never a 429 (README, "Choices the contract leaves open",
 * Caching row) or a server failure, nor a refusal of how one request was sent (408: too slow; 431:
 * headers too large) that says nothing of the resource.
 */
function errorCacheControl(status: number): string {
  return status === 429 || status === 408 || status === 431 || status >= 500
    ? NO_STORE
    : JSON_CACHE_CONTROL;
}

/**
 * An error answer: JSON with its etag, a lifetime by status, and the error's own headers. It varies
 * on Authorization like any JSON answer; for an image's 404 that is more than needed, and harmless.
 */
export function errorHeaders(error: ApiError, etag: string): HeaderSet {
  return {
    ...error.headers,
    'content-type': JSON_CONTENT_TYPE,
    ...API_LANGUAGE_HEADERS,
    etag,
    'cache-control': errorCacheControl(error.status),
    vary: VARY_AUTHORIZATION,
  };
}

/** Preflight answer (204): the methods and the request headers a browser app may send. */
export function preflightHeaders(): HeaderSet {
  return {
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}

/** `/` redirects to the reference; the redirect may be cached like JSON, and varies like it. */
export function redirectHeaders(location: string): HeaderSet {
  return { location, 'cache-control': JSON_CACHE_CONTROL, vary: VARY_AUTHORIZATION };
}

/**
 * The /docs page's own headers: nothing may load but the page itself (its one inline stylesheet is
 * allowed by its CSP hash), and its links send no Referer.
 */
export function htmlPageHeaders(styleHash: string): HeaderSet {
  return {
    'content-security-policy': `default-src 'none'; style-src ${styleHash}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'referrer-policy': 'no-referrer',
  };
}

/**
 * An adapter's refusal of a request the app never saw: the error body's headers and CORS, `no-store`
 * and the dataset version, but no rate-limit headers — the client could not be identified.
 */
export function refusalHeaders(error: ApiError, datasetVersion: string): HeaderSet {
  return {
    ...error.headers,
    ...EVERY_ANSWER,
    'content-type': JSON_CONTENT_TYPE,
    ...API_LANGUAGE_HEADERS,
    'cache-control': NO_STORE,
    'x-dataset-version': datasetVersion,
  };
}
