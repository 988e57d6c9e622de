import { expect } from 'vitest';
import type { ErrorCode } from '@gamedata/core';
import { TIERS } from '@gamedata/core';
import { demo } from './demo.js';
import type { Reply } from './send.js';

// What every answer of the HTTP table is held to: the JSON, policy and rate-limit headers, the
// error body, and a page's ids and meta.

export type ListBody = {
  data: Array<Record<string, unknown>>;
  meta: { total: number; count: number; cursor?: string };
};

/** JSON's headers, of the demo's current release unless another `version` is served. */
export function expectJsonHeaders(reply: Reply, version = demo.meta.version): void {
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.headers.get('etag')).toMatch(
    new RegExp(`^W/"${version.replace('.', '\\.')}-[0-9a-z]+"$`),
  );
  expect(reply.headers.get('x-dataset-version')).toBe(version);
}

/** The tier of each limit (README, "Rate limits and keys"): each tier's limit is its own. */
const TIER_OF_LIMIT = new Map(Object.values(TIERS).map((tier) => [tier.limit, tier]));

export function expectPolicyHeaders(reply: Reply, limit = 600): void {
  expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  // Readable by pages of any origin that ask for CORP (COEP require-corp), artwork above all.
  expect(reply.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  const exposed = (reply.headers.get('access-control-expose-headers') ?? '').split(', ');
  for (const name of [
    'etag',
    'x-dataset-version',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'ratelimit',
    'ratelimit-policy',
    'retry-after',
  ]) {
    expect(exposed).toContain(name);
  }
  expect(reply.headers.get('ratelimit-limit')).toBe(String(limit));
  const remaining = Number(reply.headers.get('ratelimit-remaining'));
  const reset = Number(reply.headers.get('ratelimit-reset'));
  expect(remaining).toBeGreaterThanOrEqual(0);
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(60);
  // draft-ietf-httpapi-ratelimit-headers-11: the same state as the trio, as structured fields.
  const tier = TIER_OF_LIMIT.get(limit);
  expect(reply.headers.get('ratelimit-policy')).toBe(
    `"${tier?.name}";q=${limit};w=${(tier?.windowMs ?? 0) / 1000}`,
  );
  expect(reply.headers.get('ratelimit')).toBe(`"${tier?.name}";r=${remaining};t=${reset}`);
  // The key picks the tier, so caches keep keyed and anonymous answers apart; images are keyed on the address alone.
  const vary = (reply.headers.get('vary') ?? '').split(', ');
  if (tier === TIERS.images) expect(vary).not.toContain('authorization');
  else expect(vary).toContain('authorization');
}

export function expectError(code: ErrorCode, version = demo.meta.version) {
  return (reply: Reply) => {
    expectJsonHeaders(reply, version);
    expectPolicyHeaders(reply);
    const body = reply.json<{ error: { code: string; message: string } }>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(reply.headers.get('retry-after')).toBeNull();
  };
}

/** A list page whose ids are exactly the first `limit` of `expected` (sorted), and whose total is theirs. */
export function expectPage(expected: string[], limit = 50, version = demo.meta.version) {
  return (reply: Reply) => {
    expectJsonHeaders(reply, version);
    expectPolicyHeaders(reply);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    const body = reply.json<ListBody>();
    expect(body.meta.total).toBe(expected.length);
    expect(body.data.map((r) => r.id)).toEqual(expected.slice(0, limit));
    expect(body.meta.count).toBe(Math.min(limit, expected.length));
    expect('cursor' in body.meta).toBe(expected.length > limit);
  };
}
