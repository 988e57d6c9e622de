import { describe, expect, it } from 'vitest';
import {
  albEvent,
  toEvent,
  type ClientRequest,
  type EventKind,
} from '../test/support/lambda-events.js';
import { resolveClientIp } from './client-ip.js';
import type { HttpEvent } from './http-event.js';

const CLIENT = '203.0.113.9';
const VIEWER = '198.51.100.77';
const ORIGIN = { header: 'x-origin-verify', secret: 'aV3ry-l0ng-0rigin-secret' };

const request = (headers: Record<string, string> = {}, sourceIp = CLIENT): ClientRequest => ({
  path: '/v1/items?limit=5',
  headers,
  sourceIp,
});
const forged = {
  'x-forwarded-for': '10.9.8.7',
  'x-real-ip': '10.9.8.7',
  'cloudfront-viewer-address': '10.9.8.7:1234',
};
const viaCloudFront = (secret: string) => ({
  'x-origin-verify': secret,
  'cloudfront-viewer-address': `${VIEWER}:46532`,
});

const kinds: EventKind[] = ['http-api', 'function-url', 'rest-api', 'alb'];

describe('resolveClientIp', () => {
  describe.each(kinds)('%s event', (kind) => {
    it.each<[string, ClientRequest, typeof ORIGIN | undefined, string]>([
      ['the connecting address', request(), undefined, CLIENT],
      ['an IPv6 connecting address', request({}, '2001:db8::42'), undefined, '2001:db8::42'],
      ['ignores forwarding headers the client wrote', request(forged), undefined, CLIENT],
      ['ignores them with an origin secret configured, too', request(forged), ORIGIN, CLIENT],
      [
        'takes the viewer address when the origin secret is present',
        request(viaCloudFront(ORIGIN.secret)),
        ORIGIN,
        VIEWER,
      ],
      [
        'not with a wrong secret',
        request(viaCloudFront('a-guess-at-the-origin-secret')),
        ORIGIN,
        CLIENT,
      ],
      [
        'not when no origin secret is configured',
        request(viaCloudFront(ORIGIN.secret)),
        undefined,
        CLIENT,
      ],
      [
        'not when the viewer address is malformed',
        request({ 'x-origin-verify': ORIGIN.secret, 'cloudfront-viewer-address': 'nonsense' }),
        ORIGIN,
        CLIENT,
      ],
      [
        'whatever case the header names arrive in',
        request({ 'X-Origin-Verify': ORIGIN.secret, 'CloudFront-Viewer-Address': `${VIEWER}:443` }),
        ORIGIN,
        VIEWER,
      ],
    ])('%s', (_name, client, origin, expected) => {
      expect(resolveClientIp(toEvent(kind, client), origin)).toBe(expected);
    });
  });

  it.each<[string, HttpEvent, string]>([
    [
      'ALB without multi-value headers: the last X-Forwarded-For entry',
      albEvent(request(forged), false),
      CLIENT,
    ],
    [
      'ALB with no X-Forwarded-For at all',
      { ...albEvent(request(), false), headers: {} },
      'unknown',
    ],
    [
      'ALB with an empty X-Forwarded-For',
      { ...albEvent(request(), false), headers: { 'x-forwarded-for': '' } },
      'unknown',
    ],
  ])('%s', (_name, event, expected) => {
    expect(resolveClientIp(event)).toBe(expected);
  });
});
