// A list a later release adds: releases published before it existed are served beside it, and the
// change feed names it in every entry — as nothing changed before it existed, then as added.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDataset } from '@gamedata/server-io/release';
import { writeTestKeyFile } from '@gamedata/test-support/demo';
import {
  FIXTURE_QUESTS,
  QUEST_REGISTRY,
  writeQuestExport,
} from '@gamedata/test-support/quest-export';
import { expectDescribedByOpenApi } from '@gamedata/test-support/served-openapi';
import { sendOverHttp } from '@gamedata/test-support/send';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { startServer, type RunningServer } from '../src/server.js';

/** Renames an export's first item, and its German name, so that the release changes both. */
async function renameFirstItem(exportDir: string, name: string, german: string): Promise<void> {
  const file = join(exportDir, 'items.json');
  const [first, ...rest] = JSON.parse(await readFile(file, 'utf8')) as Array<{ id: string }>;
  await writeFile(file, JSON.stringify([{ ...first, name }, ...rest]));
  const translations = join(exportDir, 'translations', 'de', 'items.json');
  await writeFile(translations, JSON.stringify({ [first!.id]: { name: german } }));
}

describe('a list a later release adds, through the Node server', () => {
  let running: RunningServer;
  const versions: string[] = [];

  beforeAll(async () => {
    const releasesDir = await makeTempDir('list-added-later');
    for (const [day, registry, quests] of [
      [1, undefined, null],
      [2, undefined, null],
      [3, QUEST_REGISTRY, FIXTURE_QUESTS],
    ] as const) {
      const exportDir = await writeQuestExport(quests);
      // The second release renames an item, in German too: a change of each kind before quests.
      if (day === 2) await renameFirstItem(exportDir, 'Ashbringer Reforged', 'Neuer Aschenbringer');
      const published = await publishDataset({
        exportDir,
        releasesDir,
        at: new Date(`2026-12-0${day}T08:00:00Z`),
        ...(registry ? { registry } : {}),
      });
      if (published.kind !== 'published') throw new Error(published.kind);
      versions.push(published.version);
    }
    const { path } = await writeTestKeyFile();
    running = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} }, registry: QUEST_REGISTRY },
    );
  });
  afterAll(() => running?.close());

  it('names the list in every entry of the change feed, as the served document requires', async () => {
    const send = sendOverHttp(running.url);
    const request = { path: `/v1/changes?since=${versions[0]}` };
    const reply = await send(request);
    expect(reply.status).toBe(200);
    await expectDescribedByOpenApi(send, request, reply);
    type Changes = { quests: unknown };
    const changes = reply.json<{
      data: Array<{ collections: Changes; translations: { de?: { collections: Changes } } }>;
    }>().data;
    const none = { added: [], changed: [], removed: [] };
    expect(changes.map((change) => change.collections.quests)).toEqual([
      none,
      { added: FIXTURE_QUESTS.map(({ id }) => id), changed: [], removed: [] },
    ]);
    expect(changes.map((change) => change.translations.de?.collections.quests)).toEqual([
      none,
      { added: ['ashes-of-the-forge', 'wolf-hunt'], changed: [], removed: [] },
    ]);
  });
});
