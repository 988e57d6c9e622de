import { describe, expect, it } from 'vitest';
import { decideRateLimit, windowStartOf } from './decide.js';
import { TIERS } from './tiers.js';

describe('windowStartOf', () => {
  it.each([
    [0, 0],
    [59_999, 0],
    [60_000, 60_000],
    [1_700_000_012_345, 1_699_999_980_000],
  ])('now=%d → %d', (now, start) => {
    expect(windowStartOf(now, 60_000)).toBe(start);
  });
});

describe('decideRateLimit', () => {
  it.each([
    // tier, count after this request, now, allowed, remaining, resetSeconds
    [TIERS.anonymous, 1, 0, true, 59, 60],
    [TIERS.anonymous, 60, 30_000, true, 0, 30],
    [TIERS.anonymous, 61, 30_000, false, 0, 30],
    [TIERS.anonymous, 500, 59_500, false, 0, 1],
    [TIERS.anonymous, 0, 59_999, true, 60, 1],
    [TIERS.community, 600, 1_000, true, 0, 59],
    [TIERS.community, 601, 1_000, false, 0, 59],
    [TIERS.images, 1200, 120_001, true, 0, 60],
    [TIERS.images, 1201, 120_001, false, 0, 60],
  ] as const)('%o count=%d now=%d', (tier, count, now, allowed, remaining, resetSeconds) => {
    expect(decideRateLimit(tier, count, now)).toEqual({
      tier: tier.name,
      limit: tier.limit,
      remaining,
      resetSeconds,
      allowed,
    });
  });
});
