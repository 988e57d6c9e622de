import { expect, it } from 'vitest';
import { isToken } from './token.js';

it.each<[string, boolean]>([
  ['GET', true],
  ['M-SEARCH', true],
  ["x!#$%&'*+.^_`|~9", true],
  ['', false],
  ['GE T', false],
  ['GET\r', false],
  ['x-"quoted"', false],
  ['a/b', false],
  ['caf\u00e9', false],
])('isToken(%j) → %s', (text, expected) => {
  expect(isToken(text)).toBe(expected);
});
