import { REGISTRY } from '../collections/collections.js';
import { collectionNames } from '../collections/registry.js';
import { describe, expect, it } from 'vitest';
import { translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { parseSearchQuery } from '../search/search-query.js';
import { perTest } from '../testing/per-test.js';
import { createApp } from './app.js';

const app = perTest(() => createApp({ dataset: translatedFixtureDataset() }));
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app().fetch(new Request(`http://api.test${path}`, { headers, method }), {
    clientIp: '203.0.113.7',
  });
type Body = {
  data: Array<{ collection: string; id: string; name: string; match: string; icon?: string }>;
  meta: { total: number; count: number };
  error?: { code: string; message: string };
};
const body = async (path: string, headers: Record<string, string> = {}) => {
  const answer = await get(path, headers);
  return { answer, json: (await answer.json()) as Body };
};

describe('/v1/search', () => {
  it('answers hits with their collection, id, name, rule and icon, and counts them', async () => {
    const { answer, json } = await body('/v1/search?q=ashbringer');
    expect(answer.status).toBe(200);
    expect(json.data[0]).toEqual({
      collection: 'items',
      id: 'ashbringer',
      name: 'Ashbringer',
      match: 'exact',
      icon: expect.any(String),
    });
    expect(json.meta).toEqual({ total: json.data.length, count: json.data.length });
    expect(answer.headers.get('x-dataset-version')).toBe(translatedFixtureDataset().meta.version);
    expect(answer.headers.get('cache-control')).toMatch(/max-age/);
  });

  it('is the same answer, etag included, for the same search typed otherwise', async () => {
    const a = await get('/v1/search?q=ASHBRINGER');
    const b = await get('/v1/search?q=%20ashbringer!');
    expect(await a.text()).toBe(await b.text());
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    const other = await get('/v1/search?q=ashbringer&limit=1');
    expect(other.headers.get('etag')).not.toBe(a.headers.get('etag'));
  });

  it('answers a 304 to its etag, and HEAD with its headers only', async () => {
    const first = await get('/v1/search?q=iron');
    const etag = first.headers.get('etag') as string;
    expect((await get('/v1/search?q=iron', { 'if-none-match': etag })).status).toBe(304);
    const head = await get('/v1/search?q=iron', {}, 'HEAD');
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
  });

  it('searches and answers in the language asked for, the untranslated by their default name', async () => {
    const { answer, json } = await body('/v1/search?q=eisenhelm&lang=de');
    expect(json.data[0]).toMatchObject({ id: 'iron-helm', name: 'Eisenhelm', match: 'exact' });
    expect(answer.headers.get('content-language')).toBe('de');
    const negotiated = await get('/v1/search?q=eisenhelm', { 'accept-language': 'de-DE' });
    expect(negotiated.headers.get('vary')).toContain('accept-language');
    // Spanish names only the jade ring: the iron helm is found, and shown, by its English name.
    const spanish = await body('/v1/search?q=iron%20helm&lang=es');
    expect(spanish.json.data[0]).toMatchObject({ id: 'iron-helm', name: 'Iron Helm' });
    expect(spanish.answer.headers.get('x-language-fallback')).toMatch(/^0\b/);
  });

  it('finds stats by name, the key as their id, in the language asked for', async () => {
    const { json } = await body('/v1/search?q=macht&lang=de&collections=stats');
    expect(json.data).toEqual([{ collection: 'stats', id: 'mgt', name: 'Macht', match: 'exact' }]);
  });

  it('clamps limit to 50, and answers 10 hits without it', async () => {
    // The fixture has fewer than 50 names with an `a`: the clamp is read where it is decided.
    expect(
      parseSearchQuery(new URLSearchParams('q=a&limit=5000'), collectionNames(REGISTRY)).limit,
    ).toBe(50);
    expect(parseSearchQuery(new URLSearchParams('q=a'), collectionNames(REGISTRY)).limit).toBe(10);
    const { answer, json } = await body('/v1/search?q=a&limit=5000');
    expect(answer.status).toBe(200);
    expect(json).toEqual((await body('/v1/search?q=a&limit=50')).json);
  });

  it.each([
    ['/v1/search', 'q is required'],
    ['/v1/search?q=', 'q is required'],
    [`/v1/search?q=${'a'.repeat(101)}`, 'q must be at most 100 characters, not 101'],
    ['/v1/search?q=a&collections=items,spells', '"spells" is none of them'],
    ['/v1/search?q=a&limit=0', 'limit must be a whole number from 1 to 50'],
    ['/v1/search?q=a&q=b', 'q may be given only once'],
    ['/v1/search?q=a&lang=xx', 'lang'],
  ])('refuses %s with a 400', async (path, message) => {
    const { answer, json } = await body(path);
    expect(answer.status).toBe(400);
    expect(json.error?.code).toBe('bad_request');
    expect(json.error?.message).toContain(message);
  });

  it('finds nothing for a q with no letter or digit, and reads no more than 100 characters once folded', async () => {
    expect((await body('/v1/search?q=!!!%20?')).json).toEqual({
      data: [],
      meta: { total: 0, count: 0 },
    });
    // U+FDFA folds to 18 letters in 4 words: 100 of them would be 1,800 letters and 400 words.
    const { answer } = await body(`/v1/search?q=${encodeURIComponent('\ufdfa'.repeat(100))}`);
    expect(answer.status).toBe(200);
  });

  it('answers no hits with a 200, and takes 100 characters', async () => {
    const { answer, json } = await body(`/v1/search?q=${'z'.repeat(100)}`);
    expect([answer.status, json]).toEqual([200, { data: [], meta: { total: 0, count: 0 } }]);
  });
});
