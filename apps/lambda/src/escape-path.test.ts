import { describe, expect, it } from 'vitest';
import { escapeDecodedPath } from './escape-path.js';

describe('escapeDecodedPath', () => {
  it.each<[string, string]>([
    ['/v1/items', '/v1/items'],
    ['/v1/items/ember-blade', '/v1/items/ember-blade'],
    ['/v1/items/..%2F..%2Fpackage.json', '/v1/items/..%2F..%2Fpackage.json'],
    ['/v1/img/%2e%2e', '/v1/img/%2e%2e'],
    ['/v1/items#x', '/v1/items%23x'],
    ['/v1/items?limit=5', '/v1/items%3Flimit=5'],
    ['/v1/a?b#c?d', '/v1/a%3Fb%23c%3Fd'],
    ['/v1/items/a b', '/v1/items/a b'],
  ])('%j → %j', (path, expected) => {
    expect(escapeDecodedPath(path)).toBe(expected);
  });

  it('gives a path that parses back to itself, with no query or fragment', () => {
    for (const path of ['/v1/items#x', '/v1/items?limit=5', '/v1/a?b#c']) {
      const url = new URL(`https://api.test${escapeDecodedPath(path)}`);
      expect(url.search).toBe('');
      expect(url.hash).toBe('');
      expect(decodeURIComponent(url.pathname)).toBe(path);
    }
  });
});
