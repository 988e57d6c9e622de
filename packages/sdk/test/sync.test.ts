import { createApp, type Dataset, type GameDataset } from '@gamedata/core';
import { demoRelease } from '@gamedata/test-support/demo';
import {
  ROLLBACK_VERSIONS,
  TRANSLATION_VERSIONS,
  writeRolledBackReleases,
  writeTranslationOnlyReleases,
} from '@gamedata/test-support/history-table';
import { describe, expect, it } from 'vitest';
import { BadRequestError, createClient, type SyncState } from '../src/index.js';
import { demo, recordExchanges, type FetchRequest } from './support/fixtures.js';

// gd.sync and the bulk files against core's app in this process, serving the demo's releases: the
// client's state is checked against the release it should end at, and the requests it took are counted.
const BASE = 'http://api.test';
const unlimited = { consume: async () => 1 };
const older = await demoRelease('2026-11-21.1');
const oldest = await demoRelease('2026-11-20.1');

const serving = (dataset: Dataset): FetchRequest => {
  const app = createApp({ dataset, rateLimitStore: unlimited });
  return (request) => app.fetch(request, { clientIp: '203.0.113.5' });
};
/** What gd.sync asks first: what changed since a version, and the records it changed. */
const changesSince = (version: string) => `/v1/changes?since=${version}&include=records&limit=200`;
function connect(fetch: FetchRequest) {
  const recorded = recordExchanges(fetch);
  const paths = () => recorded.log.map((exchange) => exchange.url.replace(BASE, ''));
  return { gd: createClient({ baseUrl: BASE, fetch: recorded.fetch, cache: false }), paths };
}
/** Everything a release serves, as a sync state taken from `baseUrl`. */
const stateOf = (dataset: GameDataset, baseUrl = BASE): Required<Omit<SyncState, 'language'>> => ({
  version: dataset.meta.version,
  baseUrl,
  items: [...dataset.lists.items.records],
  abilities: [...dataset.lists.abilities.records],
  relics: [...dataset.lists.relics.records],
  followers: [...dataset.lists.followers.records],
  stats: [...dataset.stats],
});

describe('gd.bulk', () => {
  it("index lists every collection, the default language's first, then each translation's; download gives its records, typed", async () => {
    const { gd } = connect(serving(demo));
    const index = await gd.bulk.index();
    const counts = [
      ['items', demo.lists.items.size],
      ['abilities', demo.lists.abilities.size],
      ['relics', demo.lists.relics.size],
      ['followers', demo.lists.followers.size],
      ['stats', demo.stats.length],
    ];
    expect(index.map((entry) => [entry.language, entry.collection, entry.count])).toEqual(
      [demo.language, ...Object.keys(demo.translations)].flatMap((language) =>
        counts.map(([collection, count]) => [language, collection, count]),
      ),
    );
    const items = await gd.bulk.download('items');
    expect(items).toEqual(demo.lists.items.records);
    expect((await gd.bulk.download('stats'))[0]?.key).toBe(demo.stats[0]?.key);
  });
});

describe('gd.sync', () => {
  it('without a state, downloads each bulk file once', async () => {
    const { gd, paths } = connect(serving(demo));
    expect(await gd.sync()).toEqual(stateOf(demo));
    expect(paths()).toEqual(
      ['items', 'abilities', 'relics', 'followers', 'stats'].map((name) => `/v1/bulk/${name}.json`),
    );
  });

  it('with only some collections asked for, downloads those', async () => {
    const { gd, paths } = connect(serving(demo));
    expect(await gd.sync(undefined, { collections: ['relics'] })).toEqual({
      version: demo.meta.version,
      baseUrl: BASE,
      relics: demo.lists.relics.records,
    });
    expect(paths()).toEqual(['/v1/bulk/relics.json']);
  });

  it('at the current version, asks what changed and returns the same state', async () => {
    const { gd, paths } = connect(serving(demo));
    const state = stateOf(demo);
    expect(await gd.sync(state)).toBe(state);
    expect(paths()).toEqual([changesSince(demo.meta.version)]);
  });

  it('one release behind, takes the changed records with what changed: one request', async () => {
    const { gd, paths } = connect(serving(demo));
    expect(await gd.sync(stateOf(older))).toEqual(stateOf(demo));
    // The demo's last patch changed items, one ability and one relic: all in the one answer, in the
    // default language whatever a runtime's own Accept-Language says.
    expect(paths()).toEqual([changesSince('2026-11-21.1')]);
  });

  it('from a server that sends no records with the changes, fetches the changed ones by id', async () => {
    const app = serving(demo);
    // As a server of a version before include=records answers: the entries alone.
    const { gd, paths } = connect(async (request) => {
      const reply = await app(request);
      if (!request.url.includes('include=records')) return reply;
      const { included: _, ...body } = (await reply.json()) as Record<string, unknown>;
      return new Response(JSON.stringify(body), { status: reply.status, headers: reply.headers });
    });
    expect(await gd.sync(stateOf(older))).toEqual(stateOf(demo));
    const asked = paths();
    expect(asked.slice(1).map((path) => path.split('?')[0])).toEqual([
      '/v1/items',
      '/v1/abilities',
      '/v1/relics',
    ]);
    // In the language the changes came in, the default: a runtime's own Accept-Language cannot pick another.
    expect(asked.slice(1).every((path) => /\?ids=[^&]+&limit=200&lang=en$/.test(path))).toBe(true);
  });

  it('two releases behind, the same, from the net changes', async () => {
    const { gd, paths } = connect(serving(demo));
    expect(await gd.sync(stateOf(oldest))).toEqual(stateOf(demo));
    expect(paths().filter((path) => path.includes('/v1/bulk/'))).toEqual([]);
  });

  it('downloads the bulk file of a collection where many records changed', async () => {
    const { gd, paths } = connect(serving(demo));
    const few = {
      version: older.meta.version,
      baseUrl: BASE,
      items: older.lists.items.records.slice(0, 10),
    };
    expect(await gd.sync(few)).toEqual({
      version: demo.meta.version,
      baseUrl: BASE,
      items: demo.lists.items.records,
    });
    expect(paths()).toEqual([changesSince('2026-11-21.1'), '/v1/bulk/items.json']);
  });

  it('starts afresh from the bulk files when the server does not know the version', async () => {
    const { gd, paths } = connect(serving(demo));
    const unknown = { ...stateOf(older), version: '2026-01-01.1' };
    expect(await gd.sync(unknown)).toEqual(stateOf(demo));
    expect(paths()[0]).toBe(changesSince('2026-01-01.1'));
    expect(paths().slice(1)).toEqual(
      ['items', 'abilities', 'relics', 'followers', 'stats'].map((name) => `/v1/bulk/${name}.json`),
    );
    await expect(connect(serving(demo)).gd.changes('2026-01-01.1')).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });

  it('from a release a rollback passed over, takes the net change with what changed rather than the bulk files', async () => {
    // publish .1, .2, use .1, publish .3: a client that synced during .2 holds a version .3 does not descend from.
    const releasesDir = await writeRolledBackReleases();
    const [current, rolledBack] = await Promise.all([
      demoRelease(undefined, releasesDir),
      demoRelease(ROLLBACK_VERSIONS.rolledBack, releasesDir),
    ]);
    const { gd, paths } = connect(serving(current));
    expect(await gd.sync(stateOf(rolledBack))).toEqual(stateOf(current));
    // The item renamed in .2 comes back with the net change; no bulk file is downloaded.
    expect(paths()).toEqual([changesSince(ROLLBACK_VERSIONS.rolledBack)]);
  });

  it('past a release that changed only a translation, moves to its version without fetching a record', async () => {
    // A state holds the default language's records, which such a release leaves as they were.
    const releasesDir = await writeTranslationOnlyReleases();
    const [current, first] = await Promise.all([
      demoRelease(undefined, releasesDir),
      demoRelease(TRANSLATION_VERSIONS.first, releasesDir),
    ]);
    const { gd, paths } = connect(serving(current));
    const [release] = await gd.changes(TRANSLATION_VERSIONS.first);
    expect(Object.keys(release?.translations ?? {})).toEqual(['de']);
    expect(await gd.sync(stateOf(first))).toEqual(stateOf(current));
    expect(paths()).toEqual([
      `/v1/changes?since=${TRANSLATION_VERSIONS.first}`,
      changesSince(TRANSLATION_VERSIONS.first),
    ]);
  });

  it('records the API it came from, and starts afresh against another, even at the same version', async () => {
    const { gd, paths } = connect(serving(demo));
    const elsewhere = {
      ...stateOf(demo, 'http://other-deployment.test'),
      items: demo.lists.items.records.slice(1),
    };
    expect(await gd.sync(elsewhere)).toEqual(stateOf(demo));
    expect(paths()).toEqual(
      ['items', 'abilities', 'relics', 'followers', 'stats'].map((name) => `/v1/bulk/${name}.json`),
    );
  });

  it('starts afresh from a state that does not say where it came from', async () => {
    const { gd, paths } = connect(serving(demo));
    const { baseUrl: _, ...unbound } = stateOf(demo);
    expect(await gd.sync({ ...unbound, relics: [] })).toEqual(stateOf(demo));
    expect(paths()).toHaveLength(5);
  });

  it('fetches a collection added to a current state, and keeps the others', async () => {
    const { gd, paths } = connect(serving(demo));
    const held = {
      version: demo.meta.version,
      baseUrl: BASE,
      items: [...demo.lists.items.records],
    };
    expect(await gd.sync(held, { collections: ['relics'] })).toEqual({
      ...held,
      relics: demo.lists.relics.records,
    });
    expect(paths()).toEqual([changesSince(demo.meta.version), '/v1/bulk/relics.json']);
  });

  it('fetches a collection added to a state behind, and brings the others up with what changed', async () => {
    const { gd, paths } = connect(serving(demo));
    const held = {
      version: older.meta.version,
      baseUrl: BASE,
      relics: [...older.lists.relics.records],
    };
    expect(await gd.sync(held, { collections: ['followers'] })).toEqual({
      version: demo.meta.version,
      baseUrl: BASE,
      relics: demo.lists.relics.records,
      followers: demo.lists.followers.records,
    });
    expect(paths().map((path) => path.split('?')[0])).toEqual([
      '/v1/changes',
      '/v1/bulk/followers.json',
    ]);
  });

  it('starts over when a release lands mid-sync, so no state mixes two versions', async () => {
    let answered = 0;
    const before = serving(older);
    const after = serving(demo);
    // The first answer comes from the older release, every later one from the current: the
    // follower file asked for next is the newer release's, so the sync starts over.
    const { gd, paths } = connect((request) =>
      answered++ === 0 ? before(request) : after(request),
    );
    const { followers: _, ...held } = stateOf(oldest);
    expect(await gd.sync(held, { collections: ['followers'] })).toEqual(stateOf(demo));
    expect(paths().filter((path) => path.startsWith('/v1/changes'))).toEqual([
      changesSince('2026-11-20.1'),
      changesSince('2026-11-20.1'),
    ]);
  });
});

describe('gd.sync in a language', () => {
  /** Every record of a release in `lang`, read through the lists rather than the bulk files. */
  async function everyRecordIn(
    dataset: Dataset,
    lang: string,
  ): Promise<Omit<SyncState, 'version' | 'baseUrl'>> {
    const gd = createClient({ baseUrl: BASE, fetch: serving(dataset), cache: false, lang });
    const all = async <T>(records: AsyncIterable<T>) => {
      const found: T[] = [];
      for await (const record of records) found.push(record);
      return found;
    };
    return {
      items: await all(gd.items.iterate()),
      abilities: await all(gd.abilities.iterate()),
      relics: await all(gd.relics.iterate()),
      followers: await all(gd.followers.iterate()),
      stats: await gd.stats.list(),
    };
  }

  it("bulk.download gives a collection in the client's language, or the call's", async () => {
    const gd = createClient({ baseUrl: BASE, fetch: serving(demo), cache: false, lang: 'fr' });
    const french = await everyRecordIn(demo, 'fr');
    expect(await gd.bulk.download('relics')).toEqual(french.relics);
    expect(await gd.bulk.download('relics', { lang: 'en' })).toEqual([
      ...demo.lists.relics.records,
    ]);
  });

  it("downloads each collection's bulk file in the client's language, and says which", async () => {
    const { gd, paths } = connect(serving(demo));
    const state = await gd.sync(undefined, { lang: 'de' });
    expect(state).toEqual({
      version: demo.meta.version,
      baseUrl: BASE,
      language: 'de',
      ...(await everyRecordIn(demo, 'de')),
    });
    expect(paths()).toEqual(
      ['items', 'abilities', 'relics', 'followers', 'stats'].map(
        (name) => `/v1/bulk/${name}.json?lang=de`,
      ),
    );
  });

  it('past a release that changed a translation of its language, fetches those records again in it', async () => {
    const releasesDir = await writeTranslationOnlyReleases();
    const [current, first] = await Promise.all([
      demoRelease(undefined, releasesDir),
      demoRelease(TRANSLATION_VERSIONS.first, releasesDir),
    ]);
    const held = {
      version: first.meta.version,
      baseUrl: BASE,
      language: 'de',
      ...(await everyRecordIn(first, 'de')),
    };
    const { gd, paths } = connect(serving(current));
    expect(await gd.sync(held, { lang: 'de' })).toEqual({
      version: current.meta.version,
      baseUrl: BASE,
      language: 'de',
      ...(await everyRecordIn(current, 'de')),
    });
    // The records come in German with what changed: one request, no bulk file.
    expect(paths()).toEqual([`${changesSince(TRANSLATION_VERSIONS.first)}&lang=de`]);
  });

  it('takes the tag in any case, as the server does, and so sees its translation changes', async () => {
    const releasesDir = await writeTranslationOnlyReleases();
    const [current, first] = await Promise.all([
      demoRelease(undefined, releasesDir),
      demoRelease(TRANSLATION_VERSIONS.first, releasesDir),
    ]);
    const held = {
      version: first.meta.version,
      baseUrl: BASE,
      language: 'de',
      ...(await everyRecordIn(first, 'de')),
    };
    const { gd } = connect(serving(current));
    expect(await gd.sync(held, { lang: 'DE' })).toEqual({
      version: current.meta.version,
      baseUrl: BASE,
      language: 'de',
      ...(await everyRecordIn(current, 'de')),
    });
  });

  it('without a language, keeps the default one even where the runtime sends Accept-Language of its own (a browser)', async () => {
    const app = createApp({ dataset: demo, rateLimitStore: unlimited });
    const browser: FetchRequest = (request) => {
      const headers = new Headers(request.headers);
      headers.set('accept-language', 'de');
      return app.fetch(new Request(request.url, { headers }), { clientIp: '203.0.113.5' });
    };
    const gd = createClient({ baseUrl: BASE, fetch: browser, cache: false });
    expect(await gd.sync(stateOf(older))).toEqual(stateOf(demo));
  });

  it('reads the lists page by page where a release has no bulk files in the language (published before them)', async () => {
    const { gd, paths } = connect(serving({ ...demo, translatedBulk: undefined }));
    const state = await gd.sync(undefined, { collections: ['relics', 'stats'], lang: 'fr' });
    const french = await everyRecordIn(demo, 'fr');
    expect(state).toEqual({
      version: demo.meta.version,
      baseUrl: BASE,
      language: 'fr',
      relics: french.relics,
      stats: french.stats,
    });
    expect(paths()).toContain('/v1/relics?limit=200&lang=fr');
  });

  it('starts afresh from a state in another language', async () => {
    const { gd, paths } = connect(serving(demo));
    const german = await gd.sync(undefined, { lang: 'de' });
    const french = await gd.sync(german, { lang: 'fr' });
    expect(french.language).toBe('fr');
    expect(paths().slice(5)).toEqual(
      ['items', 'abilities', 'relics', 'followers', 'stats'].map(
        (name) => `/v1/bulk/${name}.json?lang=fr`,
      ),
    );
  });
});
