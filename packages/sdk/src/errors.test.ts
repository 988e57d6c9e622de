import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  BadRequestError,
  createResponseError,
  DatasetChangedError,
  GameDataError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
} from './errors.js';
import type { ErrorCode } from './generated/records.js';

const REQUEST_ID = '5f0c6a2e-9b1d-4c3e-8f7a-2d4b6e8a0c1f';
const HEADERS = {
  'x-dataset-version': '2026-11-20.1',
  'x-request-id': REQUEST_ID,
  'ratelimit-limit': '60',
  'ratelimit-remaining': '0',
  'ratelimit-reset': '30',
};
const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message } });

describe('createResponseError', () => {
  it.each([
    [
      400,
      errorBody('bad_request', 'rarity must be one of 0 (common)'),
      BadRequestError,
      'bad_request',
      'rarity must be one of 0 (common)',
    ],
    [
      404,
      errorBody('not_found', 'No item with id "x".'),
      NotFoundError,
      'not_found',
      'No item with id "x".',
    ],
    [
      429,
      errorBody('rate_limited', 'Rate limit of 60 exceeded'),
      RateLimitedError,
      'rate_limited',
      'Rate limit of 60 exceeded',
    ],
    [
      405,
      errorBody('method_not_allowed', 'Method POST is not allowed'),
      GameDataError,
      'method_not_allowed',
      'Method POST is not allowed',
    ],
    [
      500,
      errorBody('internal', 'The server failed'),
      GameDataError,
      'internal',
      'The server failed',
    ],
    [502, '<html>Bad Gateway</html>', GameDataError, 'internal', 'HTTP 502'],
    [404, 'null', NotFoundError, 'not_found', 'HTTP 404'],
    [400, '', BadRequestError, 'bad_request', 'HTTP 400'],
  ])('%i %s → %o with code %s', (status, text, type, code, message) => {
    const error = createResponseError(new Response(text, { status, headers: HEADERS }), text);
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(GameDataError);
    expect(error).toMatchObject({
      status,
      code,
      message,
      name: type.name,
      datasetVersion: '2026-11-20.1',
      requestId: REQUEST_ID,
    });
    expect(error.rateLimit).toEqual({ limit: 60, remaining: 0, reset: 30 });
  });

  it('reads retry-after on a 429, in seconds', () => {
    const response = new Response('', { status: 429, headers: { 'retry-after': '42' } });
    expect(createResponseError(response, '')).toMatchObject({
      retryAfter: 42,
      datasetVersion: undefined,
      rateLimit: undefined,
    });
  });

  it('leaves requestId undefined when the response has no x-request-id', () => {
    expect(createResponseError(new Response('', { status: 500 }), '').requestId).toBeUndefined();
  });
});

// The contract closes the set of codes (ARCHITECTURE.md, "Errors are data"), so a client may switch
// over exactly these five.
const CONTRACT_CODES = [
  'not_found',
  'bad_request',
  'rate_limited',
  'method_not_allowed',
  'internal',
] as const;

describe("the contract's five error codes", () => {
  it('are ErrorCode, no more and no fewer', () => {
    expectTypeOf<ErrorCode>().toEqualTypeOf<(typeof CONTRACT_CODES)[number]>();
  });

  it('are the only codes a response without an error body is given, whatever its status', () => {
    for (let status = 400; status <= 599; status++)
      expect(CONTRACT_CODES, `status ${status}`).toContain(
        createResponseError(new Response('', { status }), '').code,
      );
  });

  it.each([
    [408, 'The request did not arrive in time.'],
    [431, 'Request headers (or the URL) are larger than 16 KB.'],
  ])('a %i is a bad_request with its own status, with or without a body', (status, message) => {
    const answered = createResponseError(
      new Response(errorBody('bad_request', message), { status, headers: HEADERS }),
      errorBody('bad_request', message),
    );
    expect(answered).toMatchObject({ status, code: 'bad_request', message, name: 'GameDataError' });
    expect(createResponseError(new Response('', { status }), '')).toMatchObject({
      status,
      code: 'bad_request',
      message: `HTTP ${status}`,
    });
  });
});

it.each([
  ['TimeoutError', new TimeoutError('No response within 10 ms.', { status: 0, code: 'timeout' })],
  ['NetworkError', new NetworkError('Request failed', { status: 0, code: 'network' })],
  ['DatasetChangedError without a cause', new DatasetChangedError('2026-11-20.1', '2026-12-01.1')],
])('%s, having no response, has no requestId', (_, error) => {
  expect(error.requestId).toBeUndefined();
});

it('DatasetChangedError names both versions and keeps its cause', () => {
  const cause = new BadRequestError('start again from the first page', {
    status: 400,
    code: 'bad_request',
    requestId: REQUEST_ID,
  });
  const error = new DatasetChangedError('2026-11-20.1', '2026-12-01.1', cause);
  expect(error).toBeInstanceOf(GameDataError);
  expect(error).toMatchObject({
    from: '2026-11-20.1',
    to: '2026-12-01.1',
    code: 'dataset_changed',
    status: 0,
    cause,
    name: 'DatasetChangedError',
  });
  expect(error.requestId).toBe(REQUEST_ID);
  expect(error.message).toContain('start again');
});
