import { describe, expect, it } from 'vitest';
import { TIERS } from '../ratelimit/tiers.js';
import {
  headersTooLarge,
  methodNotAllowed,
  rateLimited,
  requestTimeout,
  unreadableTarget,
} from './errors.js';

describe('errors that carry their own headers', () => {
  it('a 405 names the allowed methods', () => {
    const error = methodNotAllowed('DELETE');
    expect([error.status, error.message, error.headers]).toEqual([
      405,
      'Method DELETE is not allowed; use GET, HEAD, OPTIONS.',
      { allow: 'GET, HEAD, OPTIONS' },
    ]);
  });

  it('a 429 says how long to wait, in its message and in retry-after', () => {
    const error = rateLimited(TIERS.anonymous, {
      tier: 'anonymous',
      limit: 60,
      remaining: 0,
      resetSeconds: 42,
      allowed: false,
    });
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '42' });
    expect(error.message).toBe(
      'Rate limit of 60 requests per 60 s exceeded (anonymous tier); retry after 42 s.',
    );
  });

  // The contract's codes are closed: a refusal HTTP names more precisely keeps `bad_request`.
  it.each([
    ['a request too slow to arrive', requestTimeout('Too slow.'), 408, 'Too slow.'],
    ['headers over the limit', headersTooLarge('Too large.'), 431, 'Too large.'],
  ])('%s is a bad_request sent as %i, with its own message', (_name, error, status, message) => {
    expect([error.code, error.status, error.message, error.headers]).toEqual([
      'bad_request',
      status,
      message,
      {},
    ]);
  });
});

describe('unreadableTarget', () => {
  it.each([
    ['GET', 400, 'bad_request'],
    ['HEAD', 400, 'bad_request'],
    ['OPTIONS', 400, 'bad_request'],
    ['BREW', 405, 'method_not_allowed'],
    ['TRACE', 405, 'method_not_allowed'],
    ['get', 405, 'method_not_allowed'],
  ])('%s with a target that cannot be read: %i %s', (method, status, code) => {
    const error = unreadableTarget(method, 'Backslash in request path');
    expect([error.status, error.code]).toEqual([status, code]);
    if (status === 400) expect(error.message).toBe('Backslash in request path.');
  });
});
