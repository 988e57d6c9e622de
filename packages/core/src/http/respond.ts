import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { matchesIfNoneMatch } from '../etag.js';
import type { ApiError } from '../errors.js';
import type { HeaderList } from '../policy/headers.js';
import { errorAnswer, type Representation } from '../policy/representation.js';
import type { AppEnv } from './app-env.js';

/** Puts headers the response policy decided on the response being built. */
export function setHeaders(c: Context<AppEnv>, headers: HeaderList): void {
  for (const [name, value] of headers) c.header(name, value);
}

/**
 * Sends a 200, or a 304 without a body when If-None-Match matches (RFC 9110 §13.1.2). Headers every
 * answer carries (CORS, versions, rate limits) are added by the policy middleware.
 */
export function sendRepresentation(c: Context<AppEnv>, representation: Representation): Response {
  if (matchesIfNoneMatch(c.req.header('if-none-match'), representation.etag)) {
    setHeaders(c, representation.notModifiedHeaders);
    return c.body(null, 304);
  }
  setHeaders(c, representation.okHeaders);
  return c.body(representation.body, 200);
}

/** Sends the contract's error body. Errors ignore If-None-Match: only a 200 can become a 304. */
export function sendError(c: Context<AppEnv>, error: ApiError, version: string): Response {
  const answer = errorAnswer(error, version);
  setHeaders(c, answer.headers);
  return c.body(answer.body, error.status as ContentfulStatusCode);
}
