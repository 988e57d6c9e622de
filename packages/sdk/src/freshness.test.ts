import { expect, it } from 'vitest';
import { freshUntil } from './freshness.js';

it.each([
  ['public, max-age=300', {}, 300_000],
  ['max-age="60", private', {}, 60_000],
  ['public, max-age=300', { age: '100' }, 200_000],
  ['max-age=300', { age: '400' }, 0],
  ['s-maxage=600', {}, 0],
  ['public, s-maxage=600, max-age=30', {}, 30_000],
  ['no-cache, max-age=300', {}, 0],
  ['max-age=300, no-cache="set-cookie"', {}, 0],
  ['public', {}, 0],
  ['no-store', {}, undefined],
  ['max-age=300, NO-STORE', {}, undefined],
])('cache-control %s with %j: fresh until %s', (cacheControl, extra, expected) => {
  expect(freshUntil(new Headers({ 'cache-control': cacheControl, ...extra }), 0)).toBe(expected);
});

it('an answer without cache-control is stale at once', () => {
  expect(freshUntil(new Headers(), 5)).toBe(5);
});
