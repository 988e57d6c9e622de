import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeSnapshot, type ReleaseHistory } from '@gamedata/core';
import { describe, expect, it } from 'vitest';
import { testPng } from '../test-png.js';
import { sha256 } from './content-hashes.js';
import { publishDataset } from './publish.js';
import { useRelease } from './publish.js';
import { pointCurrent, readRelease, RELEASE_FILES } from './release-store.js';
import { germanTranslation, smallExport, writeExport } from './test-export.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const none: { added: string[]; changed: string[]; removed: string[] } = {
  added: [],
  changed: [],
  removed: [],
};
const at = (day: number) => new Date(`2026-12-0${day}T08:00:00Z`);

/** Publishes `files` (with `blade.png` replaced by `blade` when given) on day `day`. */
async function publish(
  dir: string,
  files: ReturnType<typeof smallExport>,
  day: number,
  blade?: Uint8Array,
) {
  const exportDir = await writeExport(files);
  if (blade) await writeFile(join(exportDir, 'sprites', 'blade.png'), blade);
  return publishDataset({ exportDir, releasesDir: dir, at: at(day), force: true });
}

describe('the history a release is served with, from its releases directory', () => {
  it('after publish .1, .2, use .1, publish .3: .2 gets the net change .2 → .3, the ancestors their own entries', async () => {
    const dir = await makeTempDir('releases');
    const files = smallExport();
    await publish(dir, files, 1);
    const second = smallExport();
    second['items.json'][0]!.stats![0]!.value = 14;
    second['items.json'].push({
      id: 'ash-staff',
      name: 'Ash Staff',
      type: 'weapon',
      slot: 'mainhand',
      rarity: 0,
    });
    await publish(dir, second, 2);
    const rolledBackAt = new Date('2026-12-02T12:00:00Z');
    await useRelease(dir, '2026-12-01.1', rolledBackAt);
    const third = smallExport();
    third['items.json'].pop();
    third['abilities.json'].push({ id: 'blink', name: 'Blink', category: 'movement' });
    await publish(dir, third, 3);

    const { dataset, manifest } = await readRelease(dir);
    expect(manifest.previous).toBe('2026-12-01.1');
    const current = { version: '2026-12-03.1', published: '2026-12-03T08:00:00Z' };
    const { served, ...history } = dataset.history;
    // Every release the directory served, each with its change from the one before it, and the use.
    expect(served).toEqual({
      releases: [
        { version: '2026-12-01.1', published: '2026-12-01T08:00:00Z', previous: null },
        {
          version: '2026-12-02.1',
          published: '2026-12-02T08:00:00Z',
          previous: '2026-12-01.1',
          change: {
            version: '2026-12-02.1',
            published: '2026-12-02T08:00:00Z',
            collections: {
              items: { added: ['ash-staff'], changed: ['ember-blade'], removed: [] },
              abilities: none,
              relics: none,
              followers: none,
              stats: none,
            },
            sprites: none,
            translations: {},
          },
        },
        {
          ...current,
          previous: '2026-12-01.1',
          change: history.changes[0],
        },
      ],
      uses: [
        {
          version: '2026-12-01.1',
          at: rolledBackAt.toISOString(),
          replaced: '2026-12-02.1',
          after: '2026-12-02.1',
        },
      ],
    });
    expect(history).toEqual<ReleaseHistory>({
      base: '2026-12-01.1',
      changes: [
        {
          ...current,
          collections: {
            items: { ...none, removed: ['iron-helm'] },
            abilities: { ...none, added: ['blink'] },
            relics: none,
            followers: none,
            stats: none,
          },
          sprites: none,
          translations: {},
        },
      ],
      otherReleases: [
        {
          version: '2026-12-02.1',
          change: {
            ...current,
            collections: {
              items: { added: [], changed: ['ember-blade'], removed: ['ash-staff', 'iron-helm'] },
              abilities: { ...none, added: ['blink'] },
              relics: none,
              followers: none,
              stats: none,
            },
            sprites: none,
            translations: {},
          },
        },
      ],
    });
  });

  it('rolled back to .1, .2 is the net change .2 → .1, labelled .1', async () => {
    const dir = await makeTempDir('releases');
    await publish(dir, smallExport(), 1);
    const second = smallExport();
    second['items.json'].pop();
    await publish(dir, second, 2, testPng({ width: 2, height: 2 }));
    await pointCurrent(dir, '2026-12-01.1');
    const { served, ...history } = (await readRelease(dir)).dataset.history;
    // Pointed at by hand, not used: the directory served both, and no use is recorded.
    expect(served?.releases.map((release) => release.version)).toEqual([
      '2026-12-01.1',
      '2026-12-02.1',
    ]);
    expect(served?.uses).toEqual([]);
    expect(history).toEqual<ReleaseHistory>({
      base: '2026-12-01.1',
      changes: [],
      otherReleases: [
        {
          version: '2026-12-02.1',
          change: {
            version: '2026-12-01.1',
            published: '2026-12-01T08:00:00Z',
            collections: {
              items: { ...none, added: ['iron-helm'] },
              abilities: none,
              relics: none,
              followers: none,
              stats: none,
            },
            sprites: { ...none, changed: ['blade'] },
            translations: {},
          },
        },
      ],
    });
  });

  it('a release that only replaces an image lists it under sprites, and nothing else', async () => {
    const dir = await makeTempDir('releases');
    await publish(dir, smallExport(), 1);
    await publish(dir, smallExport(), 2, testPng({ width: 2, height: 2 }));
    const { history } = (await readRelease(dir)).dataset;
    expect(history.changes).toEqual([
      {
        version: '2026-12-02.1',
        published: '2026-12-02T08:00:00Z',
        collections: { items: none, abilities: none, relics: none, followers: none, stats: none },
        sprites: { ...none, changed: ['blade'] },
        translations: {},
      },
    ]);
  });

  it('a release rolled back over that changed a translation: its net change lists the translation changed back, the ancestors theirs', async () => {
    const dir = await makeTempDir('releases');
    const translated = () => ({ ...smallExport(), ...germanTranslation() });
    await publish(dir, translated(), 1);
    const second = translated();
    second['translations/de/items.json']['ember-blade']!.name = 'Flammenklinge';
    second['translations/de/manifest.json'].rarities['0'] = 'gewöhnlich';
    await publish(dir, second, 2);
    await pointCurrent(dir, '2026-12-01.1');
    const third = translated();
    delete third['translations/de/items.json']['iron-helm'];
    await publish(dir, third, 3);

    const { history } = (await readRelease(dir)).dataset;
    const german = (items: typeof none, rarities: boolean) => ({
      de: {
        collections: { items, abilities: none, relics: none, followers: none, stats: none },
        rarities,
      },
    });
    expect(history.changes.map((change) => [change.version, change.translations])).toEqual([
      ['2026-12-03.1', german({ ...none, removed: ['iron-helm'] }, false)],
    ]);
    expect(
      history.otherReleases?.map(({ version, change }) => [
        version,
        change.version,
        change.translations,
      ]),
    ).toEqual([
      [
        '2026-12-02.1',
        '2026-12-03.1',
        german({ ...none, changed: ['ember-blade'], removed: ['iron-helm'] }, true),
      ],
    ]);
    // The records are the same in every release: only the translations changed.
    expect(history.otherReleases?.[0]?.change.collections.items).toEqual(none);
  });

  /** Rewrites the current release as a release written before sprites joined the change feed: no `sprites` in its history. */
  async function withoutSpriteChanges(dir: string, version: string) {
    const { dataset } = await readRelease(dir, version);
    const changes = dataset.history.changes.map(({ sprites: _sprites, ...rest }) => rest);
    const snapshot = encodeSnapshot({
      ...dataset,
      history: { base: dataset.history.base, changes } as unknown as ReleaseHistory,
    });
    const manifestPath = join(dir, version, RELEASE_FILES.manifest);
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
      files: Record<string, string>;
    };
    manifest.files[RELEASE_FILES.snapshot] = sha256(snapshot);
    await writeFile(join(dir, version, RELEASE_FILES.snapshot), snapshot);
    await writeFile(manifestPath, JSON.stringify(manifest));
  }

  it('restores the sprite changes of an older snapshot from the manifests of its releases, and publishes on top of them', async () => {
    const dir = await makeTempDir('releases');
    await publish(dir, smallExport(), 1);
    const second = smallExport();
    second['items.json'][0]!.stats![0]!.value = 14;
    await publish(dir, second, 2, testPng({ width: 2, height: 2 }));
    await publish(dir, smallExport(), 3);
    const complete = (await readRelease(dir)).dataset.history;
    expect(complete.changes.map((change) => change.sprites.changed)).toEqual([
      ['blade'],
      ['blade'],
    ]);

    await withoutSpriteChanges(dir, '2026-12-03.1');
    expect((await readRelease(dir)).dataset.history).toEqual(complete);
    // The next release's snapshot holds the restored entries, sprites and all.
    await publish(dir, second, 4);
    const next = (await readRelease(dir)).dataset.history;
    expect(next.changes.map((change) => [change.version, change.sprites.changed])).toEqual([
      ['2026-12-02.1', ['blade']],
      ['2026-12-03.1', ['blade']],
      ['2026-12-04.1', []],
    ]);
  });

  it('an older snapshot whose earlier releases were deleted keeps only what it can describe whole', async () => {
    const dir = await makeTempDir('releases');
    await publish(dir, smallExport(), 1);
    await publish(dir, smallExport(), 2, testPng({ width: 2, height: 2 }));
    await publish(dir, smallExport(), 3);
    await withoutSpriteChanges(dir, '2026-12-03.1');
    await rm(join(dir, '2026-12-01.1'), { recursive: true });
    const { history } = (await readRelease(dir)).dataset;
    expect(history.base).toBe('2026-12-02.1');
    expect(history.changes.map((change) => [change.version, change.sprites.changed])).toEqual([
      ['2026-12-03.1', ['blade']],
    ]);
  });
});
