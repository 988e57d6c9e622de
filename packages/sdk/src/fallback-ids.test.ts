import { expect, it } from 'vitest';
import { fallbackIds } from './fallback-ids.js';

const records = [{ id: 'a' }, { id: 'b' }, { key: 'c' }, { id: 'd' }, { id: 'e' }];

it.each([
  [undefined, []],
  ['', []],
  ['0', ['a']],
  ['0-2,4', ['a', 'b', 'c', 'e']],
  ['3-9', ['d', 'e']],
  ['x,1', ['b']],
])('x-language-fallback %j names %j', (header, ids) => {
  expect(fallbackIds(header, records)).toEqual(ids);
});
