import type { Reply } from '@gamedata/test-support/send';
import { describe, expect, it } from 'vitest';
import { contractProblems, disagreements } from './contract.js';

const HEADERS = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin', 'x-content-type-options': 'nosniff', 'x-request-id': 'id', 'x-dataset-version': '2026-11-20.1' };

function errorReply(status: number, code: string): Reply {
  const text = JSON.stringify({ error: { code, message: 'Refused.' } });
  return { status, headers: new Headers(HEADERS), text, bytes: new TextEncoder().encode(text), json: () => JSON.parse(text) };
}

describe('contractProblems', () => {
  it.each([
    [400, 'bad_request'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [408, 'bad_request'],
    [429, 'rate_limited'],
    [431, 'bad_request'],
  ])('accepts a %i with code %s', (status, code) => {
    expect(contractProblems('GET', errorReply(status, code))).toEqual([]);
  });

  it.each([
    [408, 'request_timeout'],
    [431, 'headers_too_large'],
    [400, 'not_found'],
  ])('refuses a %i with code %s', (status, code) => {
    expect(contractProblems('GET', errorReply(status, code))).toEqual([expect.stringContaining(`for ${status}`)]);
  });

  it('refuses an answer other origins may not embed (no cross-origin-resource-policy)', () => {
    const reply = errorReply(404, 'not_found');
    reply.headers.delete('cross-origin-resource-policy');
    expect(contractProblems('GET', reply)).toEqual(['no cross-origin-resource-policy: cross-origin']);
  });
});

describe('disagreements', () => {
  const status = (started: string, version = '2026-11-20.1'): Reply => {
    const text = JSON.stringify({ data: { version, rateLimits: 'per-instance', started } });
    return { status: 200, headers: new Headers({ ...HEADERS, etag: `W/"${started}"` }), text, bytes: new TextEncoder().encode(text), json: () => JSON.parse(text) };
  };

  it("lets two instances' status differ in their start and its etag alone", () => {
    expect(disagreements(status('2026-11-25T09:00:00.000Z'), status('2026-11-25T09:00:01.000Z'), true)).toEqual([]);
    expect(disagreements(status('2026-11-25T09:00:00.000Z'), status('2026-11-25T09:00:00.000Z', '2026-11-21.1'), true)).toEqual([expect.stringMatching(/^body: /)]);
  });

  it('holds any other answer to every byte and its etag', () => {
    expect(disagreements(status('2026-11-25T09:00:00.000Z'), status('2026-11-25T09:00:01.000Z'))).toEqual([expect.stringMatching(/^etag: /), expect.stringMatching(/^body: /)]);
  });
});
