import { describe, expect, it } from 'vitest';
import { buildErrorResponse } from './standalone-error.js';

describe('buildErrorResponse', () => {
  it.each([
    ['method_not_allowed', undefined, 405, 'GET, HEAD, OPTIONS'],
    ['bad_request', undefined, 400, null],
    ['bad_request', 431, 431, null],
  ] as const)('%s (status %s) → %d', async (code, status, expected, allow) => {
    const response = buildErrorResponse(code, 'nope', '2026-11-20.1', status);
    expect(response.status).toBe(expected);
    expect(await response.json()).toEqual({ error: { code, message: 'nope' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-dataset-version')).toBe('2026-11-20.1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('allow')).toBe(allow);
  });
});
