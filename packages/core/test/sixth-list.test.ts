// A list the API does not have, declared in test code alone (src/testing/quests.ts), taken through
// every layer of core: publishing reads and checks it, the release file holds it, and the app serves
// it — routes, filters, a range, sorts, facets, fields, search, languages, bulk files, OpenAPI.
import { describe, expect, it } from 'vitest';
import { decodeSnapshot, encodeSnapshot } from '../src/release/snapshot.js';
import { collectionOf } from '../src/dataset/dataset.js';
import { loadDataset } from '../src/dataset/load-dataset.js';
import { formatProblems } from '../src/dataset/problems.js';
import { SnapshotFormatError } from '../src/dataset/snapshot-format.js';
import { REGISTRY } from '../src/collections/collections.js';
import { defineRegistry } from '../src/collections/registry.js';
import { createApp } from '../src/http/app.js';
import { testBlockCodec } from '../src/testing/block-codec.js';
import { perFile } from '../src/testing/per-test.js';
import { withTestBulkFiles } from '../src/testing/bulk-files.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../src/testing/fixture-source.js';
import { FIXTURE_QUESTS, QUEST_REGISTRY, questSource } from '../src/testing/quests.js';

/** The quests published, their release file, the dataset it serves and an app serving it. */
const release = perFile(async () => {
  const loaded = loadDataset(toSource(questSource()), FIXTURE_STAMP, { registry: QUEST_REGISTRY });
  if (!loaded.ok) throw new Error(formatProblems(loaded.problems));
  const file = encodeSnapshot(await withTestBulkFiles(loaded.dataset), testBlockCodec);
  const served = decodeSnapshot(file, undefined, testBlockCodec, QUEST_REGISTRY);
  return { loaded: loaded.dataset, file, served, app: createApp({ dataset: served }) };
});

const get = async (path: string) => {
  const response = await (
    await release()
  ).app.fetch(new Request(`http://api.test${path}`), {
    clientIp: '203.0.113.9',
  });
  const text = await response.text();
  return { status: response.status, text, json: JSON.parse(text) };
};
const ids = (body: { data: Array<{ id: string }> }) => body.data.map((record) => record.id);

describe('a list declared in test code alone', () => {
  it('is published from its own file: its public fields only, its description plain text', async () => {
    const quests = (await release()).loaded.lists.quests;
    expect(quests.ids).toEqual(['ashes-of-the-forge', 'lost-ring', 'wolf-hunt']);
    expect(quests.get('ashes-of-the-forge')).toEqual({
      id: 'ashes-of-the-forge',
      name: 'Ashes of the Forge',
      description: 'Relight the forge.',
      region: 'Emberdeep',
      level: 24,
      icon: 'sword.4',
    });
    expect(JSON.stringify(quests.records)).not.toMatch(/rewardTableId|spawnWeight/);
  });

  it('is refused at publish with the file, record and field of each problem, as any list', () => {
    const source = questSource();
    source.files['quests.json'] = [
      ...FIXTURE_QUESTS,
      { id: 'no-level', name: 'No Level' },
      { id: 'far', name: 'Far', level: 3, icon: 'no-such-sprite' },
    ];
    const result = loadDataset(toSource(source), FIXTURE_STAMP, { registry: QUEST_REGISTRY });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'quests.json', record: 'no-level', field: 'level' }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'quests.json', record: 'far', field: 'icon' }),
    );
  });

  it('is read from the release file only by a server that serves it; a release without it is served as it was', async () => {
    const { loaded, file, served } = await release();
    expect(collectionOf(served, 'quests').records).toEqual(loaded.lists.quests.records);
    expect(() => decodeSnapshot(file, undefined, testBlockCodec)).toThrow(SnapshotFormatError);
    expect(() => decodeSnapshot(file, undefined, testBlockCodec)).toThrow(
      'holds the lists quests, which this version does not serve',
    );
    const without = loadDataset(toSource(fixtureSource()), FIXTURE_STAMP);
    if (!without.ok) throw new Error('fixture');
    const older = decodeSnapshot(
      encodeSnapshot(without.dataset, testBlockCodec),
      undefined,
      testBlockCodec,
      QUEST_REGISTRY,
    );
    expect(older.registry.lists.map(({ name }) => name)).toEqual([
      'items',
      'abilities',
      'relics',
      'followers',
    ]);
    const olderApp = createApp({ dataset: older });
    const answer = (path: string) =>
      olderApp.fetch(new Request(`http://api.test${path}`), { clientIp: '203.0.113.9' });
    expect((await answer('/v1/quests')).status).toBe(404);
    expect((await answer('/v1/items')).status).toBe(200);
  });

  it('leaves a release without one of the API’s own lists unread as the API’s own dataset', () => {
    const fewer = defineRegistry(REGISTRY.lists.filter(({ name }) => name !== 'followers'));
    const source = fixtureSource();
    delete source.files['followers.json'];
    const result = loadDataset(toSource(source), FIXTURE_STAMP, { registry: fewer });
    if (!result.ok) throw new Error(formatProblems(result.problems));
    const written = encodeSnapshot(result.dataset, testBlockCodec);
    expect(() => decodeSnapshot(written, undefined, testBlockCodec)).toThrow(
      'dataset snapshot holds no followers: it was written before that list was added; read it with the registry that serves it',
    );
    const read = decodeSnapshot(written, undefined, testBlockCodec, REGISTRY);
    expect(read.registry.has('followers')).toBe(false);
  });

  it('is listed, fetched, filtered, ranged, sorted, trimmed and counted', async () => {
    expect(ids((await get('/v1/quests')).json)).toEqual([
      'ashes-of-the-forge',
      'lost-ring',
      'wolf-hunt',
    ]);
    const one = await get('/v1/quests/wolf-hunt');
    expect(one.json.data).toEqual({
      id: 'wolf-hunt',
      name: 'Wolf Hunt',
      region: 'Emberdeep',
      level: 12,
    });
    expect((await get('/v1/quests/nope')).status).toBe(404);
    expect(ids((await get('/v1/quests?region=EMBERDEEP')).json)).toEqual([
      'ashes-of-the-forge',
      'wolf-hunt',
    ]);
    expect(ids((await get('/v1/quests?level=10..20')).json)).toEqual(['wolf-hunt']);
    expect(ids((await get('/v1/quests?level=24')).json)).toEqual(['ashes-of-the-forge']);
    expect(ids((await get('/v1/quests?level=..12&region=jade%20coast')).json)).toEqual([
      'lost-ring',
    ]);
    expect((await get('/v1/quests?level=20..10')).json.error.code).toBe('bad_request');
    expect((await get('/v1/quests?level=high')).status).toBe(400);
    expect(ids((await get('/v1/quests?sort=-level')).json)).toEqual([
      'ashes-of-the-forge',
      'wolf-hunt',
      'lost-ring',
    ]);
    expect((await get('/v1/quests?sort=-level&fields=level&limit=1')).json.data).toEqual([
      { id: 'ashes-of-the-forge', name: 'Ashes of the Forge', level: 24 },
    ]);
    expect((await get('/v1/quests?sort=rarity')).status).toBe(400);
    const facets = await get('/v1/facets/quests?level=10..');
    expect(facets.json).toEqual({
      data: {
        region: [{ value: 'emberdeep', count: 2 }],
        level: [
          { value: 12, count: 1 },
          { value: 24, count: 1 },
        ],
      },
      meta: { total: 2 },
    });
    expect((await get('/v1/meta')).json.data.counts).toEqual({
      items: 4,
      abilities: 2,
      relics: 1,
      followers: 1,
      quests: 3,
      stats: 2,
    });
  });

  it('is searched with the other collections, and alone', async () => {
    const hits = (await get('/v1/search?q=wolf')).json.data as Array<Record<string, string>>;
    expect(hits[0]).toEqual({
      collection: 'quests',
      id: 'wolf-hunt',
      name: 'Wolf Hunt',
      match: 'prefix',
    });
    const alone = await get('/v1/search?q=ash&collections=quests');
    expect((alone.json.data as Array<{ collection: string }>).map((hit) => hit.collection)).toEqual(
      ['quests'],
    );
    expect((await get('/v1/search?q=ash&collections=quests,nope')).status).toBe(400);
  });

  it('is served in another language, counted in its coverage, and whole in a bulk file in each', async () => {
    const german = await get('/v1/quests/ashes-of-the-forge?lang=de');
    expect(german.json.data).toMatchObject({
      name: 'Asche der Schmiede',
      description: 'Entfache die Schmiede.',
    });
    const languages = (await get('/v1/languages')).json.data as Array<{
      tag: string;
      coverage: Record<string, unknown>;
    }>;
    expect(languages.find((language) => language.tag === 'de')?.coverage.quests).toEqual({
      translated: 3,
      translatable: 4,
      fraction: 0.75,
    });
    const bulk = await get('/v1/bulk/quests.json');
    expect(bulk.json).toEqual(collectionOf((await release()).served, 'quests').records);
    expect((await get('/v1/bulk/quests.json?lang=de')).json[0].name).toBe('Asche der Schmiede');
    const index = (await get('/v1/bulk')).json.data as Array<{
      collection: string;
      language: string;
    }>;
    expect(
      index.filter((entry) => entry.collection === 'quests').map((entry) => entry.language),
    ).toEqual(['en', 'de']);
  });

  it('is described in the OpenAPI document: its paths, parameters and record schema', async () => {
    const document = (await get('/v1/openapi.json')).json;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/quests', '/v1/quests/{id}', '/v1/facets/quests']),
    );
    const parameters = (
      document.paths['/v1/quests'].get.parameters as Array<{ name?: string }>
    ).map((p) => p.name);
    expect(parameters).toEqual(
      expect.arrayContaining(['region', 'level', 'q', 'ids', 'sort', 'fields']),
    );
    expect(document.components.schemas.Quest.required).toEqual(['id', 'name', 'level']);
    expect(document.tags.map((tag: { name: string }) => tag.name)).toContain('quests');
    // What names every collection names it too: meta's counts, coverage, the feed, bulk files, hits.
    const schemas = document.components.schemas;
    expect(schemas.Meta.properties.counts.required).toContain('quests');
    expect(Object.keys(schemas.Language.properties.coverage.properties)).toContain('quests');
    expect(Object.keys(schemas.ReleaseChange.properties.collections.properties)).toContain(
      'quests',
    );
    expect(schemas.BulkFileEntry.properties.collection.enum).toContain('quests');
    expect(schemas.SearchHit.properties.collection.enum).toContain('quests');
    // Texts that name the collections name it too.
    expect(document.info.description).toContain(
      'items, abilities, relics, followers, quests, the stat vocabulary',
    );
    expect(document.paths['/v1/search'].get.description).toContain(
      'Items, abilities, relics, followers, quests and stats whose names match',
    );
    const docs = await (
      await (
        await release()
      ).app.fetch(new Request('http://api.test/docs'), { clientIp: '203.0.113.9' })
    ).text();
    expect(docs).toContain('items, abilities, relics, followers, quests, the stat vocabulary');
    expect(docs).toContain(
      'finds items, abilities, relics, followers, quests and stats by the name',
    );
  });
});

describe('a registry without the API’s items', () => {
  const registry = defineRegistry([QUEST_REGISTRY.list('relics'), QUEST_REGISTRY.list('quests')]);
  const source = questSource();
  for (const name of Object.keys(source.files))
    if (/(^|\/)(items|abilities|followers)\.json$/.test(name)) delete source.files[name];
  const relicsAndQuests = perFile(() => {
    const result = loadDataset(toSource(source), FIXTURE_STAMP, { registry });
    if (!result.ok) throw new Error(formatProblems(result.problems));
    return createApp({ dataset: result.dataset });
  });
  const answer = async (path: string) => {
    const response = await relicsAndQuests().fetch(new Request(`http://api.test${path}`), {
      clientIp: '203.0.113.9',
    });
    return { status: response.status, text: await response.text() };
  };

  it('is described by /docs and OpenAPI, their examples drawn from its own lists', async () => {
    const docs = await answer('/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('relics, quests, the stat vocabulary and PNG artwork');
    expect(docs.text).not.toContain('/v1/items');
    const openapi = await answer('/v1/openapi.json');
    expect(openapi.status).toBe(200);
    const document = JSON.parse(openapi.text);
    expect(document.info.description).toContain('data: relics, quests, the stat vocabulary');
    expect(Object.keys(document.paths)).not.toContain('/v1/items');
    expect(openapi.text).not.toContain('/v1/items');
  });

  it('is refused as a registry of no list at all', () => {
    expect(() => defineRegistry([])).toThrow('a registry has at least one list');
  });
});
