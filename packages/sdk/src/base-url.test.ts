import { describe, expect, it } from 'vitest';
import { createClient } from './client.js';

// The client adds /v1 to every path: a baseUrl that already ends in it would ask for /v1/v1/items and
// get 404s that say nothing about why, so createClient refuses it and says what to pass instead.
describe('a baseUrl ending in /v1', () => {
  it.each([
    ['https://gamedata.example/v1', 'https://gamedata.example'],
    ['https://gamedata.example/v1/', 'https://gamedata.example'],
    ['http://127.0.0.1:3000/gamedata/V1//', 'http://127.0.0.1:3000/gamedata'],
  ])('%s is refused, naming the address to pass (%s)', (baseUrl, address) => {
    expect(() => createClient({ baseUrl })).toThrow(TypeError);
    expect(() => createClient({ baseUrl })).toThrow(`without /v1: pass "${address}"`);
  });

  it.each([
    'https://gamedata.example/v10',
    'https://v1.gamedata.example',
    'https://gamedata.example/v1x',
  ])('%s is an address like any other', (baseUrl) => {
    expect(createClient({ baseUrl }).imageUrl('a')).toBe(`${baseUrl}/v1/img/a.png`);
  });
});
