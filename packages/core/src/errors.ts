import type { ErrorBody, ErrorCode } from './schemas/records.js';

/** Each code's status, unless an error names a more precise one (a 408 or a 431 is a `bad_request`). */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal: 500,
};

/** V8's (and JavaScriptCore's) frame limit for new errors; elsewhere setting it does nothing. */
const errorClass = Error as ErrorConstructor & { stackTraceLimit?: number };

/**
 * The one error type of the API. Anything thrown while answering a request becomes an `ApiError`
 * (unknown failures become `internal`), and `toErrorBody` renders it — so a bad request can never turn
 * into a 500 and a 500 never shows a stack trace. An error carries the headers only it can know,
 * such as `allow` on a 405 or `retry-after` on a 429; the response policy adds the rest.
 *
 * The codes are the contract's closed set, so a status HTTP names more precisely than its code keeps
 * the code and comes as `status`: a request too slow to arrive is a `bad_request` sent as 408 (see
 * `requestTimeout` and `headersTooLarge`). It must be a 4xx or 5xx status.
 *
 * @example throw new ApiError('bad_request', 'limit must be a whole number from 1 to 200');
 */
/**
 * What marks an `ApiError` wherever it was made: a list's filters are its registry's code, which may
 * come from another copy of this package than the app's (a registry declared by a test or a plugin),
 * and `instanceof` would take its refusal for a fault.
 */
const API_ERROR = Symbol.for('@gamedata/core/api-error');

export class ApiError extends Error {
  readonly [API_ERROR] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message: string,
    headers: Readonly<Record<string, string>> = {},
    status = STATUS_BY_CODE[code],
  ) {
    if (!Number.isInteger(status) || status < 400 || status > 599)
      throw new RangeError(`An error's status must be from 400 to 599, not ${status}.`);
    // A client's mistake (4xx) is an answer, not a fault anyone debugs, and capturing the stack is most
    // of what making an Error costs — paid on every 404 of a busy server. Only `internal` keeps one.
    const limit = errorClass.stackTraceLimit;
    if (code !== 'internal') errorClass.stackTraceLimit = 0;
    super(message);
    errorClass.stackTraceLimit = limit;
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.headers = headers;
  }
}

/** Shorthand for the 400 every malformed query parameter gets. */
export function badRequest(message: string): ApiError {
  return new ApiError('bad_request', message);
}

/**
 * Normalises any thrown value: ApiErrors pass through, anything else is an opaque `internal`.
 *
 * @example toApiError(new TypeError('boom')).code // 'internal'
 */
export function toApiError(error: unknown): ApiError {
  return typeof error === 'object' && error !== null && API_ERROR in error
    ? (error as ApiError)
    : new ApiError('internal', 'The server failed to answer this request.');
}

/** The contract's error body, `{ error: { code, message } }` (README, "API overview"). */
export function toErrorBody(error: ApiError): ErrorBody {
  return { error: { code: error.code, message: error.message } };
}
