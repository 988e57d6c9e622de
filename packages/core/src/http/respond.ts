import { matchesIfNoneMatch } from '../etag.js';
import { ApiError } from '../errors.js';
import { negotiateCoding, type Compress } from '../policy/content-coding.js';
import { databaseEtag, type ReleaseDatabase } from '../dataset/release-database.js';
import {
  answerHeaders,
  commonHeaders,
  negotiatedVary,
  representationHeaders,
  type HeaderSet,
  type RepresentationMeta,
} from '../policy/headers.js';
import { LruCache } from '../lru-cache.js';
import {
  encodedAs,
  errorAnswer,
  type Encoded,
  type Representation,
} from '../policy/representation.js';
import type { AppContext } from './app-env.js';
import { byteRange } from './byte-range.js';

/**
 * Builds every answer of one app. Each answer is made in one go from header sets worked out in
 * advance plus the request's own headers (request id, ratelimit-*): one plain object of headers and
 * the body's bytes, which @hono/node-server writes out as they are.
 */
export interface Responder {
  /** A 200, or a 304 without a body when If-None-Match matches (RFC 9110 §13.1.2), in the coding the client prefers. */
  representation(c: AppContext, representation: Representation): Response;
  /** The contract's error body. Errors ignore If-None-Match: only a 200 can become a 304. */
  error(c: AppContext, error: ApiError): Response;
  /** A 404 `not_found` with this message: `error` for the commonest answer a client gets wrong, with no error made when it was answered before. */
  notFound(c: AppContext, message: string): Response;
  /** A handler for an answer without a body and with fixed headers (a preflight's 204, a redirect). */
  fixed(status: 204 | 302, headers: HeaderSet): (c: AppContext) => Response;
  /**
   * The release's SQLite file, read as it is sent: a 304 when If-None-Match matches; the one byte range
   * a Range asks for (206, `content-range`), of the file as it is; else the whole file, in the coding the
   * client prefers of those it was published in — as it is, when a part was asked for.
   */
  database(c: AppContext, database: ReleaseDatabase, meta: RepresentationMeta): Response;
}

/**
 * The answer: `headers` and the request's own. An answer to a request whose language was negotiated
 * from Accept-Language — a representation in it, or an error such as its cursor's refusal in
 * another — varies on it as well.
 */
function reply(
  c: AppContext,
  status: number,
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null,
  headers: HeaderSet,
): Response {
  const all = answerHeaders(headers, c.get('requestId'), c.get('rate'), c.get('deprecation'));
  if (c.get('language')?.negotiated) all.vary = negotiatedVary(all.vary);
  return new Response(body, { status, headers: all });
}

/** Where an error without headers of its own is kept: its status, code and message say all it holds. */
const errorKey = (status: number, code: string, message: string) =>
  `${status}\n${code}\n${message}`;

/** What a cache entry costs besides its body: the key, the headers object, the bookkeeping. */
export const ENTRY_OVERHEAD_BYTES = 1024;

/** The responder of an app serving `version`; without `compress`, every answer is sent uncompressed. */
export function createResponder(version: string, compress: Compress | undefined): Responder {
  // Clients repeat their mistakes (a 404 for a removed id, a 400 for a bad limit): the same error is
  // rendered once. Errors with headers of their own (retry-after, allow) vary, and are not kept.
  // Messages can quote what the client sent (an id in the path), so the bound is in bytes too.
  const errors = new LruCache<Encoded>({
    maxEntries: 256,
    maxBytes: 1 << 20,
    sizeOf: (encoded) => encoded.body.byteLength + ENTRY_OVERHEAD_BYTES,
  });
  // A release's SQLite file is answered with one of two metas (named by its version or not), each
  // made once by its route: their headers are worked out on first use, not per request.
  const databaseHeaders = new WeakMap<
    RepresentationMeta,
    ReturnType<typeof representationHeaders>
  >();
  return {
    representation(c, representation) {
      if (matchesIfNoneMatch(c.req.header('if-none-match'), representation.meta.etag)) {
        return reply(c, 304, null, representation.notModified);
      }
      const coding = representation.compressible
        ? negotiateCoding(c.req.header('accept-encoding'))
        : undefined;
      // A form compressed in advance (a bulk file's) is sent even by an app that compresses nothing itself.
      const encoded =
        coding &&
        (representation.encoded[coding] ??
          (compress && encodedAs(representation, coding, compress)));
      const { body, headers } = encoded || representation.identity;
      return reply(c, 200, body, headers);
    },
    error(c, error) {
      const hasOwnHeaders = Object.keys(error.headers).length > 0;
      const { body, headers } = hasOwnHeaders
        ? errorAnswer(error, version)
        : errors.getOrCreate(errorKey(error.status, error.code, error.message), () =>
            errorAnswer(error, version),
          );
      return reply(c, error.status, body, headers);
    },
    notFound(c, message) {
      const { body, headers } = errors.getOrCreate(errorKey(404, 'not_found', message), () =>
        errorAnswer(new ApiError('not_found', message), version),
      );
      return reply(c, 404, body, headers);
    },
    database(c, database, meta) {
      let headers = databaseHeaders.get(meta);
      if (!headers)
        databaseHeaders.set(
          meta,
          (headers = representationHeaders(version, meta, true, database.bytes)),
        );
      const { ok, notModified } = headers;
      // A client that asks for a part reads the file as it is, so the whole it gets instead (a Range
      // this server does not serve) is the file as it is too, never a compressed form.
      const ifRange = c.req.header('if-range');
      // A Range under an If-Range that is not the file's etag is ignored (RFC 9110 §13.1.5): the
      // answer is the one asked for without it, in the coding asked for (a compressed download resumed
      // gets that form whole again).
      const asked =
        ifRange === undefined || ifRange.trim() === meta.etag ? c.req.header('range') : undefined;
      const coding =
        asked === undefined ? negotiateCoding(c.req.header('accept-encoding')) : undefined;
      const encoded = coding && database.encoded[coding];
      // Each form its own strong etag (RFC 9110 §8.8.3): an If-Range naming a compressed form, a
      // download of it resumed, never gets the file's own bytes to append.
      const etag = encoded ? databaseEtag(database.sha256, coding) : meta.etag;
      if (matchesIfNoneMatch(c.req.header('if-none-match'), etag))
        return reply(c, 304, null, encoded ? { ...notModified, etag } : notModified);
      // A HEAD's answer is sent without its body: the file is not opened.
      const head = c.req.method === 'HEAD';
      const range = byteRange(asked, database.bytes, ifRange, meta.etag);
      if (range) {
        const { start, end } = range;
        return reply(c, 206, head ? null : database.read(start, end), {
          ...ok,
          'content-range': `bytes ${start}-${end - 1}/${database.bytes}`,
          'content-length': String(end - start),
        });
      }
      if (encoded)
        return reply(c, 200, head ? null : encoded.read(), {
          ...ok,
          etag,
          'content-encoding': coding,
          'content-length': String(encoded.bytes),
        });
      return reply(c, 200, head ? null : database.read(0, database.bytes), ok);
    },
    fixed(status, headers) {
      const all = { ...commonHeaders(version), ...headers };
      return (c) => reply(c, status, null, all);
    },
  };
}
