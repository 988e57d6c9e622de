import { describe, expect, it } from 'vitest';
import { fixtureDataset, translatedFixtureDataset } from '../testing/fixture-dataset.js';
import { sha256Hex, withTestBulkFiles } from '../testing/bulk-files.js';
import { COLLECTION_NAMES } from '../collections/list-names.js';
import { perFile, perTest } from '../testing/per-test.js';
import { createApp } from './app.js';

const app = perTest(() => createApp({ dataset: translatedFixtureDataset() }));
const get = (path: string, headers: Record<string, string> = {}, on = app()) =>
  on.fetch(new Request(`http://api.test${path}`, { headers }), { clientIp: '203.0.113.7' });
const json = async <T = { data: Record<string, unknown> }>(answer: Response) =>
  (await answer.json()) as T;

describe('answers in the default language', () => {
  it('are byte for byte, and etag for etag, the answers of the release without translations', async () => {
    const plain = createApp({ dataset: fixtureDataset() });
    const paths = [
      '/v1/meta',
      '/v1/items',
      '/v1/items/ashbringer',
      '/v1/items?q=ash',
      '/v1/items?rarity=legendary',
      '/v1/stats',
      '/v1/abilities',
      '/v1/bulk',
      '/v1/items?lang=en',
    ];
    for (const path of paths) {
      const [a, b] = await Promise.all([get(path, {}, plain), get(path)]);
      expect([path, b.status, b.headers.get('etag'), b.headers.get('content-language')]).toEqual([
        path,
        a.status,
        a.headers.get('etag'),
        'en',
      ]);
      expect(await b.text()).toBe(await a.text());
    }
  });

  it('vary on Accept-Language where it was negotiated, and not where lang decided or nothing could be', async () => {
    expect((await get('/v1/items')).headers.get('vary')).toBe(
      'accept-encoding, authorization, accept-language',
    );
    expect((await get('/v1/items?lang=en')).headers.get('vary')).toBe(
      'accept-encoding, authorization',
    );
    expect(
      (await get('/v1/items', {}, createApp({ dataset: fixtureDataset() }))).headers.get('vary'),
    ).toBe('accept-encoding, authorization');
    // The meta has no text to translate: it never depends on the language.
    expect((await get('/v1/meta', { 'accept-language': 'de' })).headers.get('vary')).toBe(
      'accept-encoding, authorization',
    );
  });
});

describe('lang', () => {
  it('answers a record in the language asked for, ids, numbers and vocabulary unchanged', async () => {
    const answer = await get('/v1/items/ashbringer?lang=de');
    expect(answer.headers.get('content-language')).toBe('de');
    expect(answer.headers.get('x-language-fallback')).toBeNull();
    const { data } = await json(answer);
    expect(data).toMatchObject({
      id: 'ashbringer',
      name: 'Aschenbringer',
      description: 'Eine brennende Klinge.',
      slot: 'mainhand',
      rarity: 4,
      rarityName: 'legendär',
      effects: [
        { trigger: 'bei Krit', label: 'Glutstoß', impact: 'Feuer', cooldown: 8, chance: 15 },
      ],
      requirements: [{ skill: 'Schwerter', level: 40 }],
      dungeons: ['Glutschmiede'],
    });
    const english = (await json(await get('/v1/items/ashbringer'))).data;
    expect(Object.keys(data)).toEqual(Object.keys(english));
  });

  it('takes a tag in any case, and refuses one the dataset does not have, a more specific one too, listing those it has', async () => {
    expect((await get('/v1/items/iron-helm?lang=DE')).headers.get('content-language')).toBe('de');
    expect(await json(await get('/v1/items/iron-helm?lang=de-CH'))).toEqual({
      error: {
        code: 'bad_request',
        message: 'lang "de-CH" is not available; this dataset is in en (default), de, es',
      },
    });
    const refused = await get('/v1/items?lang=xx');
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      error: {
        code: 'bad_request',
        message: 'lang "xx" is not available; this dataset is in en (default), de, es',
      },
    });
    const malformed = await json<{ error: { message: string } }>(
      await get('/v1/stats?lang=not_a_tag'),
    );
    expect(malformed.error.message).toMatch(/^lang must be a language tag \(BCP 47\)/);
  });

  it('gives each language its own etag, and a 304 for its own', async () => {
    const [en, de] = await Promise.all([
      get('/v1/items?limit=2'),
      get('/v1/items?limit=2&lang=de'),
    ]);
    const etag = de.headers.get('etag') as string;
    expect(etag).not.toBe(en.headers.get('etag'));
    const again = await get('/v1/items?limit=2&lang=de', { 'if-none-match': etag });
    expect([again.status, again.headers.get('content-language')]).toEqual([304, 'de']);
    expect((await get('/v1/items?limit=2&lang=es', { 'if-none-match': etag })).status).toBe(200);
  });

  it('refuses a negotiated cursor in another language with an answer that varies on Accept-Language', async () => {
    const { meta } = await json<{ meta: { cursor: string } }>(
      await get('/v1/items?limit=1', { 'accept-language': 'de' }),
    );
    expect(
      (await get(`/v1/items?limit=1&cursor=${meta.cursor}`, { 'accept-language': 'de' })).status,
    ).toBe(200);
    const refused = await get(`/v1/items?limit=1&cursor=${meta.cursor}`, {
      'accept-language': 'fr',
    });
    expect([refused.status, refused.headers.get('vary')]).toEqual([
      400,
      'authorization, accept-language',
    ]);
    // With lang, the language is in the URL: the refusal does not depend on Accept-Language.
    expect((await get(`/v1/items?limit=1&lang=fr&cursor=${meta.cursor}`)).headers.get('vary')).toBe(
      'authorization',
    );
  });

  it('binds cursors to the language', async () => {
    const { meta } = await json<{ meta: { cursor: string } }>(
      await get('/v1/items?limit=1&lang=de'),
    );
    expect((await get(`/v1/items?limit=1&lang=de&cursor=${meta.cursor}`)).status).toBe(200);
    const elsewhere = await get(`/v1/items?limit=1&lang=es&cursor=${meta.cursor}`);
    expect(elsewhere.status).toBe(400);
    expect((await json<{ error: { message: string } }>(elsewhere)).error.message).toMatch(
      /another language/,
    );
  });
});

describe('Accept-Language', () => {
  it.each([
    ['fr-CH, de;q=0.9', 'de'],
    ['de-AT', 'de'],
    ['ja, es;q=0.5', 'es'],
    ['ja', 'en'],
    ['*', 'en'],
    ['de;q=0, *;q=0.5', 'en'],
    [';;;===,,', 'en'],
  ])('%s → %s', async (header, language) => {
    const answer = await get('/v1/items/iron-helm', { 'accept-language': header });
    expect(answer.headers.get('content-language')).toMatch(new RegExp(`^${language}(, en)?$`));
    expect(answer.headers.get('vary')).toContain('accept-language');
  });

  it('gives way to lang', async () => {
    const answer = await get('/v1/items/iron-helm?lang=es', { 'accept-language': 'de' });
    expect([answer.headers.get('content-language'), answer.headers.get('vary')]).toEqual([
      'es, en',
      'accept-encoding, authorization',
    ]);
  });
});

describe('what falls back to the default language', () => {
  it('is said: the default language after the one asked for, and the positions of the records in data', async () => {
    const page = await get('/v1/items?lang=es');
    expect(page.headers.get('content-language')).toBe('es, en');
    // ashbringer, iron-helm, jade-ring, party-hat: only the jade ring is translated in full, its rarity name too.
    expect(page.headers.get('x-language-fallback')).toBe('0-1,3');
    const { data } = await json<{ data: Array<{ id: string; name: string; rarityName: string }> }>(
      page,
    );
    expect(data.map((item) => [item.id, item.name, item.rarityName])).toEqual([
      ['ashbringer', 'Ashbringer', 'legendary'],
      ['iron-helm', 'Iron Helm', 'common'],
      ['jade-ring', 'Anillo de jade', 'raro'],
      ['party-hat', 'Party Hat', 'uncommon'],
    ]);
    const one = await get('/v1/items/ashbringer?lang=es');
    expect([one.headers.get('content-language'), one.headers.get('x-language-fallback')]).toEqual([
      'es, en',
      '0',
    ]);
    const whole = await get('/v1/items/jade-ring?lang=es');
    expect([
      whole.headers.get('content-language'),
      whole.headers.get('x-language-fallback'),
    ]).toEqual(['es', null]);
  });

  it('covers the stat vocabulary', async () => {
    const answer = await get('/v1/stats?lang=es');
    // In key order: crc, translated in full; mgt, not at all.
    expect([
      answer.headers.get('content-language'),
      answer.headers.get('x-language-fallback'),
    ]).toEqual(['es, en', '1']);
    const { data } = await json<{ data: Array<{ key: string; name: string }> }>(answer);
    expect(data.map((stat) => [stat.key, stat.name])).toEqual([
      ['crc', 'Probabilidad crítica'],
      ['mgt', 'Might'],
    ]);
    expect((await get('/v1/stats?lang=de')).headers.get('content-language')).toBe('de');
  });
});

describe('q in another language', () => {
  it('finds a record by its name in the language and by its name in the default language, each once', async () => {
    const ids = async (path: string) =>
      (await json<{ data: Array<{ id: string }> }>(await get(path))).data.map(
        (record) => record.id,
      );
    expect(await ids('/v1/items?lang=de&q=schenbring')).toEqual(['ashbringer']);
    expect(await ids('/v1/items?lang=de&q=ashbring')).toEqual(['ashbringer']);
    expect(await ids('/v1/items?lang=de&q=helm')).toEqual(['iron-helm']);
    expect(await ids('/v1/items?q=schenbring')).toEqual([]);
    expect(await ids('/v1/items?lang=de&q=ring&slot=ring')).toEqual(['jade-ring']);
  });
});

/** The translated fixture as if published, with its bulk files in every language, its version and its app. */
const bulkRelease = perFile(async () => {
  const published = await withTestBulkFiles(translatedFixtureDataset());
  return { published, version: published.meta.version, bulkApp: createApp({ dataset: published }) };
});
type Entry = {
  collection: string;
  language: string;
  version: string;
  count: number;
  bytes: number;
  sha256: string;
  url: string;
};

describe('bulk files per language', () => {
  it("are listed after the default language's, each with its language and a URL that asks for it", async () => {
    const { published, version, bulkApp } = await bulkRelease();
    const { data, meta } = await json<{ data: Entry[]; meta: unknown }>(
      await get('/v1/bulk', {}, bulkApp),
    );
    expect(data.map((entry) => [entry.language, entry.collection, entry.url])).toEqual(
      ['en', 'de', 'es'].flatMap((tag) =>
        COLLECTION_NAMES.map((name) => [
          tag,
          name,
          `/v1/bulk/${name}.json?version=${version}${tag === 'en' ? '' : `&lang=${tag}`}`,
        ]),
      ),
    );
    expect(meta).toEqual({ total: 15, count: 15 });
    // The default language's five are the entries there were before, with their language.
    const { translatedBulk: _, ...before } = published;
    const plain = await json<{ data: Entry[] }>(
      await get('/v1/bulk', {}, createApp({ dataset: before })),
    );
    expect(data.slice(0, 5)).toEqual(plain.data);
  });

  it('serve the records in the language lang names, with its content-language, its SHA-256 as etag and no vary on Accept-Language', async () => {
    const { bulkApp } = await bulkRelease();
    const { data } = await json<{ data: Entry[] }>(await get('/v1/bulk', {}, bulkApp));
    for (const entry of data) {
      const answer = await get(entry.url, { 'accept-language': 'es' }, bulkApp);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      expect(
        [
          answer.status,
          answer.headers.get('content-language'),
          answer.headers.get('vary'),
          answer.headers.get('x-language-fallback'),
        ],
        entry.url,
      ).toEqual([200, entry.language, 'accept-encoding, authorization', null]);
      expect([answer.headers.get('etag'), bytes.length, await sha256Hex(bytes)]).toEqual([
        `"${entry.sha256}"`,
        entry.bytes,
        entry.sha256,
      ]);
    }
    const german = await json<unknown>(await get('/v1/bulk/items.json?lang=de', {}, bulkApp));
    expect(
      (german as Array<{ id: string; name: string }>).map((item) => [item.id, item.name]),
    ).toEqual([
      ['ashbringer', 'Aschenbringer'],
      ['iron-helm', 'Eisenhelm'],
      ['jade-ring', 'Jadering'],
      ['party-hat', 'Partyhut'],
    ]);
    // The same file as the German list's records, page by page.
    expect(german).toEqual(
      (await json<{ data: unknown[] }>(await get('/v1/items?lang=de&limit=200', {}, bulkApp))).data,
    );
  });

  it('give the default language without lang, whatever Accept-Language says, and take lang in any case', async () => {
    const { published, version, bulkApp } = await bulkRelease();
    const plain = await get('/v1/bulk/items.json', { 'accept-language': 'de' }, bulkApp);
    expect([
      plain.headers.get('content-language'),
      plain.headers.get('vary'),
      plain.headers.get('etag'),
    ]).toEqual(['en', 'accept-encoding, authorization', `"${published.bulk?.items!.sha256}"`]);
    expect((await get('/v1/bulk/items.json?lang=en', {}, bulkApp)).headers.get('etag')).toBe(
      `"${published.bulk?.items!.sha256}"`,
    );
    expect((await get('/v1/bulk/items.json?lang=DE', {}, bulkApp)).headers.get('etag')).toBe(
      `"${published.translatedBulk?.de?.items!.sha256}"`,
    );
    const compressed = await get(
      `/v1/bulk/stats.json?version=${version}&lang=es`,
      { 'accept-encoding': 'br' },
      bulkApp,
    );
    expect([
      compressed.headers.get('content-encoding'),
      compressed.headers.get('content-language'),
      compressed.headers.get('cache-control'),
    ]).toEqual(['br', 'es', 'public, max-age=31536000, immutable']);
    const etag = `"${published.translatedBulk?.es?.stats!.sha256}"`;
    const revalidated = await get(
      '/v1/bulk/stats.json?lang=es',
      { 'if-none-match': etag },
      bulkApp,
    );
    expect([revalidated.status, revalidated.headers.get('content-language')]).toEqual([304, 'es']);
  });

  it('refuse a language the release lacks as every route does, and say when a release has no files in a language it has', async () => {
    const { published, version, bulkApp } = await bulkRelease();
    const unknown = await get('/v1/bulk/items.json?lang=xx', {}, bulkApp);
    const elsewhere = await get('/v1/items?lang=xx', {}, bulkApp);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe(await elsewhere.text());
    expect((await get('/v1/bulk/items.json?lang=de&lang=fr', {}, bulkApp)).status).toBe(400);
    const { translatedBulk: _, ...before } = published;
    const older = await get('/v1/bulk/items.json?lang=de', {}, createApp({ dataset: before }));
    expect(older.status).toBe(404);
    expect((await json<{ error: { message: string } }>(older)).error.message).toBe(
      `No bulk file "items.json" in de in release ${version}; the bulk files are listed at /v1/bulk.`,
    );
  });
});
