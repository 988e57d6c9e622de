import { expect, it } from 'vitest';
import { buildQueryString } from './query-string.js';

it.each([
  [{}, ''],
  [{ slot: undefined, q: null }, ''],
  [{ slot: 'head', rarity: 4 }, '?slot=head&rarity=4'],
  [
    { rarity: 'legendary', cosmetic: false, limit: 200 },
    '?rarity=legendary&cosmetic=false&limit=200',
  ],
  [{ q: "dragon's fang & co", cursor: 'a+b/c=' }, '?q=dragon%27s+fang+%26+co&cursor=a%2Bb%2Fc%3D'],
  [{ slot: '' }, '?slot='],
  [{ ids: ['ember-blade', 'iron-helm'], limit: 2 }, '?ids=ember-blade%2Ciron-helm&limit=2'],
])('buildQueryString(%j) → %j', (params, expected) => {
  expect(buildQueryString(params)).toBe(expected);
});
