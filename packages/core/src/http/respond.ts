import type { Context } from 'hono';
import { matchesIfNoneMatch } from '../etag.js';
import type { ApiError } from '../errors.js';
import { negotiateCoding, type Compress } from '../policy/content-coding.js';
import { answerHeaders, commonHeaders, type HeaderSet } from '../policy/headers.js';
import { LruCache } from '../lru-cache.js';
import { encodedAs, errorAnswer, type Encoded, type Representation } from '../policy/representation.js';
import type { AppEnv } from './app-env.js';

/**
 * Builds every answer of one app. Each response is made in one go from header sets worked out in
 * advance plus the request's own headers (request id, ratelimit-*), as one plain object: nothing is
 * added to a response after it is built, and no `Headers` object is made on the way to the socket.
 */
export interface Responder {
  /** A 200, or a 304 without a body when If-None-Match matches (RFC 9110 §13.1.2), in the coding the client prefers. */
  representation(c: Context<AppEnv>, representation: Representation): Response;
  /** The contract's error body. Errors ignore If-None-Match: only a 200 can become a 304. */
  error(c: Context<AppEnv>, error: ApiError): Response;
  /** A handler for an answer without a body and with fixed headers (a preflight's 204, a redirect). */
  fixed(status: 204 | 302, headers: HeaderSet): (c: Context<AppEnv>) => Response;
}

function reply(c: Context<AppEnv>, status: number, body: Uint8Array<ArrayBuffer> | null, headers: HeaderSet): Response {
  return new Response(body, { status, headers: answerHeaders(headers, c.get('requestId'), c.get('rate')) });
}

/** The responder of an app serving `version`; without `compress`, every answer is sent uncompressed. */
export function createResponder(version: string, compress: Compress | undefined): Responder {
  // Clients repeat their mistakes (a 404 for a removed id, a 400 for a bad limit): the same error is
  // rendered once. Errors with headers of their own (retry-after, allow) vary, and are not kept.
  const errors = new LruCache<Encoded>(256);
  return {
    representation(c, representation) {
      if (matchesIfNoneMatch(c.req.header('if-none-match'), representation.meta.etag)) {
        return reply(c, 304, null, representation.notModified);
      }
      const coding = representation.compressible ? negotiateCoding(c.req.header('accept-encoding')) : undefined;
      const { body, headers } = coding && compress ? encodedAs(representation, coding, compress) : representation.identity;
      return reply(c, 200, body, headers);
    },
    error(c, error) {
      const hasOwnHeaders = Object.keys(error.headers).length > 0;
      const key = `${error.code}\n${error.message}`;
      const { body, headers } = hasOwnHeaders ? errorAnswer(error, version) : errors.getOrCreate(key, () => errorAnswer(error, version));
      return reply(c, error.status, body, headers);
    },
    fixed(status, headers) {
      const all = { ...commonHeaders(version), ...headers };
      return (c) => reply(c, status, null, all);
    },
  };
}
