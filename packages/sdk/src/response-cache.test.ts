import { expect, it } from 'vitest';
import { createMemoryCache, type CachedResponse } from './response-cache.js';

const entry = (etag: string) => ({ etag, body: `{"etag":"${etag}"}` });

it('returns what was stored, by URL', () => {
  const cache = createMemoryCache();
  cache.set('/a', entry('1'));
  expect(cache.get('/a')).toEqual(entry('1'));
  expect(cache.get('/b')).toBeUndefined();
  cache.set('/a', entry('2'));
  expect(cache.get('/a')).toEqual(entry('2'));
});

it('holds at most maxEntries, dropping the least recently used', () => {
  const cache = createMemoryCache({ maxEntries: 2 });
  cache.set('/a', entry('a'));
  cache.set('/b', entry('b'));
  cache.get('/a'); // /a is now more recent than /b
  cache.set('/c', entry('c'));
  expect(cache.get('/b')).toBeUndefined();
  expect(cache.get('/a')).toEqual(entry('a'));
  expect(cache.get('/c')).toEqual(entry('c'));
});

it('defaults to 100 entries', () => {
  const cache = createMemoryCache();
  for (let i = 0; i <= 100; i++) cache.set(`/${i}`, entry(String(i)));
  expect(cache.get('/0')).toBeUndefined();
  expect(cache.get('/1')).toEqual(entry('1'));
  expect(cache.get('/100')).toEqual(entry('100'));
});

const etagOf = (cache: ReturnType<typeof createMemoryCache>, url: string) =>
  (cache.get(url) as CachedResponse | undefined)?.etag;

it('holds at most maxBytes of bodies, dropping the least recently used, and keeps none larger than that', () => {
  const cache = createMemoryCache({ maxBytes: 40 });
  cache.set('/a', { etag: 'a', body: 'x'.repeat(20) });
  cache.set('/b', { etag: 'b', body: new Uint8Array(15) });
  cache.set('/c', { etag: 'c', body: 'x'.repeat(10) });
  expect(etagOf(cache, '/a')).toBeUndefined();
  expect(etagOf(cache, '/b')).toBe('b');
  expect(etagOf(cache, '/c')).toBe('c');
  cache.set('/big', { etag: 'big', body: 'x'.repeat(41) });
  expect(etagOf(cache, '/big')).toBeUndefined();
  expect(etagOf(cache, '/b')).toBe('b');
});

it('counts a replaced body once', () => {
  const cache = createMemoryCache({ maxBytes: 30 });
  cache.set('/a', { etag: '1', body: 'x'.repeat(20) });
  cache.set('/a', { etag: '2', body: 'x'.repeat(20) });
  cache.set('/b', { etag: 'b', body: 'x'.repeat(10) });
  expect(etagOf(cache, '/a')).toBe('2');
});
