import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { COLLECTION_NAMES, createApp } from '@gamedata/core';
import { describe, expect, it } from 'vitest';
import { InvalidDatasetError } from '../dataset.js';
import { publishDataset } from './publish.js';
import { readRelease } from './release-store.js';
import { testPng } from '../test-png.js';
import { formatDiff } from './format-diff.js';
import { germanTranslation, smallExport, writeExport, type ExportRecord } from './test-export.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const DAY_1 = new Date('2026-12-01T08:00:00Z');
const DAY_2 = new Date('2026-12-02T08:00:00Z');
const releasesDir = () => makeTempDir('releases');

/** The block of dataset/README.md that holds `text`, as written. */
async function datasetReadmeBlock(text: string): Promise<string> {
  const readme = await readFile(new URL('../../../../dataset/README.md', import.meta.url), 'utf8');
  const block = [...readme.matchAll(/```\n([\s\S]*?)```/g)]
    .map((match) => match[1] as string)
    .find((body) => body.includes(text));
  if (block === undefined) throw new Error(`dataset/README.md has no block with "${text}"`);
  return block;
}

describe('publishDataset', () => {
  it('publishes a first release with every record added and an empty history', async () => {
    const dir = await releasesDir();
    const outcome = await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: DAY_1,
    });
    expect(outcome).toMatchObject({
      kind: 'published',
      version: '2026-12-01.1',
      diff: { from: null },
    });
    const release = await readRelease(dir);
    expect(release.dataset.meta).toMatchObject({
      version: '2026-12-01.1',
      published: '2026-12-01T08:00:00Z',
      counts: { items: 2, abilities: 1 },
    });
    expect(release.dataset.history).toEqual({
      base: '2026-12-01.1',
      changes: [],
      served: {
        releases: [{ version: '2026-12-01.1', published: '2026-12-01T08:00:00Z', previous: null }],
        uses: [],
      },
    });
    expect((await release.hashes()).collections.items!.count).toBe(2);
  });

  it('publishes each collection as a bulk file: the records as one JSON array, its SHA-256, br and gzip', async () => {
    const dir = await releasesDir();
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: DAY_1,
    });
    const { dataset, manifest } = await readRelease(dir);
    for (const [name, records] of [
      ['items', dataset.lists.items.records],
      ['abilities', dataset.lists.abilities.records],
      ['stats', dataset.stats],
    ] as const) {
      const file = dataset.bulk![name];
      const identity = file!.identity();
      expect(new TextDecoder().decode(identity)).toBe(JSON.stringify(records));
      expect(file!.sha256).toBe(createHash('sha256').update(identity).digest('hex'));
      expect(manifest.bulk[name]).toEqual({
        count: records.length,
        bytes: identity.length,
        sha256: file!.sha256,
      });
      expect(Buffer.from(brotliDecompressSync(file!.br)).equals(identity)).toBe(true);
      expect(Buffer.from(gunzipSync(file!.gzip)).equals(identity)).toBe(true);
    }
    expect(new TextDecoder().decode(dataset.bulk!.relics!.identity())).toBe('[]');
  });

  it("publishes each translated language's bulk files: the records as that language serves them, hashed, compressed and in the manifest", async () => {
    const dir = await releasesDir();
    await publishDataset({
      exportDir: await writeExport({ ...smallExport(), ...germanTranslation() }),
      releasesDir: dir,
      at: DAY_1,
    });
    // Read back from the snapshot: each uncompressed file is remade there from the German records.
    const { dataset, manifest } = await readRelease(dir);
    expect(Object.keys(dataset.translatedBulk ?? {})).toEqual(['de']);
    const app = createApp({ dataset });
    for (const name of COLLECTION_NAMES) {
      // What the API sends in German: the list's records (all on one page), or the stat vocabulary.
      const answer = await app.fetch(
        new Request(`http://api.test/v1/${name}?lang=de${name === 'stats' ? '' : '&limit=200'}`),
        { clientIp: '203.0.113.7' },
      );
      const records = ((await answer.json()) as { data: unknown[] }).data;
      const file = dataset.translatedBulk!.de![name];
      const identity = file!.identity();
      expect(new TextDecoder().decode(identity), name).toBe(JSON.stringify(records));
      expect(file!.sha256).toBe(createHash('sha256').update(identity).digest('hex'));
      expect(manifest.translatedBulk?.de?.[name]).toEqual({
        count: records.length,
        bytes: identity.length,
        sha256: file!.sha256,
      });
      expect(Buffer.from(brotliDecompressSync(file!.br)).equals(identity)).toBe(true);
      expect(Buffer.from(gunzipSync(file!.gzip)).equals(identity)).toBe(true);
    }
    // The German text, from the translation; what it leaves out, in the default language.
    const items = JSON.parse(
      new TextDecoder().decode(dataset.translatedBulk!.de!.items!.identity()),
    ) as Array<{ id: string; name: string; rarityName: string }>;
    expect(items.map((item) => [item.id, item.name, item.rarityName])).toEqual([
      ['ember-blade', 'Glutklinge', 'selten'],
      ['iron-helm', 'Eisenhelm', 'common'],
    ]);
    expect(new TextDecoder().decode(dataset.translatedBulk!.de!.abilities!.identity())).toBe(
      new TextDecoder().decode(dataset.bulk!.abilities!.identity()),
    );
    // The default language's files are as they were.
    expect(new TextDecoder().decode(dataset.bulk!.items!.identity())).toBe(
      JSON.stringify(dataset.lists.items.records),
    );

    // Without translations, neither the dataset nor the manifest has any.
    const plain = await releasesDir();
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: plain,
      at: DAY_1,
    });
    const release = await readRelease(plain);
    expect([release.dataset.translatedBulk, release.manifest.translatedBulk]).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('serves a description as the game wrote it — its paragraphs, in every language — from the API, the bulk files and the SQLite file', async () => {
    const files = { ...smallExport(), ...germanTranslation() };
    files['items.json'][0]!.description =
      '<b>First</b> paragraph,  two spaces.  \r\n\r\nSECOND HEADING: more.\r\n';
    files['translations/de/items.json']['ember-blade']!.description =
      'Erster Absatz.\n\nZWEITE ÜBERSCHRIFT: mehr. \n';
    const dir = await releasesDir();
    await publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_1 });
    const written = {
      en: 'First paragraph,  two spaces.\n\nSECOND HEADING: more.',
      de: 'Erster Absatz.\n\nZWEITE ÜBERSCHRIFT: mehr.',
    };
    const { dataset, manifest } = await readRelease(dir);
    const app = createApp({ dataset });
    for (const [tag, text] of Object.entries(written)) {
      const answer = await app.fetch(
        new Request(`http://api.test/v1/items/ember-blade?lang=${tag}`),
        { clientIp: '203.0.113.7' },
      );
      expect(((await answer.json()) as { data: { description: string } }).data.description).toBe(
        text,
      );
      const bulk = tag === 'en' ? dataset.bulk : dataset.translatedBulk?.[tag];
      const records = JSON.parse(new TextDecoder().decode(bulk!.items!.identity())) as Array<{
        description?: string;
      }>;
      expect(records[0]?.description).toBe(text);
    }
    const db = new Database(join(dir, '2026-12-01.1', manifest.sqlite!.file), { readonly: true });
    try {
      expect(
        db.prepare("SELECT description, description_de FROM items WHERE id = 'ember-blade'").get(),
      ).toEqual({ description: written.en, description_de: written.de });
    } finally {
      db.close();
    }
  });

  it("numbers a day's releases, and records each one's changed ids in the history", async () => {
    const dir = await releasesDir();
    const files = smallExport();
    await publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_1 });
    files['items.json'][0]!.stats![0]!.value = 14;
    await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: new Date('2026-12-01T09:00:00Z'),
    });
    files['items.json'].pop();
    files['abilities.json'].push({ id: 'blink', name: 'Blink', category: 'movement' });
    const third = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
    });
    expect(third).toMatchObject({ kind: 'published', version: '2026-12-02.1' });
    const { history } = (await readRelease(dir)).dataset;
    expect(history.base).toBe('2026-12-01.1');
    expect(
      history.changes.map((change) => [
        change.version,
        change.collections.items,
        change.collections.abilities.added,
      ]),
    ).toEqual([
      ['2026-12-01.2', { added: [], changed: ['ember-blade'], removed: [] }, []],
      ['2026-12-02.1', { added: [], changed: [], removed: ['iron-helm'] }, ['blink']],
    ]);
  });

  it('reports the changed values, and a dry run writes nothing', async () => {
    const dir = await releasesDir();
    const files = smallExport();
    await publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_1 });
    files['items.json'][0]!.stats![0]!.value = 14;
    files['items.json'][0]!.description = 'Hot.';
    const before = await readdir(dir);
    const outcome = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
      dryRun: true,
    });
    expect(outcome.kind).toBe('planned');
    expect(outcome.diff.collections.items!.changed).toEqual([
      {
        id: 'ember-blade',
        fields: [
          { path: 'stats[0].value', from: 12, to: 14 },
          { path: 'description', to: 'Hot.' },
        ],
      },
    ]);
    expect(await readdir(dir)).toEqual(before);
  });

  it('publishes a change to the licence id or the contact alone, and reports it', async () => {
    const dir = await releasesDir();
    const files = smallExport();
    await publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_1 });
    Object.assign(files['manifest.json'], {
      licenseId: 'CC-BY-4.0',
      contact: { email: 'data@studio.example' },
    });
    const outcome = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
    });
    expect(outcome).toMatchObject({ kind: 'published', version: '2026-12-02.1' });
    expect(outcome.diff.meta).toEqual([
      { path: 'licenseId', to: 'CC-BY-4.0' },
      { path: 'contact', to: { email: 'data@studio.example' } },
    ]);
  });

  it('refuses the same content under a new version unless forced, whatever the internal fields say', async () => {
    const dir = await releasesDir();
    const files = smallExport();
    await publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_1 });
    // Only internal fields and markup change: nothing a client sees.
    files['items.json'][0]!.dropRate = 0.5;
    files['abilities.json'][0]!.description = undefined;
    const refused = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
    });
    expect(refused).toMatchObject({ kind: 'unchanged', current: '2026-12-01.1' });
    expect(await readdir(dir)).toEqual(['2026-12-01.1', 'CURRENT']);
    const forced = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
      force: true,
    });
    expect(forced).toMatchObject({ kind: 'published', version: '2026-12-02.1' });
  });

  it('refuses a changed image under a sprite id already served unless forced: caches keep the old one', async () => {
    const dir = await releasesDir();
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: DAY_1,
    });
    const exportDir = await writeExport(smallExport());
    await writeFile(join(exportDir, 'sprites', 'blade.png'), testPng({ width: 2, height: 2 }));
    for (const dryRun of [false, true]) {
      const refused = await publishDataset({ exportDir, releasesDir: dir, at: DAY_2, dryRun });
      expect(refused).toMatchObject({
        kind: 'sprites-replaced',
        version: '2026-12-02.1',
        current: '2026-12-01.1',
        diff: { sprites: { changed: ['blade'] } },
      });
    }
    expect(await readdir(dir)).toEqual(['2026-12-01.1', 'CURRENT']);
    const forced = await publishDataset({ exportDir, releasesDir: dir, at: DAY_2, force: true });
    expect(forced).toMatchObject({
      kind: 'published',
      version: '2026-12-02.1',
      diff: { sprites: { changed: ['blade'] } },
    });
    // A new image under a new id is no cache's business: it is published without force.
    await writeFile(join(exportDir, 'sprites', 'helm.png'), testPng());
    expect(await publishDataset({ exportDir, releasesDir: dir, at: DAY_2 })).toMatchObject({
      kind: 'published',
      diff: { sprites: { added: ['helm'], changed: [] } },
    });
  });

  it('publishes a change to a translation alone, and shows its language, record and field', async () => {
    const dir = await releasesDir();
    const files = { ...smallExport(), ...germanTranslation() };
    await publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_1 });
    const unchanged = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
    });
    expect(unchanged.kind).toBe('unchanged');
    files['translations/de/items.json']['ember-blade']!.name = 'Flammenklinge';
    const outcome = await publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_2,
    });
    expect(outcome).toMatchObject({ kind: 'published', version: '2026-12-02.1' });
    expect(outcome.diff.collections.items).toEqual({ added: [], removed: [], changed: [] });
    expect(outcome.diff.translations).toEqual({
      de: {
        change: 'changed',
        collections: expect.objectContaining({
          items: {
            added: [],
            removed: [],
            changed: [
              {
                id: 'ember-blade',
                fields: [{ path: 'name', from: 'Glutklinge', to: 'Flammenklinge' }],
              },
            ],
          },
        }),
        rarities: [],
      },
    });
    expect(formatDiff(outcome.diff, outcome.version)).toContain(
      'translations de: items 1 changed\n  de › items › ember-blade › name "Glutklinge" → "Flammenklinge"\n',
    );
    // The change feed lists it under its language: a translation is not a record change.
    const { history } = (await readRelease(dir)).dataset;
    expect(history.changes.at(-1)?.collections.items).toEqual({
      added: [],
      changed: [],
      removed: [],
    });
    const none = { added: [], changed: [], removed: [] };
    expect(history.changes.at(-1)?.translations).toEqual({
      de: {
        collections: {
          items: { ...none, changed: ['ember-blade'] },
          abilities: none,
          relics: none,
          followers: none,
          stats: none,
        },
        rarities: false,
      },
    });
  });

  it('carries translations in the release, records coverage and the language in manifest.json, and reports a language added or removed', async () => {
    const dir = await releasesDir();
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: DAY_1,
    });
    const added = await publishDataset({
      exportDir: await writeExport({ ...smallExport(), ...germanTranslation() }),
      releasesDir: dir,
      at: DAY_2,
    });
    expect(added.kind).toBe('published');
    expect(added.diff.translations.de).toMatchObject({
      change: 'added',
      collections: { items: { added: ['ember-blade', 'iron-helm'] } },
    });
    expect(formatDiff(added.diff, added.version)).toContain(
      'translations de (added): items 2 added; rarities 1 changed\n',
    );
    const coverage = { translated: 2, translatable: 2, fraction: 1 };
    expect(added.coverage.de).toMatchObject({
      items: coverage,
      abilities: { translated: 0, translatable: 1, fraction: 0 },
      rarities: { translated: 1, translatable: 2, fraction: 0.5 },
    });
    const release = await readRelease(dir);
    expect(release.dataset.translations.de?.collections.items?.['ember-blade']).toEqual({
      name: 'Glutklinge',
    });
    expect(release.manifest).toMatchObject({ language: 'en', coverage: added.coverage });
    expect(await release.hashes()).toMatchObject({
      translations: { de: { collections: { items: { count: 2 } } } },
    });

    const removed = await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: new Date('2026-12-03T08:00:00Z'),
    });
    expect(removed).toMatchObject({
      kind: 'published',
      coverage: {},
      diff: { translations: { de: { change: 'removed' } } },
    });
    expect(formatDiff(removed.diff, removed.version)).toContain(
      'translations de (removed): items 2 removed; rarities 1 changed\n',
    );
  });

  it('refuses an export whose translations are broken, naming file, record and field as dataset/README.md shows, and writes nothing', async () => {
    const dir = await releasesDir();
    const files: Record<string, unknown> = { ...smallExport(), ...germanTranslation() };
    const items = files['items.json'] as ExportRecord[];
    items[0]!.dungeons = ['Ember Forge'];
    const german = files['translations/de/items.json'] as Record<string, ExportRecord>;
    german['no-such-item'] = { name: 'X' };
    german['iron-helm'] = { slot: 'Kopf' };
    german['ember-blade'] = { dungeons: ['Glutschmiede', 'Aschenhalle'] };
    files['translations/de-de/items.json'] = {};
    files['translations/de-DE/items.json'] = {};
    const failure = publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_1,
    });
    await expect(failure).rejects.toThrow(InvalidDatasetError);
    const { message } = (await failure.catch((error: unknown) => error)) as Error;
    const shown = await datasetReadmeBlock('not translatable here');
    for (const line of shown.trim().split('\n')) expect(message.split('\n')).toContain(line);
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a broken export with every problem, and writes nothing', async () => {
    const dir = await releasesDir();
    const files = smallExport();
    files['items.json'][0]!.stats![0]!.stat = 'zzz';
    delete files['items.json'][1]!.name;
    const failure = publishDataset({
      exportDir: await writeExport(files),
      releasesDir: dir,
      at: DAY_1,
    });
    await expect(failure).rejects.toThrow(InvalidDatasetError);
    await expect(failure).rejects.toThrow('items.json › iron-helm › name:');
    await expect(failure).rejects.toThrow(
      'items.json › ember-blade › stats[0].stat: unknown stat key "zzz"',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a sprite that is cut short, naming its file and what is wrong', async () => {
    const dir = await releasesDir();
    const exportDir = await writeExport(smallExport());
    await writeFile(join(exportDir, 'sprites', 'blade.png'), testPng().subarray(0, 40));
    const failure = publishDataset({ exportDir, releasesDir: dir, at: DAY_1 });
    await expect(failure).rejects.toThrow(
      'sprites/blade.png: chunk 2 is cut short: 7 bytes left, and a chunk takes at least 12',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it.each<[string, Uint8Array, string]>([
    [
      'too few scanlines',
      testPng({ width: 2, height: 2, scanlines: new Uint8Array(9) }),
      'image data inflates to 9 bytes, and a 2×2 image takes 18',
    ],
    [
      'too many scanlines',
      testPng({ width: 2, height: 2, scanlines: new Uint8Array(27) }),
      'image data does not inflate to the 18 bytes of a 2×2 image: it inflates to more than 18 bytes',
    ],
    [
      'a filter type PNG does not define',
      testPng({
        width: 2,
        height: 2,
        scanlines: new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 1, 2, 3, 4, 5, 6, 7, 8]),
      }),
      'scanline 2 has filter type 7, and PNG defines 0 to 4',
    ],
  ])(
    'decodes every sprite: one with %s is refused, naming its file',
    async (_name, png, problem) => {
      const dir = await releasesDir();
      const exportDir = await writeExport(smallExport());
      await writeFile(join(exportDir, 'sprites', 'blade.png'), png);
      await expect(publishDataset({ exportDir, releasesDir: dir, at: DAY_1 })).rejects.toThrow(
        `sprites/blade.png: ${problem}`,
      );
    },
  );

  it("refuses a published time before the current release's", async () => {
    const dir = await releasesDir();
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: DAY_2,
    });
    await expect(
      publishDataset({
        exportDir: await writeExport(smallExport()),
        releasesDir: dir,
        at: DAY_1,
        force: true,
      }),
    ).rejects.toThrow(/before the current release's/);
  });

  it('keeps the history to the last N releases, moving its base forward', async () => {
    const dir = await releasesDir();
    const files = smallExport();
    for (let n = 1; n <= 4; n++) {
      files['items.json'][0]!.stats![0]!.value = 10 + n;
      await publishDataset({
        exportDir: await writeExport(files),
        releasesDir: dir,
        at: new Date(`2026-12-0${n}T08:00:00Z`),
        historyLength: 2,
      });
    }
    const { history } = (await readRelease(dir)).dataset;
    expect([history.base, ...history.changes.map((change) => change.version)]).toEqual([
      '2026-12-02.1',
      '2026-12-03.1',
      '2026-12-04.1',
    ]);
  });

  it('leaves no release behind when writing one fails', async () => {
    const dir = await releasesDir();
    await publishDataset({
      exportDir: await writeExport(smallExport()),
      releasesDir: dir,
      at: DAY_1,
    });
    const files = smallExport();
    files['items.json'][0]!.stats![0]!.value = 14;
    // Something in the way of the directory the release is written into first.
    await writeFile(join(dir, `.2026-12-02.1.${process.pid}.tmp`), 'in the way');
    await expect(
      publishDataset({ exportDir: await writeExport(files), releasesDir: dir, at: DAY_2 }),
    ).rejects.toThrow(/EEXIST/);
    expect((await readdir(dir)).sort()).toEqual(['2026-12-01.1', 'CURRENT']);
    expect((await readFile(join(dir, 'CURRENT'), 'utf8')).trim()).toBe('2026-12-01.1');
  });
});
