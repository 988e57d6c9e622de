import { ApiError, badRequest } from '../errors.js';
import type { RateLimitState } from '../ratelimit/decide.js';
import type { Tier } from '../ratelimit/tiers.js';
import { ALLOWED_METHODS } from './headers.js';

/**
 * A 405 for any method but GET, HEAD and OPTIONS (README, "Choices the contract leaves open",
 * Methods row), with the `allow` header RFC 9110 §15.5.6 asks for — whether the app or an adapter
 * refuses it.
 *
 * @example methodNotAllowed('DELETE').headers.allow // 'GET, HEAD, OPTIONS'
 */
export function methodNotAllowed(method: string): ApiError {
  return new ApiError(
    'method_not_allowed',
    `Method ${method} is not allowed; use ${ALLOWED_METHODS}.`,
    { allow: ALLOWED_METHODS },
  );
}

/**
 * A 429 past a tier's limit, with `retry-after` in whole seconds until the window rolls (README,
 * "Rate limits and keys").
 *
 * @example rateLimited(TIERS.anonymous, state).headers['retry-after'] // '42'
 */
export function rateLimited(tier: Tier, state: RateLimitState): ApiError {
  const message = `Rate limit of ${tier.limit} requests per ${tier.windowMs / 1000} s exceeded (${tier.name} tier); retry after ${state.resetSeconds} s.`;
  return new ApiError('rate_limited', message, { 'retry-after': String(state.resetSeconds) });
}

/**
 * The 400 for a request that is not HTTP as written: a request line or header the parser refuses, a
 * method that is not a token. Every adapter words it the same, so they answer such requests alike.
 */
export function malformedRequest(): ApiError {
  return new ApiError('bad_request', 'Malformed HTTP request.');
}

/**
 * The 408 for a request that did not arrive within the server's deadlines. The contract has no code
 * of its own for it: it is a `bad_request`, sent with HTTP's more precise status, and never cached.
 *
 * @example requestTimeout('The request did not arrive in time.').status // 408
 */
export function requestTimeout(message: string): ApiError {
  return new ApiError('bad_request', message, {}, 408);
}

/**
 * The 431 for headers, or a URL, over the server's limit: a `bad_request` (the contract's code), sent
 * with HTTP's more precise status, and never cached.
 *
 * @example headersTooLarge('Request headers (or the URL) are larger than 16 KB.').code // 'bad_request'
 */
export function headersTooLarge(message: string): ApiError {
  return new ApiError('bad_request', message, {}, 431);
}

/**
 * The methods the API serves (README, "Choices the contract leaves open", Methods row); any other
 * is a 405 wherever it is sent.
 */
const SERVED_METHODS: ReadonlySet<string> = new Set(ALLOWED_METHODS.split(', '));

/**
 * The refusal of a request whose target or Host cannot be read, saying `reason`: a 400, unless its
 * method is one no route serves, which is refused first (405), as an HTTP parser refuses a method
 * before it reads the target. Both adapters refuse such requests through this, so they answer alike.
 *
 * @example unreadableTarget('BREW', 'Backslash in request path').status // 405
 */
export function unreadableTarget(method: string, reason: string): ApiError {
  return SERVED_METHODS.has(method) ? badRequest(`${reason}.`) : methodNotAllowed(method);
}
