import type { ErrorBody, ErrorCode } from './generated/records.js';
import { readRateLimit, type RateLimit } from './rate-limit.js';
import { parseRetryAfter } from './retry-delay.js';

/**
 * `code` of a {@link GameDataError}: one of the contract's codes when the server answered, or one the
 * client sets when it did not (`timeout`, `network`), when what answered was not the API
 * (`invalid_response`) or when it stopped a walk (`dataset_changed`).
 *
 * @example
 * const retryable = (code: GameDataErrorCode) => code === 'timeout' || code === 'network';
 */
export type GameDataErrorCode =
  ErrorCode | 'timeout' | 'network' | 'invalid_response' | 'dataset_changed';

/**
 * What every {@link GameDataError} carries besides its message.
 *
 * @example
 * new GameDataError('No item with id "x".', { status: 404, code: 'not_found', requestId: 'b7e4c1d2' });
 */
export interface GameDataErrorDetails {
  /** HTTP status of the response; 0 when there was none (timeout, network failure, dataset change). */
  status: number;
  code: GameDataErrorCode;
  /** `x-dataset-version` of the response, when there was one. */
  datasetVersion?: string | undefined;
  /** `ratelimit-*` state of the response, when there was one. */
  rateLimit?: RateLimit | undefined;
  /** `x-request-id` of the response, when there was one. */
  requestId?: string | undefined;
  cause?: unknown;
}

/**
 * The root of every error the client throws, so one `instanceof` catches them all. Subclasses name the
 * cases worth branching on.
 *
 * @example
 * try {
 *   await gd.items.get('no-such-item');
 * } catch (error) {
 *   if (error instanceof GameDataError) console.log(error.status, error.code, error.message);
 * }
 */
export class GameDataError extends Error {
  override name = 'GameDataError';
  readonly status: number;
  readonly code: GameDataErrorCode;
  readonly datasetVersion: string | undefined;
  readonly rateLimit: RateLimit | undefined;
  /**
   * `x-request-id` of the response: the server's name for the request, which its logs are searched by,
   * so quote it when reporting a problem. Undefined when there was no response (timeout, network).
   *
   * @example
   * catch (error) {
   *   if (error instanceof GameDataError) console.error(`${error.message} (request id: ${error.requestId ?? 'none'})`);
   * }
   */
  readonly requestId: string | undefined;

  constructor(message: string, details: GameDataErrorDetails) {
    super(message, { cause: details.cause });
    this.status = details.status;
    this.code = details.code;
    this.datasetVersion = details.datasetVersion;
    this.rateLimit = details.rateLimit;
    this.requestId = details.requestId;
  }
}

/**
 * 400 `bad_request`: a malformed limit, cursor or filter value (such as an unknown rarity).
 *
 * @example
 * await gd.items.list({ rarity: 'mythic' }).catch((e) => e instanceof BadRequestError && console.log(e.message));
 */
export class BadRequestError extends GameDataError {
  override name = 'BadRequestError';
}

/**
 * 404 `not_found`: no record with that id, or no sprite with that icon.
 *
 * @example
 * const item = await gd.items.get(id).catch((e) => (e instanceof NotFoundError ? undefined : Promise.reject(e)));
 */
export class NotFoundError extends GameDataError {
  override name = 'NotFoundError';
}

/**
 * 429 `rate_limited`, once the client has no retry left, or when the server asked for a longer wait
 * than `maxRetryAfterMs` or the call's deadline (`deadlineMs`) allows.
 *
 * @example
 * catch (error) {
 *   if (error instanceof RateLimitedError) setTimeout(run, (error.retryAfter ?? 60) * 1000);
 * }
 */
export class RateLimitedError extends GameDataError {
  override name = 'RateLimitedError';
  /** Seconds the server asked the client to wait (`retry-after`). */
  readonly retryAfter: number | undefined;

  constructor(message: string, details: GameDataErrorDetails & { retryAfter: number | undefined }) {
    super(message, details);
    this.retryAfter = details.retryAfter;
  }
}

/**
 * No complete response within `timeoutMs`, or by the call's deadline (`deadlineMs`), on the last
 * attempt; the request was aborted.
 *
 * @example
 * const gd = createClient({ baseUrl, timeoutMs: 2_000 });
 * await gd.meta().catch((e) => e instanceof TimeoutError && console.log('API too slow'));
 */
export class TimeoutError extends GameDataError {
  override name = 'TimeoutError';
}

/**
 * The request failed before any response (DNS, refused connection, CORS, reset); `cause` holds what
 * `fetch` threw.
 *
 * @example
 * await gd.meta().catch((e) => e instanceof NetworkError && console.log('offline?', e.cause));
 */
export class NetworkError extends GameDataError {
  override name = 'NetworkError';
}

/**
 * A successful status whose body is not what the API sends: a captive portal's or a proxy's HTML page,
 * another content type, JSON that does not parse, or a body shorter than its `content-length`. Not
 * retried: whatever answered in the API's place would most likely answer the same again.
 *
 * @example
 * await gd.meta().catch((e) => e instanceof InvalidResponseError && console.log('not the API answering:', e.message));
 */
export class InvalidResponseError extends GameDataError {
  override name = 'InvalidResponseError';
}

/**
 * A walk with `iterate()` met a new dataset version: the records already yielded belong to `from`, the
 * rest would belong to `to`, so the walk stops rather than mix them. Start again to read `to` whole.
 * When a failed response revealed the change, `cause` is that response's error and `requestId` its id.
 *
 * @example
 * catch (error) {
 *   if (error instanceof DatasetChangedError) console.log(`dataset ${error.from} → ${error.to}; restarting`);
 * }
 */
export class DatasetChangedError extends GameDataError {
  override name = 'DatasetChangedError';
  readonly from: string;
  readonly to: string;

  constructor(from: string, to: string, cause?: unknown) {
    super(
      `The dataset changed from ${from} to ${to} during the walk; start again from the first page.`,
      {
        status: 0,
        code: 'dataset_changed',
        datasetVersion: to,
        requestId: cause instanceof GameDataError ? cause.requestId : undefined,
        cause,
      },
    );
    this.from = from;
    this.to = to;
  }
}

/**
 * The code of a status whose response has no error body; any other is `internal`. The contract's codes
 * are closed: a 408 (a request too slow to arrive) and a 431 (headers over the server's limit) are
 * `bad_request`, as the server words them.
 */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'bad_request',
  429: 'rate_limited',
  431: 'bad_request',
};

/**
 * The typed error for a response that is not a success. The contract's error body supplies code and
 * message; a body that is not one (an HTML page from a proxy, say) falls back to the status.
 *
 * @example
 * if (!response.ok) throw createResponseError(response, await response.text());
 */
export function createResponseError(response: Response, text: string): GameDataError {
  const { status, headers } = response;
  let body: Partial<ErrorBody> | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the fallbacks below.
  }
  const details = {
    status,
    code: body?.error?.code ?? CODE_BY_STATUS[status] ?? 'internal',
    datasetVersion: headers.get('x-dataset-version') ?? undefined,
    rateLimit: readRateLimit(headers),
    requestId: headers.get('x-request-id') ?? undefined,
  };
  const message = body?.error?.message ?? `HTTP ${status}`;
  if (status === 429) {
    return new RateLimitedError(message, {
      ...details,
      retryAfter: parseRetryAfter(headers.get('retry-after'), Date.now()),
    });
  }
  if (status === 404) return new NotFoundError(message, details);
  if (status === 400) return new BadRequestError(message, details);
  return new GameDataError(message, details);
}
