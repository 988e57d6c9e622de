import { describe, expect, it } from 'vitest';
import { presentedKey, redactKey } from './api-key.js';

describe('presentedKey', () => {
  it.each<[string | undefined, string, string | undefined]>([
    [undefined, '', undefined],
    ['Bearer abc', '', 'abc'],
    ['bearer abc', '', 'abc'],
    ['Bearer   abc  ', '', 'abc'],
    ['Bearer', '', undefined],
    ['Basic dXNlcjpwYXNz', '', undefined],
    ['Bearer a b', '', undefined],
    [undefined, 'key=fromquery', 'fromquery'],
    ['Bearer header', 'key=query', 'header'],
    [undefined, 'key=', undefined],
  ])('authorization %j, query %j → %j', (authorization, query, expected) => {
    expect(presentedKey(authorization, new URLSearchParams(query))).toBe(expected);
  });
});

describe('redactKey', () => {
  it.each([
    ['/v1/items', '/v1/items'],
    ['/v1/items?limit=5', '/v1/items?limit=5'],
    ['/v1/items?key=gd_secret', '/v1/items?key=[redacted]'],
    ['/v1/items?limit=5&key=gd_secret&q=a', '/v1/items?limit=5&key=[redacted]&q=a'],
    ['/v1/items?key=a&key=b', '/v1/items?key=[redacted]&key=[redacted]'],
    ['/v1/items?%6Bey=gd_secret', '/v1/items?%6Bey=[redacted]'],
    ['/v1/items?monkey=banana', '/v1/items?monkey=banana'],
    ['/v1/items?%zz=1&key=s', '/v1/items?%zz=1&key=[redacted]'],
  ])('%s → %s', (input, expected) => {
    expect(redactKey(input)).toBe(expected);
  });
});
