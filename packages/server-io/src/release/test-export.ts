import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The first 33 bytes of a 1×1 PNG: signature and IHDR, which is what the loader checks. */
const TINY_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  0x1f, 0x15, 0xc4, 0x89,
]);

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
  const dir = await mkdtemp(join(tmpdir(), 'gamedata-export-'));
  for (const [name, value] of Object.entries(files)) await writeFile(join(dir, name), JSON.stringify(value));
  await mkdir(join(dir, 'sprites'));
  await writeFile(join(dir, 'sprites', 'blade.png'), TINY_PNG);
  return dir;
}
