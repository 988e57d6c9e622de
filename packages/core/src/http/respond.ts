import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { makeWeakEtag, matchesIfNoneMatch } from '../etag.js';
import type { ApiError } from '../errors.js';
import { toErrorBody } from '../errors.js';
import type { AppEnv } from './app-env.js';
import { JSON_CACHE_CONTROL, NO_STORE } from './headers.js';

/** A serialised response body and its validator; built once per dataset version and reused. */
export interface Representation {
  body: string | Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
  cacheControl: string;
}

const encoder = new TextEncoder();

/** A text body (JSON, HTML) with its weak, version-embedding etag and the JSON cache lifetime. */
export function textRepresentation(version: string, body: string, contentType: string): Representation {
  // Encoded once here: a cached representation is then sent as bytes, not re-encoded per request.
  return { body: encoder.encode(body), etag: makeWeakEtag(version, body), contentType, cacheControl: JSON_CACHE_CONTROL };
}

/** A JSON body (spec §4: every JSON response has an etag embedding the dataset version). */
export function jsonRepresentation(version: string, payload: unknown): Representation {
  return textRepresentation(version, JSON.stringify(payload), 'application/json; charset=utf-8');
}

/**
 * Sends a 200, or a 304 without a body when If-None-Match matches (RFC 9110 §13.1.2). The 304 keeps
 * etag and cache-control; CORS and ratelimit headers are added to every response by the policy
 * middleware.
 */
export function sendRepresentation(c: Context<AppEnv>, representation: Representation): Response {
  c.header('etag', representation.etag);
  c.header('cache-control', representation.cacheControl);
  if (matchesIfNoneMatch(c.req.header('if-none-match'), representation.etag)) return c.body(null, 304);
  c.header('content-type', representation.contentType);
  return c.body(representation.body, 200);
}

/**
 * Sends the contract's error body. Errors ignore If-None-Match (only a 200 can become a 304); 429 and
 * 500 are `no-store` so a cache never replays them.
 */
export function sendError(c: Context<AppEnv>, error: ApiError, version: string): Response {
  const representation = jsonRepresentation(version, toErrorBody(error));
  c.header('etag', representation.etag);
  c.header('cache-control', error.status === 429 || error.status >= 500 ? NO_STORE : JSON_CACHE_CONTROL);
  c.header('content-type', representation.contentType);
  return c.body(representation.body, error.status as ContentfulStatusCode);
}
