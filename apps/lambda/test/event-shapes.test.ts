import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '@gamedata/core';
import type { LambdaHandler } from '../src/handler.js';
import { demo } from '@gamedata/test-support/demo';
import { sendInProcess } from '@gamedata/test-support/send';
import { importBuiltHandler, LAMBDA_CONTEXT } from './support/built-handler.js';
import { albEvent, toEvent, toReply } from './support/lambda-events.js';

const node = sendInProcess(createApp({ dataset: demo }));
const icon = demo.lists.items.records.find((item) => item.icon)?.icon as string;
let handler: LambdaHandler;

beforeAll(async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  handler = await importBuiltHandler({});
});

describe('edges of the event shapes, through the built handler', () => {
  it.each(['/v1/items%23x', '/v1/items%23x?limit=2', '/v1/items%23?slot=head'])(
    'an HTTP API path whose decoded form holds a # (%s) is answered as on Node, not cut at the #',
    async (path) => {
      const expected = await node({ path });
      const reply = toReply(
        await handler(toEvent('http-api', { path, sourceIp: '203.0.113.40' }), LAMBDA_CONTEXT),
      );
      expect([reply.status, reply.json()]).toEqual([expected.status, expected.json()]);
    },
  );

  it('an ALB target group without multi-value headers is answered with single-value headers', async () => {
    const json = await handler(
      albEvent({ path: '/v1/items?limit=2', sourceIp: '203.0.113.41' }, false),
      LAMBDA_CONTEXT,
    );
    expect(json).toMatchObject({
      statusCode: 200,
      isBase64Encoded: false,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect('multiValueHeaders' in json).toBe(false);

    const png = await handler(
      albEvent({ path: `/v1/img/${icon}.png`, sourceIp: '203.0.113.41' }, false),
      LAMBDA_CONTEXT,
    );
    expect(png).toMatchObject({
      statusCode: 200,
      isBase64Encoded: true,
      headers: { 'content-type': 'image/png', etag: demo.sprites.get(icon)?.etag },
    });
    expect(
      Buffer.from(toReply(png).bytes).equals(Buffer.from(demo.sprites.get(icon)?.bytes ?? [])),
    ).toBe(true);
  });

  it("names each request by Lambda's request id, in x-request-id and in the access log", async () => {
    const write = vi.mocked(process.stdout.write);
    write.mockClear();
    const result = await handler(
      toEvent('http-api', { path: '/v1/meta', sourceIp: '203.0.113.43' }),
      LAMBDA_CONTEXT,
    );
    expect(toReply(result).headers.get('x-request-id')).toBe(LAMBDA_CONTEXT.awsRequestId);
    const logged = write.mock.calls.map(
      ([line]) => JSON.parse(String(line)) as Record<string, unknown>,
    );
    expect(logged).toEqual([
      expect.objectContaining({
        msg: 'request',
        requestId: LAMBDA_CONTEXT.awsRequestId,
        path: '/v1/meta',
      }),
      expect.objectContaining({ msg: 'metrics', route: '/v1/meta' }),
    ]);
  });

  it('payload 2.0 results carry plain headers and no cookies', async () => {
    const result = await handler(
      toEvent('function-url', { path: '/v1/meta', sourceIp: '203.0.113.42' }),
      LAMBDA_CONTEXT,
    );
    expect(result).toMatchObject({ statusCode: 200, isBase64Encoded: false });
    expect(Object.keys(result).sort()).toEqual([
      'body',
      'headers',
      'isBase64Encoded',
      'statusCode',
    ]);
  });
});
