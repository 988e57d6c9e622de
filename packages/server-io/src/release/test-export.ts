import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { testPng } from '../test-png.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/** An export record as tests edit it: the fields they touch, typed; anything else goes. */
export interface ExportRecord {
  id?: string;
  name?: unknown;
  description?: string;
  stats?: Array<{ stat: string; value: number; tags: string[] }>;
  [field: string]: unknown;
}

/** A small export, as an operator writes one; tests change its records before writing it. */
export function smallExport() {
  return {
    'manifest.json': { license: 'CC BY 4.0', docs: '/docs', rarities: [{ value: 0, name: 'common' }, { value: 1, name: 'rare' }] },
    'items.json': [
      { id: 'ember-blade', name: 'Ember Blade', type: 'weapon', slot: 'mainhand', rarity: 1, icon: 'blade', stats: [{ stat: 'mgt', value: 12, tags: [] }], dropRate: 0.01 },
      { id: 'iron-helm', name: 'Iron Helm', type: 'armour', slot: 'head', rarity: 0 },
    ] as ExportRecord[],
    'abilities.json': [{ id: 'dash', name: 'Dash', category: 'movement' }] as ExportRecord[],
    'relics.json': [] as ExportRecord[],
    'followers.json': [] as ExportRecord[],
    'stats.json': [{ key: 'mgt', name: 'Might' }] as ExportRecord[],
  };
}

/** Writes an export into a fresh temporary directory, with one sprite, `blade`. */
export async function writeExport(files: ReturnType<typeof smallExport>): Promise<string> {
  const dir = await makeTempDir('export');
  for (const [name, value] of Object.entries(files)) await writeFile(join(dir, name), JSON.stringify(value));
  await mkdir(join(dir, 'sprites'));
  await writeFile(join(dir, 'sprites', 'blade.png'), testPng());
  return dir;
}
