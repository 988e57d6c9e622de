import { matchesIfNoneMatch } from '../etag.js';
import type { ApiError } from '../errors.js';
import { negotiateCoding, type Compress } from '../policy/content-coding.js';
import { answerHeaders, commonHeaders, type HeaderSet } from '../policy/headers.js';
import { LruCache } from '../lru-cache.js';
import { encodedAs, errorAnswer, type Encoded, type Representation } from '../policy/representation.js';
import type { Answer, Exchange } from './exchange.js';

/**
 * Builds every answer of one app. Each answer is made in one go from header sets worked out in
 * advance plus the request's own headers (request id, ratelimit-*), as one plain object that the
 * adapter writes out as it is: nothing is added to an answer after it is built.
 */
export interface Responder {
  /** A 200, or a 304 without a body when If-None-Match matches (RFC 9110 §13.1.2), in the coding the client prefers. */
  representation(exchange: Exchange, representation: Representation): Answer;
  /** The contract's error body. Errors ignore If-None-Match: only a 200 can become a 304. */
  error(exchange: Exchange, error: ApiError): Answer;
  /** A handler for an answer without a body and with fixed headers (a preflight's 204, a redirect). */
  fixed(status: 204 | 302, headers: HeaderSet): (exchange: Exchange) => Answer;
}

function reply(exchange: Exchange, status: number, body: Uint8Array<ArrayBuffer> | null, headers: HeaderSet): Answer {
  return { status, headers: answerHeaders(headers, exchange.requestId, exchange.rate), body };
}

/** What a cache entry costs besides its body: the key, the headers object, the bookkeeping. */
export const ENTRY_OVERHEAD_BYTES = 1024;

/** The responder of an app serving `version`; without `compress`, every answer is sent uncompressed. */
export function createResponder(version: string, compress: Compress | undefined): Responder {
  // Clients repeat their mistakes (a 404 for a removed id, a 400 for a bad limit): the same error is
  // rendered once. Errors with headers of their own (retry-after, allow) vary, and are not kept.
  // Messages can quote what the client sent (an id in the path), so the bound is in bytes too.
  const errors = new LruCache<Encoded>({ maxEntries: 256, maxBytes: 1 << 20, sizeOf: (encoded) => encoded.body.byteLength + ENTRY_OVERHEAD_BYTES });
  return {
    representation(exchange, representation) {
      if (matchesIfNoneMatch(exchange.header('if-none-match'), representation.meta.etag)) {
        return reply(exchange, 304, null, representation.notModified);
      }
      const coding = representation.compressible ? negotiateCoding(exchange.header('accept-encoding')) : undefined;
      // A form compressed in advance (a bulk file's) is sent even by an app that compresses nothing itself.
      const encoded = coding && (representation.encoded[coding] ?? (compress && encodedAs(representation, coding, compress)));
      const { body, headers } = encoded || representation.identity;
      return reply(exchange, 200, body, headers);
    },
    error(exchange, error) {
      const hasOwnHeaders = Object.keys(error.headers).length > 0;
      const key = `${error.code}\n${error.message}`;
      const { body, headers } = hasOwnHeaders ? errorAnswer(error, version) : errors.getOrCreate(key, () => errorAnswer(error, version));
      return reply(exchange, error.status, body, headers);
    },
    fixed(status, headers) {
      const all = { ...commonHeaders(version), ...headers };
      return (exchange) => reply(exchange, status, null, all);
    },
  };
}
