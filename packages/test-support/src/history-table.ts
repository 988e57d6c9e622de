import { cp, copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { collectionFile, collectionNames, MANIFEST_FILE, REGISTRY } from '@gamedata/core';
import { publishDataset, useRelease } from '@gamedata/server-io/release';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { DEMO_EXPORT_DIR } from './demo.js';
import type { HttpCase } from './http-table.js';
import {
  expectedChange,
  readManifest,
  sortedChanges,
  type SortedChange,
} from './manifest-changes.js';

/** The releases of the rollback story, in the order they were published. */
export const ROLLBACK_VERSIONS = {
  first: '2026-12-01.1',
  rolledBack: '2026-12-02.1',
  current: '2026-12-03.1',
} as const;
/** When `use .1` was made. */
const ROLLED_BACK_AT = '2026-12-02T12:00:00.000Z';

/** The sprite whose image the rolled-back release replaced, and the one the current release replaced. */
const REPLACED_IN_ROLLED_BACK = 'follower.beast.2';
const REPLACED_IN_CURRENT = 'ability.defense.2';

/** A copy of the demo export the story edits: its JSON files, sprites and translations. */
async function copyDemoExport(): Promise<string> {
  const dir = await makeTempDir('export');
  for (const file of [MANIFEST_FILE, ...collectionNames(REGISTRY).map(collectionFile)])
    await copyFile(join(DEMO_EXPORT_DIR, file), join(dir, file));
  for (const folder of ['sprites', 'translations'])
    await cp(join(DEMO_EXPORT_DIR, folder), join(dir, folder), { recursive: true });
  return dir;
}

/** The first item of the demo export, which the rolled-back release renamed: its id and name. */
async function renamedItem(): Promise<{ id: string; name: string }> {
  const items = JSON.parse(await readFile(join(DEMO_EXPORT_DIR, 'items.json'), 'utf8')) as Array<{
    id: string;
    name: string;
  }>;
  return items[0] as { id: string; name: string };
}

/** Renames the first item of an export in German, as a translator's fix would; returns its id. */
async function renameInGerman(exportDir: string, name: string): Promise<string> {
  const path = join(exportDir, 'translations', 'de', 'items.json');
  const german = JSON.parse(await readFile(path, 'utf8')) as Record<string, { name?: string }>;
  const [id, text] = Object.entries(german)[0] as [string, { name?: string }];
  text.name = name;
  await writeFile(path, JSON.stringify(german));
  return id;
}

/** Copies another PNG over `id`'s, as an operator replacing an image under the same id would. */
const replaceSprite = (exportDir: string, id: string, from: string) =>
  copyFile(join(exportDir, 'sprites', `${from}.png`), join(exportDir, 'sprites', `${id}.png`));

/**
 * A releases directory with the story of issue 24: publish `.1`; publish `.2` (an item renamed, in
 * English and in German, an image replaced); `use .1`; publish `.3`, which only replaces another image — its manifest says
 * `previous: .1`, and clients that synced during `.2` hold a version the current one does not descend
 * from. Images are replaced with `force`, as the publish tool asks.
 */
export async function writeRolledBackReleases(): Promise<string> {
  const releasesDir = await makeTempDir('releases');
  const publish = (exportDir: string, day: string) =>
    publishDataset({ exportDir, releasesDir, at: new Date(`${day}T08:00:00Z`), force: true });
  await publish(await copyDemoExport(), '2026-12-01');

  const rolledBack = await copyDemoExport();
  const itemsPath = join(rolledBack, 'items.json');
  const items = JSON.parse(await readFile(itemsPath, 'utf8')) as Array<{ name: string }>;
  (items[0] as { name: string }).name = 'Renamed For A Day';
  await writeFile(itemsPath, JSON.stringify(items));
  await renameInGerman(rolledBack, 'Für einen Tag umbenannt');
  await replaceSprite(rolledBack, REPLACED_IN_ROLLED_BACK, 'follower.beast.1');
  await publish(rolledBack, '2026-12-02');

  await useRelease(releasesDir, ROLLBACK_VERSIONS.first, new Date(ROLLED_BACK_AT));
  const current = await copyDemoExport();
  await replaceSprite(current, REPLACED_IN_CURRENT, 'ability.defense.1');
  await publish(current, '2026-12-03');
  return releasesDir;
}

type ChangesBody = { data: SortedChange[]; meta: { total: number; count: number } };

function expectChanges(expected: SortedChange[], version: string = ROLLBACK_VERSIONS.current) {
  return (reply: { json<T>(): T; headers: Headers }) => {
    expect(reply.headers.get('x-dataset-version')).toBe(version);
    const body = reply.json<ChangesBody>();
    expect(body.meta).toEqual({ total: expected.length, count: expected.length });
    expect(sortedChanges(body)).toEqual(expected);
  };
}

/**
 * `/v1/changes` served from the rollback story's directory: each expectation worked out from the
 * releases' manifests. Run it against a server of that directory with `runCase`.
 */
export async function rollbackTable(releasesDir: string): Promise<HttpCase[]> {
  const { first, rolledBack, current } = ROLLBACK_VERSIONS;
  const [m1, m2, m3] = await Promise.all(
    [first, rolledBack, current].map((version) => readManifest(releasesDir, version)),
  );
  if (!m1 || !m2 || !m3) throw new Error('the rollback story has three releases');
  const netFromRolledBack = expectedChange(m2, m3);
  const spriteOnly = expectedChange(m1, m3);
  const bulkMessage = (since: string, why: string) =>
    `since ${since} ${why}: start again from the bulk files listed at /v1/bulk`;
  const known = `known versions: ${first}, ${rolledBack}, ${current}`;
  const item = await renamedItem();
  return [
    {
      name: 'rollback: since the release rolled back over, one entry labelled with the current release: the net change from it',
      request: { path: `/v1/changes?since=${rolledBack}` },
      status: 200,
      check: (r) => {
        expectChanges([netFromRolledBack])(r);
        // The renamed item is renamed back, in English and in German, and both replaced images are listed.
        expect(netFromRolledBack.collections.items?.changed.length).toBe(1);
        expect(netFromRolledBack.sprites.changed).toEqual([
          REPLACED_IN_CURRENT,
          REPLACED_IN_ROLLED_BACK,
        ]);
        expect(Object.keys(netFromRolledBack.translations)).toEqual(['de']);
        expect(netFromRolledBack.translations.de?.collections.items?.changed.length).toBe(1);
        expect(netFromRolledBack.translations.de?.rarities).toBe(false);
      },
    },
    {
      name: 'rollback: since the ancestor, the sprite-only release with its replaced image and no record change',
      request: { path: `/v1/changes?since=${first}` },
      status: 200,
      check: (r) => {
        expectChanges([spriteOnly])(r);
        expect(spriteOnly.sprites).toEqual({
          added: [],
          changed: [REPLACED_IN_CURRENT],
          removed: [],
        });
        expect(
          Object.values(spriteOnly.collections).every((lists) =>
            Object.values(lists).every((ids) => ids.length === 0),
          ),
        ).toBe(true);
        expect(spriteOnly.translations).toEqual({});
      },
    },
    {
      name: 'rollback: the Atom feed has an entry per release served and one for the use, the sprite-only release first',
      request: { path: '/v1/changes.atom' },
      status: 200,
      check: (r) => {
        expect(r.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
        const entries = r.text.split('<entry>').slice(1);
        expect(entries.map((entry) => /<title>Release ([^<]+)<\/title>/.exec(entry)?.[1])).toEqual([
          current,
          `${first} served again`,
          rolledBack,
          first,
        ]);
        expect(entries[1]).toContain(`<published>${ROLLED_BACK_AT}</published>`);
        expect(entries[1]).toContain(
          `<summary type="text">${first} is served again in place of ${rolledBack}. Withdrawn: ${rolledBack}; a client that synced to one catches up with /v1/changes?since= its version.</summary>`,
        );
        expect(entries[1]).toContain(`href="changes?since=${rolledBack}"`);
        // The withdrawn release links to what a client that synced to it asks; the first, likewise.
        expect(entries[2]).toContain(`href="changes?since=${rolledBack}"`);
        // The rolled-back release renamed one item: its entry links to its history, by its name now.
        const renamedLinks = [...entries[2]!.matchAll(/<link rel="related"[^>]*>/g)].map(
          (m) => m[0],
        );
        expect(renamedLinks).toEqual([
          `<link rel="related" type="application/json" href="items/${item.id}/history" title="${item.name}"/>`,
        ]);
        expect(entries[0]).not.toContain('rel="related"');
        expect(entries[3]).toContain(`href="changes?since=${first}"`);
        expect(entries[3]).toContain('<summary type="text">The first release.</summary>');
        expect(entries[0]).toContain(`href="changes?since=${first}"`);
        expect(entries[0]).toContain(
          `<summary type="text">sprites: 1 changed (${REPLACED_IN_CURRENT})</summary>`,
        );
      },
    },
    {
      name: 'rollback: since the current release, an empty list',
      request: { path: `/v1/changes?since=${current}` },
      status: 200,
      check: expectChanges([]),
    },
    {
      name: 'rollback: If-None-Match on the net change is 304',
      request: { path: `/v1/changes?since=${rolledBack}` },
      revalidate: true,
      status: 304,
    },
    ...(await recordHistoryCases()),
    ...(
      [
        [
          '2026-12-02.2',
          bulkMessage('2026-12-02.2', `is not a dataset version this server knows (${known})`),
        ],
        [
          '2026-11-30.1',
          bulkMessage(
            '2026-11-30.1',
            `is older than the changes this server keeps (from ${first})`,
          ),
        ],
      ] as const
    ).map(([since, message]): HttpCase => ({
      name: `rollback: since ${since} is a 400 that names /v1/bulk`,
      request: { path: `/v1/changes?since=${since}` },
      status: 400,
      check: (r) =>
        expect(r.json<{ error: { code: string; message: string } }>().error).toEqual({
          code: 'bad_request',
          message,
        }),
    })),
  ];
}

type HistoryBody = {
  data: Array<{ version: string; published: string; change: string; fields: unknown[] }>;
  meta: { total: number; count: number };
};

/**
 * The rollback story as one record tells it (`/v1/{list}/{id}/history`, `?at=`) and as
 * `/v1/changes?include=records` carries it: the item renamed for a day, in English and in German.
 */
async function recordHistoryCases(): Promise<HttpCase[]> {
  const { first, rolledBack } = ROLLBACK_VERSIONS;
  const { id, name } = await renamedItem();
  const renamed = 'Renamed For A Day';
  return [
    {
      name: "rollback: the renamed item's history — added, renamed, the rename withdrawn when rolled back",
      request: { path: `/v1/items/${id}/history` },
      status: 200,
      check: (r) => {
        expect(r.json<HistoryBody>()).toEqual({
          data: [
            {
              version: rolledBack,
              published: ROLLED_BACK_AT,
              change: 'withdrawn',
              fields: [{ path: 'name', from: renamed, to: name }],
            },
            {
              version: rolledBack,
              published: '2026-12-02T08:00:00Z',
              change: 'changed',
              fields: [{ path: 'name', from: name, to: renamed }],
            },
            { version: first, published: '2026-12-01T08:00:00Z', change: 'added', fields: [] },
          ],
          meta: { total: 3, count: 3 },
        });
      },
    },
    {
      name: 'rollback: in German, the German rename and its withdrawal',
      request: { path: `/v1/items/${id}/history?lang=de` },
      status: 200,
      check: (r) => {
        expect(r.headers.get('content-language')).toBe('de');
        const { data } = r.json<HistoryBody>();
        expect(data.map((entry) => [entry.change, entry.fields])).toEqual([
          [
            'withdrawn',
            [{ path: 'name', from: 'Für einen Tag umbenannt', to: expect.any(String) }],
          ],
          ['changed', [{ path: 'name', from: expect.any(String), to: 'Für einen Tag umbenannt' }]],
          ['added', []],
        ]);
      },
    },
    {
      name: 'rollback: the item as the withdrawn release served it (at=)',
      request: { path: `/v1/items/${id}?at=${rolledBack}` },
      status: 200,
      check: (r) => expect(r.json<{ data: { name: string } }>().data.name).toBe(renamed),
    },
    {
      name: 'rollback: a version the history does not know is a 400 listing those it knows (at=)',
      request: { path: `/v1/items/${id}?at=2026-12-02.2` },
      status: 400,
      check: (r) =>
        expect(r.json<{ error: { message: string } }>().error.message).toContain(
          `known: ${first}, ${rolledBack}, ${ROLLBACK_VERSIONS.current}`,
        ),
    },
    {
      name: 'rollback: since the release rolled back over, the renamed item comes back with its name (include=records)',
      request: { path: `/v1/changes?since=${rolledBack}&include=records` },
      status: 200,
      check: (r) => {
        const body = r.json<{
          included: Record<string, Array<{ id: string; name: string }>>;
          meta: { included: number };
        }>();
        expect(body.included.items).toEqual([expect.objectContaining({ id, name })]);
        expect(body.meta.included).toBe(1);
        expect(body.included.stats).toEqual([]);
      },
    },
  ];
}

/** The releases of the translation story: the demo export, then the same with one German name changed. */
export const TRANSLATION_VERSIONS = { first: '2026-12-05.1', translated: '2026-12-06.1' } as const;

/** The German name the translation-only release gives the first item German translates. */
export const NEW_GERMAN_NAME = 'Neu übersetzter Name';

/**
 * A releases directory with the story of issue 27: publish `.1` (the demo export with its
 * translations), then `.2`, which changes one German name and nothing else — published without
 * `force`, as a change it is.
 */
export async function writeTranslationOnlyReleases(): Promise<string> {
  const releasesDir = await makeTempDir('releases');
  const publish = async (exportDir: string, version: string) => {
    const outcome = await publishDataset({
      exportDir,
      releasesDir,
      at: new Date(`${version.slice(0, 10)}T08:00:00Z`),
    });
    if (outcome.kind !== 'published' || outcome.version !== version)
      throw new Error(`${version} was not published: ${outcome.kind}`);
  };
  await publish(await copyDemoExport(), TRANSLATION_VERSIONS.first);
  const translated = await copyDemoExport();
  await renameInGerman(translated, NEW_GERMAN_NAME);
  await publish(translated, TRANSLATION_VERSIONS.translated);
  return releasesDir;
}

/**
 * `/v1/changes` served from the translation story's directory: the translation-only release, each
 * expectation worked out from the releases' manifests. Run it against a server of that directory with `runCase`.
 */
export async function translationTable(releasesDir: string): Promise<HttpCase[]> {
  const { first, translated } = TRANSLATION_VERSIONS;
  const [m1, m2] = await Promise.all(
    [first, translated].map((version) => readManifest(releasesDir, version)),
  );
  if (!m1 || !m2) throw new Error('the translation story has two releases');
  const expected = expectedChange(m1, m2);
  const expectCurrent = (reply: { headers: Headers }) =>
    expect(reply.headers.get('x-dataset-version')).toBe(translated);
  return [
    {
      name: 'translation-only release: since the release before, one entry with no record or sprite change and the one German name changed',
      request: { path: `/v1/changes?since=${first}` },
      status: 200,
      check: (r) => {
        expectCurrent(r);
        const body = r.json<ChangesBody>();
        expect(body.meta).toEqual({ total: 1, count: 1 });
        expect(sortedChanges(body)).toEqual([expected]);
        const none = { added: [], changed: [], removed: [] };
        for (const lists of Object.values(expected.collections)) expect(lists).toEqual(none);
        expect(expected.sprites).toEqual(none);
        expect(Object.keys(expected.translations)).toEqual(['de']);
        const german = expected.translations.de;
        expect(german?.rarities).toBe(false);
        expect(
          Object.entries(german?.collections ?? {}).filter(
            ([, lists]) => lists.added.length + lists.changed.length + lists.removed.length > 0,
          ),
        ).toEqual([['items', { ...none, changed: [expect.any(String)] }]]);
      },
    },
    {
      name: 'translation-only release: its Atom entry counts the German change',
      request: { path: '/v1/changes.atom' },
      status: 200,
      check: (r) => {
        const entries = r.text.split('<entry>').slice(1);
        expect(entries.map((entry) => /<title>Release ([^<]+)<\/title>/.exec(entry)?.[1])).toEqual([
          translated,
          first,
        ]);
        expect(entries[0]).toContain('<summary type="text">translations: de (1 changed)</summary>');
        expect(entries[1]).toContain('<summary type="text">The first release.</summary>');
      },
    },
    {
      name: 'translation-only release: the renamed item reads its new German name',
      request: {
        path: `/v1/items/${expected.translations.de?.collections.items?.changed[0]}?lang=de`,
      },
      status: 200,
      check: (r) => expect(r.json<{ data: { name: string } }>().data.name).toBe(NEW_GERMAN_NAME),
    },
    {
      name: 'translation-only release: since the current release, an empty list',
      request: { path: `/v1/changes?since=${translated}` },
      status: 200,
      check: expectChanges([], translated),
    },
  ];
}
