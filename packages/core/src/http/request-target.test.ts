import { describe, expect, it } from 'vitest';
import { RequestTarget } from './request-target.js';

describe('RequestTarget', () => {
  it.each([
    'http://localhost/v1/items?limit=5',
    'http://localhost/v1/items',
    'http://localhost/',
    'http://localhost',
    'http://localhost/v1/items?',
    'http://localhost/v1/items?a=1&b=%20x#frag',
    'http://localhost/v1/items#frag?not=query',
    'http://127.0.0.1:3000/v1/img/sword.4.png',
    'https://[::1]:8443/v1/items?q=a%2Fb',
    'http://localhost/v1/items?next=http://x/y',
    'http://localhost/v1/a%2F..%2Fb?x=%E2%9C%93',
    'http://localhost/v1//items?x=1',
    'http://localhost//v1/items',
  ])('splits %s as URL does', (url) => {
    const parsed = new URL(url);
    const target = new RequestTarget(url);
    expect({ path: target.path, search: target.search }).toEqual({
      path: parsed.pathname,
      search: parsed.search,
    });
    expect([...target.params]).toEqual([...parsed.searchParams]);
  });

  it.each([
    ['/v1//items?limit=1', '/v1//items', '?limit=1'],
    ['//v1/items', '//v1/items', ''],
    ['//evil.example/x?y=1', '//evil.example/x', '?y=1'],
  ])('reads origin-form %s as a path, even with // in it', (target, path, search) => {
    expect({
      path: new RequestTarget(target).path,
      search: new RequestTarget(target).search,
    }).toEqual({ path, search });
  });
});
