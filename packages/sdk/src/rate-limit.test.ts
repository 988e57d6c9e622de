import { expect, it } from 'vitest';
import { readRateLimit } from './rate-limit.js';

it.each([
  [{ 'ratelimit-limit': '60', 'ratelimit-remaining': '12', 'ratelimit-reset': '41' }, { limit: 60, remaining: 12, reset: 41 }],
  [{ 'ratelimit-limit': '600', 'ratelimit-remaining': '0', 'ratelimit-reset': '1' }, { limit: 600, remaining: 0, reset: 1 }],
  [{}, undefined],
  [{ 'ratelimit-remaining': '3' }, undefined],
])('readRateLimit(%j) → %j', (headers, expected) => {
  expect(readRateLimit(new Headers(headers))).toEqual(expected);
});
