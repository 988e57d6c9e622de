import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LambdaHandler } from '../src/handler.js';
import { importBuiltHandler, LAMBDA_CONTEXT } from './support/built-handler.js';
import { EVENT_KINDS, toEvent, toReply, type ClientRequest } from './support/lambda-events.js';

const SECRET = 'test-origin-secret-0123456789';
const logged: string[] = [];
let handler: LambdaHandler;

beforeAll(async () => {
  // A fixed clock keeps every request of this file inside one rate-limit window.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 10, 22, 12, 0, 10));
  vi.spyOn(process.stdout, 'write').mockImplementation(
    (chunk) => (logged.push(String(chunk)), true),
  );
  handler = await importBuiltHandler({
    GAMEDATA_CLOUDFRONT_SECRET: SECRET,
    GAMEDATA_CLOUDFRONT_SECRET_HEADER: 'X-Origin-Verify',
  });
});
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The address the access log recorded for the last request. */
function lastLoggedClient(): unknown {
  const requests = logged
    .join('')
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'));
  return (JSON.parse(requests.at(-1) as string) as { client?: unknown }).client;
}

describe.each(EVENT_KINDS.map(({ kind, label }, index) => [label, kind, index] as const))(
  'client address through the built handler: %s',
  (_label, kind, index) => {
    const net = `192.0.2.${index * 50}`;
    const ip = (n: number) => net.replace(/\d+$/, (last) => String(Number(last) + n));
    const send = async (sourceIp: string, headers: Record<string, string> = {}) => {
      const request: ClientRequest = { path: '/v1/meta', headers, sourceIp };
      const reply = toReply(await handler(toEvent(kind, request), LAMBDA_CONTEXT));
      return {
        status: reply.status,
        remaining: reply.headers.get('ratelimit-remaining'),
        client: lastLoggedClient(),
      };
    };

    it('counts and logs the connecting address, whatever forwarding headers the client sends', async () => {
      expect(await send(ip(1), { 'x-forwarded-for': '10.0.0.1' })).toEqual({
        status: 200,
        remaining: '59',
        client: ip(1),
      });
      expect(
        await send(ip(1), {
          'x-forwarded-for': '10.0.0.2',
          'cloudfront-viewer-address': '10.0.0.3:443',
        }),
      ).toEqual({ status: 200, remaining: '58', client: ip(1) });
      expect(await send(ip(2), { 'x-forwarded-for': ip(1) })).toEqual({
        status: 200,
        remaining: '59',
        client: ip(2),
      });
    });

    it('limits one address to 60 requests a window however it varies its headers', async () => {
      for (let i = 3; i <= 60; i++)
        expect((await send(ip(1), { 'x-forwarded-for': `10.0.${i}.1` })).status).toBe(200);
      expect(await send(ip(1), { 'x-forwarded-for': '10.0.99.1' })).toMatchObject({
        status: 429,
        remaining: '0',
      });
      expect((await send(ip(3))).status).toBe(200);
    });

    it('behind CloudFront, counts and logs the viewer only when the origin secret is present', async () => {
      const edge = ip(10);
      const viewer = (n: number, secret = SECRET) => ({
        'x-origin-verify': secret,
        'cloudfront-viewer-address': `${ip(20 + n)}:51000`,
      });
      expect(await send(edge, viewer(1))).toEqual({ status: 200, remaining: '59', client: ip(21) });
      expect(await send(edge, viewer(2))).toEqual({ status: 200, remaining: '59', client: ip(22) });
      expect(await send(edge, viewer(1))).toEqual({ status: 200, remaining: '58', client: ip(21) });
      expect(await send(edge, viewer(3, 'not-the-origin-secret-000000'))).toEqual({
        status: 200,
        remaining: '59',
        client: edge,
      });
      expect(await send(edge, { 'cloudfront-viewer-address': `${ip(23)}:51000` })).toEqual({
        status: 200,
        remaining: '58',
        client: edge,
      });
    });
  },
);
