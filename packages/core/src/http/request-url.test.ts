import { describe, expect, it } from 'vitest';
import { RefusedTarget, requestUrl } from './request-url.js';

describe('requestUrl', () => {
  it.each([
    ['/v1/items?limit=5', '/v1/items?limit=5'],
    ['/v1/items', '/v1/items'],
    ['', '/'],
    ['/v1/../v1/items', '/v1/items'],
    ['/v1/items/./iron-helm', '/v1/items/iron-helm'],
    ['/v1/items/%2e%2e/meta', '/v1/meta'],
    ['/v1/items/..%2F..%2Fpackage.json', '/v1/items/..%2F..%2Fpackage.json'],
    ['/v1/items?q=a b', '/v1/items?q=a%20b'],
    ['/v1/items/ä', '/v1/items/%C3%A4'],
    ['/v1/items?q=a\\b', '/v1/items?q=a\\b'],
    ['//evil.example/v1/items', '//evil.example/v1/items'],
    ['http://other.example/v1/meta?x=1', '/v1/meta?x=1'],
  ])('%j → %j', (target, expected) => {
    expect(requestUrl(target, 'api.example:3000')).toBe(expected);
  });

  it.each([
    ['/v1/items\\x', 'api.example', 'Backslash in request path'],
    ['/v1/items', undefined, 'Missing host header'],
    ['/v1/items', '', 'Missing host header'],
    ['/v1/items', 'a b', 'Invalid host header'],
    ['/v1/items', 'host/path', 'Invalid host header'],
    ['/v1/items', 'user@host', 'Invalid host header'],
    ['*', 'api.example', 'Invalid URL'],
    ['v1/items', 'api.example', 'Invalid URL'],
    ['http://exa mple/v1', undefined, 'Invalid absolute URL'],
  ])('%j with Host %j is refused: %s', (target, host, message) => {
    expect(() => requestUrl(target, host)).toThrow(new RefusedTarget(message));
  });

  it.each([['[::1]:3000'], ['127.0.0.1'], ['API.Example'], ['xn--bcher-kva.example']])('accepts the Host %j', (host) => {
    expect(requestUrl('/v1/meta', host)).toBe('/v1/meta');
  });
});
