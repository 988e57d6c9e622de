import { readBaseUrl } from './base-url.js';
import type { ClientOptions, RequestOptions, RetryEvent } from './client-options.js';
import {
  createResponseError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  type GameDataError,
} from './errors.js';
import { freshUntil } from './freshness.js';
import { readRateLimit, type RateLimit } from './rate-limit.js';
import { readBody } from './read-body.js';
import { createMemoryCache, type CachedResponse } from './response-cache.js';
import { computeBackoffDelay } from './retry-delay.js';
import { sleep } from './sleep.js';
import { createWarningObserver } from './warnings.js';

/** One answered request: its body (parsed JSON, or bytes for images) and what its headers reported. */
export interface Reply {
  body: unknown;
  datasetVersion: string;
  rateLimit: RateLimit | undefined;
  /** `content-language`, and `x-language-fallback` where some records fell back to the default language. */
  contentLanguage?: string | undefined;
  languageFallback?: string | undefined;
}

/** What an answer's headers say of its language, as a reply and a cached answer keep it. */
function languageOf(headers: Headers): Pick<Reply, 'contentLanguage' | 'languageFallback'> {
  const contentLanguage = headers.get('content-language') ?? undefined;
  const languageFallback = headers.get('x-language-fallback') ?? undefined;
  return {
    ...(contentLanguage ? { contentLanguage } : {}),
    ...(languageFallback ? { languageFallback } : {}),
  };
}

/** What the client has seen most recently, across all requests. */
export interface TransportState {
  datasetVersion: string | undefined;
  rateLimit: RateLimit | undefined;
}

export interface Transport {
  baseUrl: string;
  state: TransportState;
  /** GETs `path`: from the cache while fresh, conditional once stale, retried by policy, typed error otherwise. */
  send(path: string, options?: RequestOptions, binary?: boolean): Promise<Reply>;
}

/** Headers the client sets itself (`apiKey`, the cache), which the `headers` option may not override. */
const OWN_HEADERS = /^(authorization|if-none-match)$/i;

const decoder = new TextDecoder();

/**
 * The one request path every method shares: headers, the HTTP cache, per-attempt timeout under the
 * call's deadline, retries with backoff or retry-after, dataset-version tracking and warnings (deprecations, a key served as anonymous).
 *
 * @example
 * const { body } = await createTransport({ baseUrl }).send('/v1/meta');
 */
export function createTransport(options: ClientOptions): Transport {
  const {
    apiKey,
    onDatasetChange,
    onRetry,
    timeoutMs = 30_000,
    deadlineMs = 10_000,
    maxRetries = 2,
    maxRetryAfterMs = 60_000,
  } = options;
  const baseUrl = readBaseUrl(options.baseUrl);
  // The key travels in a header only, never in the URL: URLs leak into logs and history (README,
  // "Deprecation policy").
  const headers: Record<string, string> = { ...options.headers };
  const own = Object.keys(headers).find((name) => OWN_HEADERS.test(name));
  if (own)
    throw new TypeError(
      `createClient: headers.${own} is the client's own; use the apiKey or cache option`,
    );
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  // Looked up on each call, not captured: tests and polyfills may replace globalThis.fetch later.
  const fetchResponse = options.fetch ?? ((request: Request) => fetch(request));
  const cache = options.cache === false ? undefined : (options.cache ?? createMemoryCache());
  const state: TransportState = { datasetVersion: undefined, rateLimit: undefined };
  const observeWarnings = createWarningObserver(options);

  /**
   * One attempt, body included, within `ms`. The race makes the timeout and the caller's signal win
   * even over a `fetch` that ignores abort signals; the signal still cancels a real one.
   */
  async function exchange(
    request: RequestInit & { url: string },
    ms: number,
    signal: AbortSignal | undefined,
  ) {
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', abort);
    const timer = setTimeout(
      () =>
        controller.abort(
          new TimeoutError(`No response within ${ms} ms.`, { status: 0, code: 'timeout' }),
        ),
      ms,
    );
    const cancelled = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason));
    });
    try {
      return await Promise.race([
        (async () => {
          const response = await fetchResponse(
            new Request(request.url, { headers: request.headers, signal: controller.signal }),
          );
          return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
        })(),
        cancelled,
      ]);
    } catch (error) {
      // A timeout (TimeoutError) or the caller's own abort reason, exactly as given.
      if (controller.signal.aborted) throw controller.signal.reason;
      throw new NetworkError(`Request to ${request.url} failed: ${String(error)}`, {
        status: 0,
        code: 'network',
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  /** Records what a response says about the dataset and the rate limit, announcing a new version. */
  function observe(headers: Headers): Omit<Reply, 'body'> {
    const datasetVersion = headers.get('x-dataset-version') ?? '';
    const previous = state.datasetVersion;
    if (datasetVersion) state.datasetVersion = datasetVersion;
    if (previous && datasetVersion && previous !== datasetVersion)
      onDatasetChange?.({ from: previous, to: datasetVersion });
    const rateLimit = readRateLimit(headers);
    state.rateLimit = rateLimit ?? state.rateLimit;
    return { datasetVersion, rateLimit };
  }

  /** The retry `failure` calls for, or undefined when it is not worth one or none is left. */
  function planRetry(
    failure: GameDataError,
    attempt: number,
    url: string,
    deadline: number,
  ): RetryEvent | undefined {
    if (attempt > maxRetries) return undefined;
    const { status } = failure;
    // Coming back before retry-after would only earn another 429 and spend quota.
    const retryAfter = failure instanceof RateLimitedError ? failure.retryAfter : undefined;
    // status 0: timeout or network failure. GETs are safe to repeat (RFC 9110 §9.2.2).
    if (retryAfter === undefined && status !== 0 && status !== 429 && status < 500)
      return undefined;
    const delayMs = retryAfter === undefined ? computeBackoffDelay(attempt - 1) : retryAfter * 1000;
    const reason =
      status === 429
        ? 'rate_limited'
        : status
          ? 'server_error'
          : (failure.code as 'timeout' | 'network');
    // A wait that leaves no time for the retry before the deadline is not worth making.
    const willWait =
      (retryAfter === undefined || delayMs <= maxRetryAfterMs) && Date.now() + delayMs < deadline;
    return { url, reason, attempt, delayMs, willWait, error: failure };
  }

  /** A kept answer's body, as a fresh copy each time: a caller changing one result cannot change the cache. */
  const bodyOf = (entry: CachedResponse, binary: boolean) =>
    binary ? new Uint8Array(entry.body as Uint8Array) : JSON.parse(entry.body as string);

  /** Keeps an answer (or refreshes a revalidated one) as long as its cache-control allows. */
  async function keep(url: string, response: Response, entry: CachedResponse, receivedAt: number) {
    const until = freshUntil(response.headers, receivedAt);
    if (until !== undefined)
      await cache?.set(url, {
        ...entry,
        etag: response.headers.get('etag') ?? entry.etag,
        freshUntil: until,
      });
  }

  async function send(
    path: string,
    {
      signal,
      deadlineMs: callDeadlineMs = deadlineMs,
      cache: mode = 'default',
    }: RequestOptions = {},
    binary = false,
  ): Promise<Reply> {
    const url = baseUrl + path;
    const deadline = Date.now() + callDeadlineMs;
    const cached = mode === 'no-store' ? undefined : await cache?.get(url);
    // Fresh, and not of an older dataset than a response has since reported: no request at all.
    const current =
      !cached?.datasetVersion ||
      !state.datasetVersion ||
      cached.datasetVersion === state.datasetVersion;
    if (cached && mode === 'default' && current && Date.now() < (cached.freshUntil ?? 0)) {
      return {
        body: bodyOf(cached, binary),
        datasetVersion: cached.datasetVersion ?? '',
        rateLimit: undefined,
        contentLanguage: cached.contentLanguage,
        languageFallback: cached.languageFallback,
      };
    }
    const request = {
      url,
      headers: cached ? { ...headers, 'if-none-match': cached.etag } : headers,
    };

    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let failure: GameDataError;
      try {
        const { response, bytes } = await exchange(
          request,
          Math.max(0, Math.min(timeoutMs, deadline - Date.now())),
          signal,
        );
        const receivedAt = Date.now();
        const seen = observe(response.headers);
        observeWarnings(response.headers, url, seen.rateLimit);
        if (response.status === 304 && cached) {
          await keep(
            url,
            response,
            { ...cached, datasetVersion: seen.datasetVersion || cached.datasetVersion },
            receivedAt,
          );
          return {
            ...seen,
            contentLanguage: cached.contentLanguage,
            languageFallback: cached.languageFallback,
            body: bodyOf(cached, binary),
          };
        }
        if (response.ok) {
          const body = readBody(url, response, bytes, binary);
          const etag = response.headers.get('etag');
          const language = languageOf(response.headers);
          if (etag && mode !== 'no-store') {
            await keep(
              url,
              response,
              {
                etag,
                body: binary ? bytes.slice() : decoder.decode(bytes),
                datasetVersion: seen.datasetVersion,
                ...language,
              },
              receivedAt,
            );
          }
          return { ...seen, ...language, body };
        }
        failure = createResponseError(response, decoder.decode(bytes));
      } catch (error) {
        if (!(error instanceof TimeoutError || error instanceof NetworkError)) throw error;
        failure = error;
      }
      const retry = planRetry(failure, attempt, url, deadline);
      if (retry) onRetry?.(retry);
      if (!retry?.willWait) throw failure;
      await sleep(retry.delayMs, signal);
    }
  }

  return { baseUrl, state, send };
}
