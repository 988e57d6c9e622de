import { describe, expect, it } from 'vitest';
import { ApiError as BuiltApiError } from '@gamedata/core';
import { ApiError, toApiError } from './errors.js';

/** The lines of a stack that name a call site, past the error's own first line. */
function frames(error: Error): string[] {
  return (error.stack ?? '').split('\n').slice(1);
}

describe('ApiError', () => {
  it.each([
    ['bad_request', 400],
    ['not_found', 404],
    ['method_not_allowed', 405],
    ['rate_limited', 429],
  ] as const)('a %s (%i) is an answer, not a fault: it captures no stack', (code, status) => {
    const error = new ApiError(code, 'a client mistake');
    expect(error.status).toBe(status);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('a client mistake');
    expect(frames(error)).toEqual([]);
  });

  it("carries a status more precise than its code's, and refuses one that is not an error's", () => {
    const error = new ApiError('bad_request', 'too slow', {}, 408);
    expect([error.code, error.status, error.message]).toEqual(['bad_request', 408, 'too slow']);
    expect(frames(error)).toEqual([]);
    for (const status of [200, 304, 399, 600, 408.5])
      expect(() => new ApiError('bad_request', 'x', {}, status), String(status)).toThrow(
        RangeError,
      );
  });

  it('an internal error keeps its stack, and making a client error leaves the limit for others as it was', () => {
    new ApiError('not_found', 'first');
    expect(frames(toApiError(new TypeError('boom'))).length).toBeGreaterThan(0);
    expect(frames(new Error('plain')).length).toBeGreaterThan(0);
  });

  it("is answered as itself when another copy of the package made it (a registry's filter, say), and anything else is a fault", () => {
    // The built package is another copy of this module: its class is not this one.
    const elsewhere = new BuiltApiError('bad_request', 'rarity must be one of 0 (common)');
    expect(elsewhere).not.toBeInstanceOf(ApiError);
    expect(toApiError(elsewhere)).toBe(elsewhere);
    const lookalike = Object.assign(new Error('x'), { code: 'bad_request', status: 400 });
    expect(toApiError(lookalike).code).toBe('internal');
  });
});
