import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LambdaHandler } from '../src/handler.js';
import { importBuiltHandler, LAMBDA_CONTEXT } from './support/built-handler.js';
import { EVENT_KINDS, toEvent, toReply, type EventKind } from './support/lambda-events.js';

let handler: LambdaHandler;
let written: string[] = [];

beforeAll(async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) =>
    Boolean(written.push(String(chunk))),
  );
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) =>
    Boolean(written.push(String(chunk))),
  );
  handler = await importBuiltHandler({});
  written = [];
});

afterEach(() => {
  written = [];
});

/** Every line the handler wrote, parsed: each must be one JSON object on one line. */
function linesWritten(): Array<Record<string, unknown>> {
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** What every answer must be: the contract's JSON (or an empty body), with CORS and nosniff. */
function expectContractAnswer(reply: ReturnType<typeof toReply>): void {
  expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  if (reply.bytes.length > 0)
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
}

const http2 = (overrides: Record<string, unknown>): Record<string, unknown> => ({
  ...(toEvent('function-url', {
    path: '/v1/items?limit=1',
    sourceIp: '203.0.113.60',
  }) as unknown as Record<string, unknown>),
  ...overrides,
});
const withHeaders = (headers: Record<string, string>) =>
  http2({ headers: { ...(http2({}).headers as Record<string, string>), ...headers } });
const withMethod = (method: string) => {
  const event = http2({});
  return {
    ...event,
    requestContext: {
      ...(event.requestContext as object),
      http: { ...(event.requestContext as { http: object }).http, method },
    },
  };
};

describe('invocations that are not HTTP events', () => {
  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'ping'],
    ['a number', 42],
    ['an array', []],
    ['an empty object', {}],
    [
      'an EventBridge scheduled warmer',
      {
        version: '0',
        id: 'cdc73f9d',
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: '123456789012',
        time: '2026-11-22T00:00:00Z',
        region: 'eu-west-1',
        resources: [],
        detail: {},
      },
    ],
    [
      'an SQS batch',
      {
        Records: [
          {
            messageId: '1',
            body: 'hi',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:eu-west-1:123456789012:q',
            awsRegion: 'eu-west-1',
          },
        ],
      },
    ],
    [
      'an SNS notification',
      { Records: [{ EventSource: 'aws:sns', EventVersion: '1.0', Sns: { Message: 'hi' } }] },
    ],
    [
      'payload 2.0 without rawPath',
      { version: '2.0', requestContext: { http: { method: 'GET' } } },
    ],
    ['payload 1.0 without path', { httpMethod: 'GET', headers: {} }],
  ])(
    '%s: answered with the JSON error and CORS, logged in one line, never thrown',
    async (_name, event) => {
      const result = await handler(event, LAMBDA_CONTEXT);
      const reply = toReply(result);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ error: { code: 'bad_request' } });
      expectContractAnswer(reply);
      const lines = linesWritten();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'not an HTTP event; answered 400',
        requestId: LAMBDA_CONTEXT.awsRequestId,
      });
    },
  );
});

describe('HTTP events outside the usual', () => {
  it.each<[string, number, string | undefined, unknown]>([
    [
      'no requestContext',
      200,
      undefined,
      {
        httpMethod: 'GET',
        path: '/v1/items',
        headers: { Host: 'api.test' },
        queryStringParameters: { limit: '1' },
      },
    ],
    [
      'a body that is not base64',
      200,
      undefined,
      http2({ body: '%%%not base64%%%', isBase64Encoded: true }),
    ],
    ['GET with a body', 200, undefined, http2({ body: '{"a":1}' })],
    ['HEAD with a body', 200, undefined, { ...withMethod('HEAD'), body: 'x' }],
    ['CONNECT', 405, 'method_not_allowed', withMethod('CONNECT')],
    ['TRACE', 405, 'method_not_allowed', withMethod('TRACE')],
    ['a method that is not a token', 400, 'bad_request', withMethod('GE T')],
    ['a Host with a space', 400, 'bad_request', withHeaders({ host: 'api .test' })],
    [
      'CR/LF in a header value',
      400,
      'bad_request',
      withHeaders({ 'x-note': 'a\r\nx-injected: 1' }),
    ],
    ['a header name that is not a token', 400, 'bad_request', withHeaders({ 'bad header': '1' })],
    // Text past Latin-1, which no fetch Headers holds, is read as the UTF-8 bytes it came as.
    [
      'UTF-8 text past Latin-1 in header values',
      200,
      undefined,
      withHeaders({ authorization: 'Bearer a🙂b', 'if-none-match': '"🙂"', 'x-note': '日本語' }),
    ],
    ['a lone surrogate in a header value', 200, undefined, withHeaders({ 'x-note': 'a\ud83db' })],
    [
      'UTF-8 text past Latin-1 in the Host',
      400,
      'bad_request',
      withHeaders({ host: 'api🙂.test' }),
    ],
    ['a backslash in the path', 400, 'bad_request', http2({ rawPath: '/v1\\items' })],
    ['no headers at all', 400, 'bad_request', http2({ headers: undefined })],
    [
      'null query values and headers',
      200,
      undefined,
      {
        httpMethod: 'GET',
        path: '/v1/items',
        headers: { Host: 'api.test', 'X-Null': null },
        multiValueHeaders: { 'X-Null': [null] },
        queryStringParameters: { limit: null },
        multiValueQueryStringParameters: null,
        requestContext: null,
      },
    ],
  ])('%s → %i %s, the contract’s answer, never thrown', async (_name, status, code, event) => {
    const reply = toReply(await handler(event, LAMBDA_CONTEXT));
    expect(reply.status).toBe(status);
    expectContractAnswer(reply);
    if (code) expect(reply.json()).toMatchObject({ error: { code } });
    const lines = linesWritten();
    // The access-log line, then its metrics line (README, "Metrics").
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', status, requestId: LAMBDA_CONTEXT.awsRequestId }),
      expect.objectContaining({
        msg: 'metrics',
        status: String(status),
        gamedata_requests_total: 1,
      }),
    ]);
  });
});

describe('HEAD', () => {
  it.each(EVENT_KINDS.map(({ kind }) => kind))(
    '%s: carries the content-length its GET would, and no body',
    async (kind: EventKind) => {
      const request = { path: '/v1/items?limit=3', sourceIp: '203.0.113.61' };
      const get = toReply(await handler(toEvent(kind, request), LAMBDA_CONTEXT));
      const head = toReply(
        await handler(toEvent(kind, { ...request, method: 'HEAD' }), LAMBDA_CONTEXT),
      );
      expect(head.status).toBe(200);
      expect(head.bytes.length).toBe(0);
      expect(head.headers.get('content-length')).toBe(String(get.bytes.length));
    },
  );
});
