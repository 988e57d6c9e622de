import type { GameDataError } from './errors.js';
import type { ResponseCache } from './response-cache.js';

// The options live apart from client.ts so that the transport, which reads them, and the client, which
// builds the transport, both depend on this module instead of on each other.

/**
 * A new dataset version seen between two responses.
 *
 * @example
 * const gd = createClient({ baseUrl, onDatasetChange: ({ from, to }: DatasetChange) => console.log(`${from} → ${to}`) });
 */
export interface DatasetChange {
  from: string;
  to: string;
}

/**
 * A response said that its request uses something deprecated (the API's deprecation policy, on its
 * /docs page): what it said, the first time it said it.
 *
 * @example
 * const gd = createClient({ baseUrl, onDeprecation: (notice: DeprecationNotice) => log.warn(notice) });
 */
export interface DeprecationNotice {
  /** The request that got the notice. */
  url: string;
  /** When what it uses was deprecated (`Deprecation`, RFC 9745). */
  deprecatedAt: Date;
  /** When it stops working (`Sunset`, RFC 8594), once a date is set. */
  sunsetAt?: Date;
  /** The policy and what to use instead (`Link: <…>; rel="deprecation"`), as an absolute URL. */
  link?: string;
}

/**
 * Something a response showed that the developer should hear about, reported once per client
 * however many responses show it: a deprecation notice the API sent (`deprecated`, with the
 * notice), or a key the server does not recognise and serves as anonymous (`key_not_recognised`; the
 * message never holds the key).
 *
 * @example
 * const gd = createClient({ baseUrl, apiKey, onWarning: (warning: ClientWarning) => log.warn(warning.code, warning.message) });
 */
export type ClientWarning =
  | { code: 'deprecated'; message: string; notice: DeprecationNotice }
  | { code: 'key_not_recognised'; message: string };

/**
 * Per-call options.
 *
 * @example
 * await gd.items.get(id, { deadlineMs: 2_500, cache: 'no-cache' });
 */
export interface RequestOptions {
  /** Cancels the call, including a wait between retries; the call rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** This call's `deadlineMs` (see {@link ClientOptions.deadlineMs}), for each request it makes. */
  deadlineMs?: number | undefined;
  /**
   * How this call uses the cache, as `fetch`'s option of that name: `'default'` returns a fresh
   * answer without a request and revalidates a stale one; `'no-cache'` revalidates even a fresh one
   * (one request, usually a 304); `'no-store'` neither reads nor fills the cache.
   */
  cache?: 'default' | 'no-cache' | 'no-store' | undefined;
  /** This call's language (see {@link ClientOptions.lang}), for a list, a record or the stat vocabulary. */
  lang?: string | undefined;
}

/**
 * What {@link ClientOptions.onRetry} is told before a retry.
 *
 * @example
 * const onRetry = ({ reason, attempt, delayMs, willWait }: RetryEvent) => console.warn(`${reason} on attempt ${attempt}; ${willWait ? `retrying in ${delayMs} ms` : 'giving up'}`);
 */
export interface RetryEvent {
  /** The request that failed. */
  url: string;
  /** A 429 (`rate_limited`), a 5xx (`server_error`), no response within the time left (`timeout`), or no response at all (`network`). */
  reason: 'rate_limited' | 'server_error' | 'timeout' | 'network';
  /** The attempt that failed: 1 for the first request. */
  attempt: number;
  /** How long the retry needs the client to wait: the 429's `retry-after`, else the backoff. */
  delayMs: number;
  /**
   * Whether the client waits and retries. False when the wait is longer than `maxRetryAfterMs`, or
   * would end past the call's deadline: the call then throws `error` at once, since coming back
   * earlier would only earn another 429.
   */
  willWait: boolean;
  /** The failure; thrown when `willWait` is false. */
  error: GameDataError;
}

/**
 * Options of `createClient`: where the API is, and how to talk to it.
 *
 * @example
 * const gd = createClient({ baseUrl: 'https://gamedata.example', apiKey: process.env.GAMEDATA_KEY, maxRetries: 4 });
 */
export interface ClientOptions {
  /**
   * Address of the API, without `/v1`: the deployment you use (`pnpm start` serves
   * `http://127.0.0.1:3000`). Required: a published client cannot know where its API lives. One that
   * ends in `/v1` is refused with a `TypeError` naming the address to pass.
   */
  baseUrl: string;
  /** Optional key (community tier). Sent as `Authorization: Bearer <key>`, never in a URL. */
  apiKey?: string | undefined;
  /**
   * The language of the text — names, descriptions, labels — of every list, record and the stat
   * vocabulary: a tag `gd.languages()` lists, sent as `lang`. One the dataset does not have is a
   * `BadRequestError` listing those it has. Text not translated comes in the default language (the
   * page's `fallbackIds` say which records). Ids, numbers and the values filters take never change with
   * it. Default: none — the dataset's default language, or in a browser the one its Accept-Language
   * prefers. Override it per call with the request option of that name.
   */
  lang?: string | undefined;
  /**
   * Makes every request, given one `Request`. Default: the global `fetch`. A Hono app's `app.fetch`
   * fits as is, to test against an in-process app.
   */
  fetch?: ((request: Request) => Response | Promise<Response>) | undefined;
  /**
   * Extra request headers, sent on every request: a `User-Agent` naming your application, say.
   * `Authorization` and `If-None-Match` are the client's own (`apiKey`, the cache): giving them here
   * throws a `TypeError`.
   */
  headers?: Record<string, string> | undefined;
  /** Per attempt, body included; the request is aborted when it runs out. Default 30 000. */
  timeoutMs?: number | undefined;
  /**
   * Most milliseconds a request may take, every attempt and every wait between them included: a
   * wait that would end past it is not made (the failure is thrown at once), an attempt still running
   * at it is aborted (`TimeoutError`). Default 10 000, for a caller someone is waiting on; override
   * it per call with the request option of that name.
   */
  deadlineMs?: number | undefined;
  /** Retries after a 429, a 5xx, a timeout or a network failure. Default 2 (so 3 attempts at most). */
  maxRetries?: number | undefined;
  /** Longest `retry-after` the client waits out by itself; a longer one is thrown at once. Default 60 000. */
  maxRetryAfterMs?: number | undefined;
  /**
   * Called, synchronously, before every retry: why, which attempt failed, how long the client waits,
   * and whether it will (see {@link RetryEvent}). Default: none.
   */
  onRetry?: ((event: RetryEvent) => void) | undefined;
  /**
   * Where answers are kept: fresh ones (their `max-age`) are returned without a request, stale ones
   * revalidated with `If-None-Match`. Default: `createMemoryCache()` (100 answers, 8 MiB); `false`
   * turns caching off.
   */
  cache?: ResponseCache | false | undefined;
  /** Called, synchronously, when a response carries a dataset version other than the previous one. */
  onDatasetChange?: ((change: DatasetChange) => void) | undefined;
  /**
   * Called, synchronously, once per distinct warning: a deprecation notice, a key served as anonymous
   * (see {@link ClientWarning}). Default: one `console.warn` per warning.
   */
  onWarning?: ((warning: ClientWarning) => void) | undefined;
  /**
   * Called, synchronously, the first time a response carries a given deprecation notice (the same
   * notice on later responses is not reported again), in place of `onWarning` for deprecations.
   */
  onDeprecation?: ((notice: DeprecationNotice) => void) | undefined;
}
