// A list declared in test code alone (core's `testing/quests.ts`), published, verified and served by
// the Node server: `pnpm publish-dataset`'s library and `startServer` given its registry, and no other
// edit. A second release adds a quest, which the change feed names.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createKeyStore } from '@gamedata/core';
import { compressBody } from '@gamedata/server-io/compress';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { publishDataset, readRelease, verifyRelease } from '@gamedata/server-io/release';
import { writeTestKeyFile } from '@gamedata/test-support/demo';
import { runCase } from '@gamedata/test-support/http-table';
import { expectSameAnswer } from '@gamedata/test-support/same-answer';
import { sendInProcess, sendOverHttp } from '@gamedata/test-support/send';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import {
  FIXTURE_QUESTS,
  QUEST_CANARIES,
  QUEST_REGISTRY,
  questListTable,
  writeQuestExport,
} from '@gamedata/test-support/quest-export';
import { startServer, type RunningServer } from '../src/server.js';

const NEW_QUEST = { id: 'tide-caller', name: 'Tide Caller', region: 'Jade Coast', level: 30 };

describe('a list declared in test code alone, through the Node server', () => {
  let releasesDir: string;
  let running: RunningServer;
  let keysFile: string;
  let first: string;
  const get = async (path: string) => {
    const response = await fetch(`${running.url}${path}`, { headers: { 'accept-encoding': 'br' } });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };
  const json = async (path: string) => JSON.parse((await get(path)).body.toString());

  beforeAll(async () => {
    releasesDir = await makeTempDir('quest-releases');
    const published = await publishDataset({
      exportDir: await writeQuestExport(FIXTURE_QUESTS),
      releasesDir,
      at: new Date('2026-12-01T08:00:00Z'),
      registry: QUEST_REGISTRY,
    });
    if (published.kind !== 'published') throw new Error(published.kind);
    first = published.version;
    expect(published.diff.collections.quests?.added).toHaveLength(3);
    const next = await publishDataset({
      exportDir: await writeQuestExport([...FIXTURE_QUESTS, NEW_QUEST]),
      releasesDir,
      at: new Date('2026-12-02T08:00:00Z'),
      registry: QUEST_REGISTRY,
    });
    expect(next.kind).toBe('published');
    keysFile = (await writeTestKeyFile()).path;
    running = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir, keysFile },
      { logger: { line: () => {}, error: () => {}, flush: () => {} }, registry: QUEST_REGISTRY },
    );
  });
  afterAll(() => running?.close());

  it('is verified end to end with its registry, and refused by a version that does not serve it', async () => {
    const verified = await verifyRelease(releasesDir, undefined, undefined, QUEST_REGISTRY);
    // 4 items, 2 abilities, a relic, a follower and 4 quests.
    expect(verified.records).toBe(12);
    expect(verified.bulkFiles).toBe(2 * 6);
    await expect(verifyRelease(releasesDir)).rejects.toThrow(
      'holds the lists quests, which this version does not serve',
    );
  });

  it('is listed, ranged, sorted, counted and searched', async () => {
    const ids = (body: { data: Array<{ id: string }> }) => body.data.map(({ id }) => id);
    expect(ids(await json('/v1/quests?level=10..30&sort=-level'))).toEqual([
      'tide-caller',
      'ashes-of-the-forge',
      'wolf-hunt',
    ]);
    expect((await json('/v1/quests/tide-caller')).data).toEqual(NEW_QUEST);
    expect((await json('/v1/facets/quests?facet=region')).data.region).toEqual([
      { value: 'emberdeep', count: 2 },
      { value: 'jade coast', count: 2 },
    ]);
    expect((await json('/v1/search?q=tide&collections=quests')).data[0]).toMatchObject({
      collection: 'quests',
      id: 'tide-caller',
    });
    expect((await json('/v1/meta')).data.counts.quests).toBe(4);
  });

  it('is a bulk file, compressed when published, in each language', async () => {
    // fetch inflates what the server sent compressed, and says how it came.
    const { response, body } = await get('/v1/bulk/quests.json');
    expect(response.headers.get('content-encoding')).toBe('br');
    const records = JSON.parse(body.toString()) as Array<{ id: string }>;
    expect(records.map(({ id }) => id)).toContain('tide-caller');
    const german = await json('/v1/bulk?lang=de');
    expect(
      (german.data as Array<{ collection: string; language: string }>).filter(
        (file) => file.collection === 'quests',
      ),
    ).toHaveLength(2);
  });

  it('answers the table of every list of its registry as core does in-process, as the document describes', async () => {
    const { dataset } = await readRelease(releasesDir, undefined, QUEST_REGISTRY);
    const reference = createApp({
      dataset,
      keyStore: createKeyStore((await readKeyFile(keysFile)).keys),
      compress: compressBody,
    });
    const table = questListTable(dataset, [...FIXTURE_QUESTS, NEW_QUEST]);
    expect(table.filter((row) => row.request.path.includes('/quests')).length).toBeGreaterThan(10);
    for (const [index, row] of table.entries()) {
      const reply = await runCase(sendOverHttp(running.url), row);
      const expected = await runCase(sendInProcess(reference, `198.51.100.${index % 250}`), row);
      expectSameAnswer(reply, expected);
    }
  });

  it('is in the change feed: the quest the second release added', async () => {
    const changes = await json(`/v1/changes?since=${first}`);
    expect(changes.data[0].collections.quests).toEqual({
      added: ['tide-caller'],
      changed: [],
      removed: [],
    });
  });

  it('never serves what the export holds besides the public fields, in any answer, language or file', async () => {
    const bodies: string[] = [];
    const keep = async (path: string) => bodies.push((await get(path)).body.toString());
    const ids = FIXTURE_QUESTS.map(({ id }) => id);
    for (const lang of ['en', 'de']) {
      await keep(`/v1/quests?lang=${lang}&fields=description,region,icon&limit=200`);
      for (const id of ids) await keep(`/v1/quests/${id}?lang=${lang}`);
      await keep(`/v1/bulk/quests.json?lang=${lang}`);
      await keep(`/v1/facets/quests?lang=${lang}`);
      for (const { name } of FIXTURE_QUESTS)
        await keep(`/v1/search?q=${encodeURIComponent(name)}&lang=${lang}`);
    }
    await keep(`/v1/changes?since=${first}`);
    await keep('/v1/openapi.json');
    await keep('/docs');
    const { readdir, readFile } = await import('node:fs/promises');
    for (const entry of await readdir(releasesDir, { recursive: true, withFileTypes: true }))
      if (entry.isFile())
        bodies.push((await readFile(join(entry.parentPath, entry.name))).toString('latin1'));
    expect(bodies.length).toBeGreaterThan(20);
    for (const canary of QUEST_CANARIES)
      expect(bodies.filter((body) => body.includes(canary))).toEqual([]);
  });
});
