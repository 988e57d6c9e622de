import { open, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSizeLimit } from '@gamedata/core';
import { readDatasetSource } from './dataset.js';
import { smallExport, writeExport } from './release/test-export.js';
import { testPng } from './test-png.js';

/** Makes `path` a file of `size` bytes without writing them: a sparse file costs no disk and no time. */
async function growTo(path: string, size: number): Promise<void> {
  const handle = await open(path, 'w');
  await handle.truncate(size);
  await handle.close();
}

describe('readDatasetSource', () => {
  it('reads every file and sprite of an export', async () => {
    const dir = await writeExport(smallExport());
    const source = await readDatasetSource(dir);
    expect(Object.keys(source.files).sort()).toEqual([
      'abilities.json',
      'followers.json',
      'items.json',
      'manifest.json',
      'relics.json',
      'stats.json',
    ]);
    expect([...source.sprites.keys()]).toEqual(['blade']);
    expect(source.unread).toEqual(new Map());
  });

  it('reads a file the export links to as the file it names', async () => {
    const dir = await writeExport(smallExport());
    await rename(join(dir, 'items.json'), join(dir, 'shared-items.data'));
    await symlink(join(dir, 'shared-items.data'), join(dir, 'items.json'));
    const source = await readDatasetSource(dir);
    expect(JSON.parse(source.files['items.json'] ?? 'null')).toEqual(smallExport()['items.json']);
  });

  it('reads every file under translations/ by its path, leaving hidden files out', async () => {
    const dir = await writeExport({
      ...smallExport(),
      'translations/de/items.json': {},
      'translations/de/.DS_Store': {},
      'translations/fr.json': {},
    });
    const source = await readDatasetSource(dir);
    expect(
      Object.keys(source.files)
        .filter((path) => path.startsWith('translations/'))
        .sort(),
    ).toEqual(['translations/de/items.json', 'translations/fr.json']);
    expect(source.files['translations/de/items.json']).toBe('{}');
  });

  it.each<[string, string, number]>([
    ['a JSON file as large as V8 cannot hold as a string', 'items.json', 600_000_000],
    ['a JSON file a byte over its limit', 'relics.json', fileSizeLimit('relics.json') + 1],
    ['a sprite a byte over its limit', 'sprites/blade.png', fileSizeLimit('sprites/blade.png') + 1],
  ])('leaves %s unread, and gives its size', async (_name, path, size) => {
    const dir = await writeExport(smallExport());
    await growTo(join(dir, path), size);
    const source = await readDatasetSource(dir);
    expect(source.unread).toEqual(new Map([[path, size]]));
    expect(source.files[path]).toBeUndefined();
    expect(source.sprites.has('blade')).toBe(path !== 'sprites/blade.png');
  });

  it('reads files exactly at their limit', async () => {
    const dir = await writeExport(smallExport());
    const sprite = testPng();
    const atLimit = new Uint8Array(fileSizeLimit('sprites/blade.png'));
    atLimit.set(sprite);
    await writeFile(join(dir, 'sprites', 'blade.png'), atLimit);
    const source = await readDatasetSource(dir);
    expect(source.unread).toEqual(new Map());
    expect(source.sprites.get('blade')?.length).toBe(atLimit.length);
  });
});
