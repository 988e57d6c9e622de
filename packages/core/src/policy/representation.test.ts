import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { methodNotAllowed } from './errors.js';
import { refusalAnswer } from './representation.js';

describe('refusalAnswer', () => {
  it.each<[string, ApiError, number | undefined, number, string | null]>([
    ['a 405', methodNotAllowed('CONNECT'), undefined, 405, 'GET, HEAD, OPTIONS'],
    ['a 400', new ApiError('bad_request', 'nope'), undefined, 400, null],
    ['a 400 sent as 431', new ApiError('bad_request', 'nope'), 431, 431, null],
  ])('%s → %d', (_name, error, status, expected, allow) => {
    const answer = refusalAnswer(error, '2026-11-20.1', status);
    expect(answer.status).toBe(expected);
    expect(JSON.parse(new TextDecoder().decode(answer.body))).toEqual({
      error: { code: error.code, message: error.message },
    });
    expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-dataset-version']).toBe('2026-11-20.1');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.allow).toBe(allow ?? undefined);
  });
});
