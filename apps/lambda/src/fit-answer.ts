import {
  ApiError,
  canonicalLanguage,
  COLLECTION_NAMES,
  JSON_CACHE_CONTROL,
  refusalAnswer,
  type CollectionName,
} from '@gamedata/core/runtime';
import {
  edgeBulkPath,
  edgeSpritePath,
  edgeSqlitePath,
  type EdgeCoding,
} from '@gamedata/server-io/edge-paths';
import { isBinary, type Answer } from './event-result.js';
import { fitsResponse } from './response-limit.js';

/** What `fitAnswer` needs to know besides the answer. */
export interface FitOptions {
  /** The request's method: a HEAD's answer has no body to fit. */
  method: string;
  /** The path the app answered, without the query. */
  path: string;
  /** The query of the request the app answered, without `?` (`''` for none): a bulk file's language is its `lang`. */
  query: string;
  /** The language of the records the app serves, its default: a bulk file in it has the edge's path without a language. */
  datasetLanguage: string;
  /** What an edge file's path is appended to: an https origin, `''` for the host the client asked, or nothing without an edge. */
  edgeBase: string | undefined;
  /** The most the function's result may take, in bytes. */
  limit: number;
  /** Where an answer too large for the function and with nowhere else to go is reported. */
  log(entry: Record<string, unknown>): void;
}

const BULK_FILE = new RegExp(`^/v1/bulk/(${COLLECTION_NAMES.join('|')})\\.json$`);
const SPRITE = /^\/v1\/img\/([A-Za-z0-9._-]+)\.png$/;
const SQLITE_FILE = /^\/v1\/sqlite\/[^/]+$/;

/** Headers that describe the body; a redirect or an error has its own (or none). */
const BODY_HEADERS = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'content-range',
  'content-disposition',
]);
/** The request's own headers, kept on whatever replaces the app's answer: the request was counted. */
const REQUEST_HEADER = /^(?:x-request-id|ratelimit(?:-.+)?)$/;

/**
 * The translated language a bulk file was asked for in: its `lang`, read as the app reads it (in any
 * case: `DE` is `de`); undefined without one, or for the default language, whose files have no
 * language in their edge path. The app answered the file, so `lang` is one the release has.
 */
function translatedLanguageOf(query: string, datasetLanguage: string): string | undefined {
  const lang = query === '' ? null : new URLSearchParams(query).get('lang');
  const tag = lang ? canonicalLanguage(lang) : undefined;
  return tag === datasetLanguage ? undefined : tag;
}

/** The path of the same file at the edge: a bulk file in the language and coding the app chose for the request, or a sprite. */
function edgePathOf(
  answer: Answer,
  options: FitOptions,
): { path: string; always: boolean } | undefined {
  const bulk = BULK_FILE.exec(options.path);
  const version = answer.headers['x-dataset-version'];
  if (bulk && version) {
    const coding = (answer.headers['content-encoding'] ?? 'identity') as EdgeCoding;
    const language = translatedLanguageOf(options.query, options.datasetLanguage);
    return {
      path: edgeBulkPath(version, bulk[1] as CollectionName, coding, language),
      always: true,
    };
  }
  // The app answered the file (a whole one, or a range of it): the edge has it under its version, and
  // a client sent there with a Range asks for that range again.
  if (SQLITE_FILE.test(options.path) && version) {
    const coding = (answer.headers['content-encoding'] ?? 'identity') as EdgeCoding;
    return { path: edgeSqlitePath(version, coding), always: true };
  }
  const sprite = SPRITE.exec(options.path);
  return sprite ? { path: edgeSpritePath(sprite[1] as string), always: false } : undefined;
}

/**
 * A redirect to the file at the edge, with the app's headers but those of the body: CORS, the
 * version, `vary` (the target depends on Accept-Encoding) and the request's rate-limit headers. 307:
 * a client repeats the same request there — a HEAD stays a HEAD. Kept no longer than any JSON answer:
 * the target changes with the next release.
 */
function redirectTo(answer: Answer, location: string): Answer {
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => !BODY_HEADERS.has(name)),
  );
  return {
    status: 307,
    headers: { ...headers, location, 'cache-control': JSON_CACHE_CONTROL },
    body: null,
  };
}

/** The contract's error for an answer the function cannot return, naming what would get it. */
function tooLarge(answer: Answer, options: FitOptions): Answer {
  // An answer that varies on Accept-Encoding but came uncoded has smaller forms a client may ask for.
  const compressible =
    answer.headers['content-encoding'] === undefined &&
    (answer.headers.vary ?? '').includes('accept-encoding');
  const message =
    `This answer (${answer.body?.byteLength ?? 0} bytes) is larger than this deployment can return (${options.limit} bytes, AWS Lambda's response limit). ` +
    (compressible ? 'Ask for it compressed (Accept-Encoding: br, gzip), or ' : '') +
    'ask the operator to serve files from the edge (GAMEDATA_EDGE_URL).';
  options.log({
    msg: 'answer too large for the function; answered 500',
    path: options.path,
    bytes: answer.body?.byteLength ?? 0,
    limit: options.limit,
  });
  const refusal = refusalAnswer(
    new ApiError('internal', message),
    answer.headers['x-dataset-version'] ?? '',
  );
  const own = Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => REQUEST_HEADER.test(name)),
  );
  return { status: refusal.status, headers: { ...refusal.headers, ...own }, body: refusal.body };
}

/**
 * Whether the app's answer is one `fitAnswer` sends to the edge whatever its size (a bulk file, the
 * SQLite file, with an edge): then its body is never read, only its status and headers.
 */
export function goesToEdge(status: number, path: string, edgeBase: string | undefined): boolean {
  return (
    edgeBase !== undefined &&
    (status === 200 || status === 206) &&
    (BULK_FILE.test(path) || SQLITE_FILE.test(path))
  );
}

/**
 * The answer the function returns for the app's, so that an invocation never fails on the size of
 * its response:
 * - with an edge, a bulk file (200) and the SQLite file (200, or 206 for a range) are always a redirect to
 *   their copy there, in the same language and coding —
 *   its bytes never pass through the function — and any other answer too large to return that has a
 *   copy at the edge (a sprite) is one too;
 * - an answer too large with no copy to send the client to is the contract's `internal` error,
 *   saying what would get it, and a log line for the operator;
 * - everything else is the app's answer as it is.
 */
export function fitAnswer(answer: Answer, options: FitOptions): Answer {
  const atEdge =
    (answer.status === 200 || answer.status === 206) && options.edgeBase !== undefined
      ? edgePathOf(answer, options)
      : undefined;
  if (atEdge?.always) return redirectTo(answer, `${options.edgeBase}${atEdge.path}`);
  if (options.method === 'HEAD' || fitsResponse(answer, isBinary(answer.headers), options.limit))
    return answer;
  // A sprite's edge path is its API path: sent to the same path on the same host, the client would
  // come back here (CloudFront asks the function for what the bucket lacks).
  const elsewhere =
    atEdge !== undefined && (options.edgeBase !== '' || atEdge.path !== options.path);
  return elsewhere
    ? redirectTo(answer, `${options.edgeBase}${atEdge.path}`)
    : tooLarge(answer, options);
}
