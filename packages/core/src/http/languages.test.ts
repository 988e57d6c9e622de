import { describe, expect, it } from 'vitest';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../testing/fixture-source.js';
import { createApp } from './app.js';

/** The fixture with German complete for what it names and Spanish partial: most Spanish text falls back. */
function translatedDataset() {
  const source = fixtureSource();
  Object.assign(source.files, {
    'translations/de/items.json': {
      ashbringer: { name: 'Aschenbringer', description: 'Eine brennende Klinge.', effects: [{ trigger: 'bei Krit', label: 'Glutstoß', impact: 'Feuer' }], requirements: [{ skill: 'Schwerter' }], dungeons: ['Glutschmiede'] },
      'iron-helm': { name: 'Eisenhelm' },
      'jade-ring': { name: 'Jadering' },
      'party-hat': { name: 'Partyhut' },
    },
    'translations/de/stats.json': { mgt: { name: 'Macht' }, crc: { name: 'Kritische Trefferchance', unit: '%' } },
    'translations/de/manifest.json': { rarities: { '0': 'gewöhnlich', '1': 'ungewöhnlich', '2': 'selten', '3': 'episch', '4': 'legendär' } },
    'translations/es/items.json': { 'jade-ring': { name: 'Anillo de jade' } },
    'translations/es/stats.json': { crc: { name: 'Probabilidad crítica', unit: '%' } },
    'translations/es/manifest.json': { rarities: { '2': 'raro' } },
  });
  const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
  if (!loaded.ok) throw new Error(formatProblems(loaded.problems));
  return loaded.dataset;
}

const app = createApp({ dataset: translatedDataset() });
const get = (path: string, headers: Record<string, string> = {}, on = app) => on.fetch(new Request(`http://api.test${path}`, { headers }), { clientIp: '203.0.113.7' });
const json = async <T = { data: Record<string, unknown> }>(answer: Response) => (await answer.json()) as T;

describe('answers in the default language', () => {
  it('are byte for byte, and etag for etag, the answers of the release without translations', async () => {
    const plain = createApp({ dataset: fixtureDataset() });
    const paths = ['/v1/meta', '/v1/items', '/v1/items/ashbringer', '/v1/items?q=ash', '/v1/items?rarity=legendary', '/v1/stats', '/v1/abilities', '/v1/bulk', '/v1/items?lang=en'];
    for (const path of paths) {
      const [a, b] = await Promise.all([get(path, {}, plain), get(path)]);
      expect([path, b.status, b.headers.get('etag'), b.headers.get('content-language')]).toEqual([path, a.status, a.headers.get('etag'), 'en']);
      expect(await b.text()).toBe(await a.text());
    }
  });

  it('vary on Accept-Language where it was negotiated, and not where lang decided or nothing could be', async () => {
    expect((await get('/v1/items')).headers.get('vary')).toBe('accept-encoding, authorization, accept-language');
    expect((await get('/v1/items?lang=en')).headers.get('vary')).toBe('accept-encoding, authorization');
    expect((await get('/v1/items', {}, createApp({ dataset: fixtureDataset() }))).headers.get('vary')).toBe('accept-encoding, authorization');
    // The meta has no text to translate: it never depends on the language.
    expect((await get('/v1/meta', { 'accept-language': 'de' })).headers.get('vary')).toBe('accept-encoding, authorization');
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
      effects: [{ trigger: 'bei Krit', label: 'Glutstoß', impact: 'Feuer', cooldown: 8, chance: 15 }],
      requirements: [{ skill: 'Schwerter', level: 40 }],
      dungeons: ['Glutschmiede'],
    });
    const english = (await json(await get('/v1/items/ashbringer'))).data;
    expect(Object.keys(data)).toEqual(Object.keys(english));
  });

  it('takes a tag in any case, and refuses one the dataset does not have, a more specific one too, listing those it has', async () => {
    expect((await get('/v1/items/iron-helm?lang=DE')).headers.get('content-language')).toBe('de');
    expect(await json(await get('/v1/items/iron-helm?lang=de-CH'))).toEqual({ error: { code: 'bad_request', message: 'lang "de-CH" is not available; this dataset is in en (default), de, es' } });
    const refused = await get('/v1/items?lang=xx');
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ error: { code: 'bad_request', message: 'lang "xx" is not available; this dataset is in en (default), de, es' } });
    const malformed = await json<{ error: { message: string } }>(await get('/v1/stats?lang=not_a_tag'));
    expect(malformed.error.message).toMatch(/^lang must be a language tag \(BCP 47\)/);
  });

  it('gives each language its own etag, and a 304 for its own', async () => {
    const [en, de] = await Promise.all([get('/v1/items?limit=2'), get('/v1/items?limit=2&lang=de')]);
    const etag = de.headers.get('etag') as string;
    expect(etag).not.toBe(en.headers.get('etag'));
    const again = await get('/v1/items?limit=2&lang=de', { 'if-none-match': etag });
    expect([again.status, again.headers.get('content-language')]).toEqual([304, 'de']);
    expect((await get('/v1/items?limit=2&lang=es', { 'if-none-match': etag })).status).toBe(200);
  });

  it('binds cursors to the language', async () => {
    const { meta } = await json<{ meta: { cursor: string } }>(await get('/v1/items?limit=1&lang=de'));
    expect((await get(`/v1/items?limit=1&lang=de&cursor=${meta.cursor}`)).status).toBe(200);
    const elsewhere = await get(`/v1/items?limit=1&lang=es&cursor=${meta.cursor}`);
    expect(elsewhere.status).toBe(400);
    expect((await json<{ error: { message: string } }>(elsewhere)).error.message).toMatch(/another language/);
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
    expect([answer.headers.get('content-language'), answer.headers.get('vary')]).toEqual(['es, en', 'accept-encoding, authorization']);
  });
});

describe('what falls back to the default language', () => {
  it('is said: the default language after the one asked for, and the positions of the records in data', async () => {
    const page = await get('/v1/items?lang=es');
    expect(page.headers.get('content-language')).toBe('es, en');
    // ashbringer, iron-helm, jade-ring, party-hat: only the jade ring is translated in full, its rarity name too.
    expect(page.headers.get('x-language-fallback')).toBe('0-1,3');
    const { data } = await json<{ data: Array<{ id: string; name: string; rarityName: string }> }>(page);
    expect(data.map((item) => [item.id, item.name, item.rarityName])).toEqual([
      ['ashbringer', 'Ashbringer', 'legendary'],
      ['iron-helm', 'Iron Helm', 'common'],
      ['jade-ring', 'Anillo de jade', 'raro'],
      ['party-hat', 'Party Hat', 'uncommon'],
    ]);
    const one = await get('/v1/items/ashbringer?lang=es');
    expect([one.headers.get('content-language'), one.headers.get('x-language-fallback')]).toEqual(['es, en', '0']);
    const whole = await get('/v1/items/jade-ring?lang=es');
    expect([whole.headers.get('content-language'), whole.headers.get('x-language-fallback')]).toEqual(['es', null]);
  });

  it('covers the stat vocabulary', async () => {
    const answer = await get('/v1/stats?lang=es');
    // In key order: crc, translated in full; mgt, not at all.
    expect([answer.headers.get('content-language'), answer.headers.get('x-language-fallback')]).toEqual(['es, en', '1']);
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
    const ids = async (path: string) => (await json<{ data: Array<{ id: string }> }>(await get(path))).data.map((record) => record.id);
    expect(await ids('/v1/items?lang=de&q=schenbring')).toEqual(['ashbringer']);
    expect(await ids('/v1/items?lang=de&q=ashbring')).toEqual(['ashbringer']);
    expect(await ids('/v1/items?lang=de&q=helm')).toEqual(['iron-helm']);
    expect(await ids('/v1/items?q=schenbring')).toEqual([]);
    expect(await ids('/v1/items?lang=de&q=ring&slot=ring')).toEqual(['jade-ring']);
  });
});
