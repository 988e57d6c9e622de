import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
    'manifest.json': {
      license: 'CC BY 4.0',
      docs: '/docs',
      rarities: [
        { value: 0, name: 'common' },
        { value: 1, name: 'rare' },
      ],
    },
    'items.json': [
      {
        id: 'ember-blade',
        name: 'Ember Blade',
        type: 'weapon',
        slot: 'mainhand',
        rarity: 1,
        icon: 'blade',
        stats: [{ stat: 'mgt', value: 12, tags: [] }],
        dropRate: 0.01,
      },
      { id: 'iron-helm', name: 'Iron Helm', type: 'armour', slot: 'head', rarity: 0 },
    ] as ExportRecord[],
    'abilities.json': [{ id: 'dash', name: 'Dash', category: 'movement' }] as ExportRecord[],
    'relics.json': [] as ExportRecord[],
    'followers.json': [] as ExportRecord[],
    'stats.json': [{ key: 'mgt', name: 'Might' }] as ExportRecord[],
  };
}

/** A German translation of the small export: a few fields of two records, and a rarity name. */
export function germanTranslation() {
  return {
    'translations/de/items.json': {
      'ember-blade': { name: 'Glutklinge' },
      'iron-helm': { name: 'Eisenhelm' },
    } as Record<string, ExportRecord>,
    'translations/de/manifest.json': { rarities: { '1': 'selten' } as Record<string, string> },
  };
}

/**
 * Writes an export into a fresh temporary directory, with one sprite, `blade`: each file by its path
 * in the export (`translations/de/items.json` too).
 */
export async function writeExport(files: Readonly<Record<string, unknown>>): Promise<string> {
  const dir = await makeTempDir('export');
  for (const [name, value] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), JSON.stringify(value));
  }
  await mkdir(join(dir, 'sprites'));
  await writeFile(join(dir, 'sprites', 'blade.png'), testPng());
  return dir;
}
