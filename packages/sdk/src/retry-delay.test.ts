import { describe, expect, it } from 'vitest';
import { computeBackoffDelay, parseRetryAfter } from './retry-delay.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    [null, undefined],
    ['50', 50],
    ['0', 0],
    [' 7 ', 7],
    ['Sun, 22 Nov 2026 12:00:30 GMT', 30],
    ['Sun, 22 Nov 2026 12:00:00 GMT', 0],
    ['Sun, 22 Nov 2026 11:59:00 GMT', 0],
    ['-5', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['', undefined],
  ])('%j → %j seconds', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('computeBackoffDelay', () => {
  // Equal jitter: between half the ceiling and the ceiling; the ceiling doubles from 500 ms to 8 s.
  it.each([
    [0, 0, 250],
    [0, 1, 500],
    [1, 0, 500],
    [1, 0.5, 750],
    [2, 1, 2_000],
    [3, 1, 4_000],
    [4, 1, 8_000],
    [5, 1, 8_000],
    [12, 0, 4_000],
  ])('retry %i with random %d waits %i ms', (retry, random, expected) => {
    expect(computeBackoffDelay(retry, () => random)).toBe(expected);
  });

  it('uses Math.random by default and stays within bounds', () => {
    for (let i = 0; i < 50; i++) {
      const delay = computeBackoffDelay(2);
      expect(delay).toBeGreaterThanOrEqual(1_000);
      expect(delay).toBeLessThanOrEqual(2_000);
    }
  });
});
