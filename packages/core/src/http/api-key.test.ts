import { describe, expect, it } from 'vitest';
import { presentedKey } from './api-key.js';

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
