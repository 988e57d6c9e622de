import { expect, it, vi } from 'vitest';
import {
  BadRequestError,
  createClient,
  NotFoundError,
  type ClientOptions,
  type GameDataClient,
  type ItemListParams,
  type ListResource,
  type PageParams,
  type RequestOptions,
} from '../../src/index.js';
import { demo, recordExchanges, TEST_KEY, type Exchange, type FetchRequest } from './fixtures.js';

/**
 * What the client must do against a real server, as one list of cases run in-process (core's app)
 * and over HTTP (the Node adapter). Expectations are computed from the demo dataset.
 */
export interface Server {
  baseUrl: string;
  fetch: FetchRequest;
}

const version = demo.meta.version;
const ids = (records: ReadonlyArray<{ id: string }>) => records.map((r) => r.id);
const items = demo.lists.items.records;
const legendaryHead = items.filter(
  (i) => i.slot === 'head' && i.rarity === 4 && i.cosmetic !== true,
);
const icon = items.find((i) => i.icon)?.icon as string;
const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

export function runClientContract(server: () => Server): void {
  function connect(options: Partial<ClientOptions> = {}): { gd: GameDataClient; log: Exchange[] } {
    const { baseUrl, fetch } = server();
    const recorded = recordExchanges(fetch);
    return {
      gd: createClient({ baseUrl, apiKey: TEST_KEY, fetch: recorded.fetch, ...options }),
      log: recorded.log,
    };
  }

  it('meta: the dataset description', async () => {
    const { gd } = connect();
    expect(await gd.meta()).toEqual(demo.meta);
    expect(gd.datasetVersion).toBe(version);
  });

  it('changes: the releases after a version, none after the current one, a BadRequestError for an unknown one', async () => {
    const { gd } = connect();
    const { base, changes } = demo.history;
    expect(changes.length).toBeGreaterThan(1);
    expect(await gd.changes(base)).toEqual(changes);
    expect(await gd.changes(changes[0]!.version)).toEqual(changes.slice(1));
    expect(await gd.changes(version)).toEqual([]);
    const unknown = await gd.changes('2099-01-01.1').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(BadRequestError);
    expect((unknown as BadRequestError).message).toContain(`known versions: ${base}`);
  });

  it('stats: the whole vocabulary', async () => {
    expect(await connect().gd.stats.list()).toEqual(demo.stats);
  });

  it('items.list: the first page in id order, with meta, dataset version and the keyed rate limit', async () => {
    const page = await connect().gd.items.list();
    expect(ids(page.data)).toEqual(ids(items).slice(0, 50));
    expect(page.data[0]).toEqual(items[0]);
    expect(page.meta).toEqual({ total: items.length, count: 50, cursor: expect.any(String) });
    expect(page.datasetVersion).toBe(version);
    // 600 is the community tier: the key reached the server in the Authorization header.
    expect(page.rateLimit).toEqual({
      limit: 600,
      remaining: expect.any(Number),
      reset: expect.any(Number),
      policy: 'community',
      window: 60,
    });
  });

  it('items.list: filters combine, rarity by name', async () => {
    const page = await connect().gd.items.list({
      slot: 'HEAD',
      rarity: 'legendary',
      cosmetic: false,
      limit: 200,
    });
    expect(ids(page.data)).toEqual(ids(legendaryHead));
    expect(page.meta).toEqual({ total: legendaryHead.length, count: legendaryHead.length });
  });

  it('items.iterate: a stat range, sorted best first, each item once, typed to the fields asked for', async () => {
    const { gd } = connect();
    const mightOf = (item: (typeof items)[number]) =>
      (item.stats ?? []).filter((s) => s.stat === 'mgt').reduce((sum, s) => sum + s.value, 0);
    const expected = items
      .filter((item) => item.stats?.some((s) => s.stat === 'mgt') && mightOf(item) >= 10)
      .sort((a, b) => mightOf(b) - mightOf(a) || b.rarity - a.rarity || (a.id < b.id ? -1 : 1));
    expect(expected.length).toBeGreaterThan(50);
    const walked: Array<{ id: string; stats?: unknown; slot?: unknown }> = [];
    for await (const item of gd.items.iterate({
      stat: { mgt: '10..' },
      sort: ['-stat.mgt', '-rarity'],
      fields: ['stats'],
      limit: 50,
    })) {
      // @ts-expect-error -- `slot` was not asked for, so the record's type has no such field
      walked.push({ id: item.id, stats: item.stats, slot: item.slot });
    }
    expect(walked).toEqual(
      expected.map((item) => ({ id: item.id, stats: item.stats, slot: undefined })),
    );
  });

  it('items.get with fields: the required fields and those named', async () => {
    const item = items.find((candidate) => candidate.roll)!;
    const got = await connect().gd.items.get(item.id, { fields: ['roll'] });
    expect(got).toEqual({
      id: item.id,
      name: item.name,
      rarity: item.rarity,
      rarityName: item.rarityName,
      roll: item.roll,
    });
  });

  it('facets: counts under the filters, the largest first', async () => {
    const head = items.filter((item) => item.slot === 'head');
    const byRarity = new Map<number, number>();
    for (const item of head) byRarity.set(item.rarity, (byRarity.get(item.rarity) ?? 0) + 1);
    const facets = await connect().gd.facets('items', { slot: 'head', facet: ['rarity'] });
    expect(facets.total).toBe(head.length);
    expect(facets.data).toEqual({
      rarity: [...byRarity]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || a.value - b.value),
    });
    expect(facets.datasetVersion).toBe(version);
  });

  it('search: records found by a name with a typo, in the collections and language asked for', async () => {
    const { gd } = connect();
    const item = items[0]!;
    const typo = item.name.slice(0, 2) + item.name.slice(3);
    const found = await gd.search(typo, { collections: ['items'], limit: 3 });
    expect(found.data[0]).toMatchObject({ collection: 'items', id: item.id, name: item.name });
    expect(found.data.length).toBeLessThanOrEqual(3);
    expect(found.total).toBeGreaterThanOrEqual(found.data.length);
    expect(found.datasetVersion).toBe(version);
    const stats = await gd.search(item.name, { collections: ['stats'] });
    expect(stats.data.every((hit) => hit.collection === 'stats')).toBe(true);
  });

  it('items.list and iterate: many records by id, as an array, in list order', async () => {
    const { gd } = connect();
    const wanted = [items[40]!.id, items[3]!.id, 'no-such-item', items[17]!.id];
    const page = await gd.items.list({ ids: wanted });
    expect(ids(page.data)).toEqual([items[3]!.id, items[17]!.id, items[40]!.id]);
    const walked: string[] = [];
    for await (const item of gd.items.iterate({ ids: wanted, limit: 2 })) walked.push(item.id);
    expect(walked).toEqual(ids(page.data));
  });

  it('items.list: the next page from meta.cursor', async () => {
    const { gd } = connect();
    const first = await gd.items.list({ limit: 10 });
    const second = await gd.items.list({ limit: 10, cursor: first.meta.cursor });
    expect(ids(second.data)).toEqual(ids(items).slice(10, 20));
  });

  it.each([
    ['items', {}, items],
    ['abilities', { limit: 7 }, demo.lists.abilities.records],
    [
      'relics',
      { rarity: 'epic', limit: 3 },
      demo.lists.relics.records.filter((r) => r.rarity === 3),
    ],
    [
      'followers',
      { q: 'the', limit: 2 },
      demo.lists.followers.records.filter((f) => f.name.toLowerCase().includes('the')),
    ],
  ] as const)(
    '%s.iterate(%j) yields every match once, in order, across every page',
    async (name, params, expected) => {
      const { gd, log } = connect();
      const walked: string[] = [];
      // A union of lists has no one call signature (each is generic in its fields): read any as one.
      const list = gd[name] as unknown as ListResource<{ id: string }, PageParams>;
      for await (const record of list.iterate(params)) walked.push(record.id);
      expect(walked).toEqual(ids(expected));
      const pageSize = 'limit' in params ? params.limit : 200;
      expect(log).toHaveLength(Math.max(1, Math.ceil(expected.length / pageSize)));
      expect(log.every((exchange) => exchange.status === 200)).toBe(true);
    },
  );

  it.each([
    ['items', items[17]],
    ['abilities', demo.lists.abilities.records[3]],
    ['relics', demo.lists.relics.records[5]],
    ['followers', demo.lists.followers.records[7]],
  ] as const)('%s.get: one record by id', async (name, record) => {
    const list = connect().gd[name] as unknown as ListResource<{ id: string }, PageParams>;
    expect(await list.get(record?.id as string)).toEqual(record);
  });

  it('get: an unknown id is NotFoundError with the contract code and message', async () => {
    const failure = await connect()
      .gd.items.get('no-such-item')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'No item with id "no-such-item".',
      datasetVersion: version,
    });
  });

  // Cast: the types refuse a rarity off the scale, and this is what a caller without them gets.
  it.each([
    [{ rarity: 'mythic' } as unknown as ItemListParams, /rarity/],
    [{ limit: 0 }, /limit/],
    [{ cursor: 'garbage' }, /cursor/],
  ])('list(%j) is BadRequestError, not retried', async (params: ItemListParams, message) => {
    const { gd, log } = connect();
    const failure = await gd.items.list(params).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BadRequestError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: expect.stringMatching(message),
    });
    expect(log).toHaveLength(1);
  });

  it('image: the sprite PNG, byte for byte', async () => {
    const png = await connect().gd.image(icon);
    expect(png).toBeInstanceOf(Uint8Array);
    expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(png).equals(Buffer.from(demo.sprites.get(icon)?.bytes as Uint8Array))).toBe(
      true,
    );
  });

  it('imageUrl: an address the server answers with the PNG', async () => {
    const { gd } = connect();
    const response = await server().fetch(new Request(gd.imageUrl(icon)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('changesFeedUrl: an address the server answers with the Atom feed of its releases', async () => {
    const { gd } = connect();
    const response = await server().fetch(new Request(gd.changesFeedUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await response.text()).toContain(`<title>Release ${version}</title>`);
  });

  it('image: an unknown sprite is NotFoundError', async () => {
    await expect(connect().gd.image('no.such.sprite')).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    [
      'a record',
      (gd: GameDataClient, options?: RequestOptions) =>
        gd.items.get(items[3]?.id as string, options),
    ],
    // A page's own rate-limit state comes from each response, so only the rest is compared.
    [
      'a page',
      async (gd: GameDataClient, options?: RequestOptions) => {
        const { data, meta, datasetVersion } = await gd.items.list(
          { slot: 'head', limit: 5 },
          options,
        );
        return { data, meta, datasetVersion };
      },
    ],
    ['meta', (gd: GameDataClient, options?: RequestOptions) => gd.meta(options)],
    ['an image', (gd: GameDataClient, options?: RequestOptions) => gd.image(icon, options)],
  ])(
    '%s: fresh from the cache without a request, then revalidated with a 304 returning the kept body',
    async (_what, call) => {
      const { gd, log } = connect();
      const first = await call(gd);
      expect(await call(gd)).toEqual(first);
      expect(log.map((e) => e.status)).toEqual([200]);
      expect(await call(gd, { cache: 'no-cache' })).toEqual(first);
      expect(log.map((e) => e.status)).toEqual([200, 304]);
      expect(log[1]?.ifNoneMatch).toMatch(/^(W\/)?"/);
    },
  );

  it("an item fetched 3 times within the server's max-age: 1 request; after it, 1 revalidation (304)", async () => {
    const { gd, log } = connect();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const id = items[5]?.id as string;
      for (let i = 0; i < 3; i++) expect(await gd.items.get(id)).toEqual(items[5]);
      expect(log.map((e) => e.status)).toEqual([200]);
      vi.setSystemTime(Date.now() + 300_000); // the JSON answers' max-age
      expect(await gd.items.get(id)).toEqual(items[5]);
      await gd.items.get(id);
      expect(log.map((e) => e.status)).toEqual([200, 304]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with cache: false, asks in full every time', async () => {
    const { gd, log } = connect({ cache: false });
    await gd.meta();
    await gd.meta();
    expect(log.map((e) => [e.status, e.ifNoneMatch])).toEqual([
      [200, null],
      [200, null],
    ]);
  });
  const german = demo.translations.de?.collections;
  const germanName = (id: string) => german?.items?.[id]?.name;

  it("lang: the client's language on lists, records, iterate and the stat vocabulary; a call's own overrides it", async () => {
    const { gd, log } = connect({ lang: 'de' });
    const page = await gd.items.list({ limit: 3 });
    expect([page.language, page.fallbackIds]).toEqual(['de', []]);
    expect(page.data.map((item) => item.name)).toEqual(
      items.slice(0, 3).map((item) => germanName(item.id)),
    );
    expect((await gd.items.get(items[0]!.id)).name).toBe(germanName(items[0]!.id));
    expect((await gd.items.get(items[0]!.id, { lang: 'en' })).name).toBe(items[0]!.name);
    const stats = await gd.stats.list();
    expect(stats.map((stat) => stat.name)).toEqual(
      demo.stats.map((stat) => german?.stats?.[stat.key]?.name ?? stat.name),
    );
    let walked = 0;
    for await (const relic of gd.relics.iterate({ limit: 50 })) {
      expect(relic.name).toBe(
        german?.relics?.[relic.id]?.name ?? demo.lists.relics.get(relic.id)?.name,
      );
      walked++;
    }
    expect(walked).toBe(demo.lists.relics.size);
    expect(log.map((exchange) => new URL(exchange.url).searchParams.get('lang'))).toEqual(
      expect.arrayContaining(['de', 'en']),
    );
  });

  it('lang: fallbackIds names the records left in the default language', async () => {
    const page = await connect({ lang: 'es' }).gd.items.list({ limit: 4 });
    // Spanish translates no item: every one falls back, and its rarity name is Spanish.
    expect([page.language, page.fallbackIds]).toEqual(['es', ids(items).slice(0, 4)]);
    expect(page.data.map((item) => item.name)).toEqual(items.slice(0, 4).map((item) => item.name));
  });

  it('lang: a language the dataset does not have is a BadRequestError listing those it has', async () => {
    const refused = await connect({ lang: 'xx' })
      .gd.items.list()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).message).toContain(
      'this dataset is in en (default), de, es, fr',
    );
  });

  it('languages: every language, the default first, with its coverage', async () => {
    const languages = await connect().gd.languages();
    expect(languages.map((language) => [language.tag, language.default])).toEqual([
      ['en', true],
      ['de', false],
      ['es', false],
      ['fr', false],
    ]);
    expect(languages[2]?.coverage.items.fraction).toBe(0);
  });
}
