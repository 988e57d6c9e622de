import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Dataset } from '@gamedata/core';
import { publishDataset } from '@gamedata/server-io/release';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { FIXTURE_QUESTS, QUEST_REGISTRY, questSource } from '../../core/src/testing/quests.js';
import type { HttpCase } from './http-case.js';
import { listTable, type RawRecord } from './list-table.js';

export { FIXTURE_QUESTS, QUEST_CANARIES, QUEST_REGISTRY } from '../../core/src/testing/quests.js';

/**
 * The quest export (core's `testing/quests.ts`, a list declared in test code alone) as an operator's
 * directory, with `quests` for its quests — or, for `null`, as it was before the list existed, with no
 * quest file and no quest translation: each file as JSON, each sprite as a PNG.
 */
export async function writeQuestExport(
  quests: readonly object[] | null = FIXTURE_QUESTS,
): Promise<string> {
  const { files, sprites } = questSource();
  const written = Object.entries({ ...files, 'quests.json': quests }).filter(
    ([name]) => quests !== null || !name.endsWith('quests.json'),
  );
  const dir = await makeTempDir('quest-export');
  for (const [name, value] of written) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), JSON.stringify(value));
  }
  await mkdir(join(dir, 'sprites'));
  for (const [id, bytes] of sprites) await writeFile(join(dir, 'sprites', `${id}.png`), bytes);
  return dir;
}

/** A fresh releases directory with one release of the quest export, published with its registry. */
export async function publishQuestRelease(): Promise<string> {
  const releasesDir = await makeTempDir('quest-releases');
  await publishDataset({
    exportDir: await writeQuestExport(),
    releasesDir,
    at: new Date('2026-12-01T08:00:00Z'),
    registry: QUEST_REGISTRY,
  });
  return releasesDir;
}

/**
 * The HTTP table of every list a release of the quest export serves (`listTable`), worked out from
 * the export with `quests` for its quests: what both adapters must answer, as core's app does.
 */
export function questListTable(
  dataset: Dataset,
  quests: readonly object[] = FIXTURE_QUESTS,
): HttpCase[] {
  const { files } = questSource();
  const raw = Object.fromEntries(
    dataset.registry.lists.map(({ name }) => [
      name,
      (name === 'quests' ? quests : files[`${name}.json`]) as RawRecord[],
    ]),
  );
  return listTable({ dataset, raw });
}
