import type { DatasetSource } from '../dataset/dataset.js';

/**
 * A whole 1×1 PNG, one orange pixel, as zlib writes it: signature, IHDR (bytes 8–32), one IDAT
 * (33–57) and IEND (58–69). Every chunk is checked when a dataset loads, so it must be a real image.
 */
export const TINY_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xf8, 0xbf, 0x85, 0xe1,
  0x3f, 0x00, 0x07, 0x1c, 0x02, 0xb3, 0xea, 0x6e, 0x7e, 0xfa, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
  0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);

/** The release stamp the fixture is loaded with. */
export const FIXTURE_STAMP = { version: '2026-11-20.1', published: '2026-11-20T09:30:00Z' };

export const FIXTURE_MANIFEST = {
  license: 'CC BY 4.0',
  licenseId: 'CC-BY-4.0',
  docs: '/docs',
  contact: { name: 'Fixture data desk', email: 'data@fixture.example' },
  rarities: [
    { value: 0, name: 'common' },
    { value: 1, name: 'uncommon' },
    { value: 2, name: 'rare' },
    { value: 3, name: 'epic' },
    { value: 4, name: 'legendary' },
  ],
};

/** Items with every optional field both present and absent, plus the export's internal fields. */
export const FIXTURE_ITEMS = [
  {
    id: 'ashbringer',
    name: 'Ashbringer',
    description: 'A <color=#ffb400>burning</color> <b>blade</b>.',
    type: 'weapon',
    slot: 'mainhand',
    subtype: 'sword',
    rarity: 4,
    cosmetic: false,
    icon: 'sword.4',
    stats: [{ stat: 'mgt', value: 40, tags: ['primary'], rollWeight: 3 }],
    roll: { mgt: [30, 45] },
    effects: [
      {
        trigger: 'on crit',
        label: 'Cinderburst',
        impact: 'Fire',
        cooldown: 8,
        chance: 15,
        procTableId: 'pt-9',
      },
    ],
    requirements: [{ skill: 'Swords', level: 40 }],
    dungeons: [{ name: 'Emberdeep Forge', dungeonId: 'dg-7', dropChance: 0.0042 }],
    dropRate: 0.0042,
    lootTableId: 'lt-777',
    devNotes: 'internal',
  },
  {
    id: 'iron-helm',
    name: 'Iron Helm',
    type: 'armour',
    slot: 'head',
    subtype: 'plate',
    rarity: 0,
    icon: 'helm.0',
  },
  {
    id: 'jade-ring',
    name: 'Jade Ring',
    type: 'accessory',
    slot: 'ring',
    rarity: 2,
    cosmetic: false,
  },
  {
    id: 'party-hat',
    name: 'Party Hat',
    type: 'cosmetic',
    slot: 'head',
    rarity: 1,
    cosmetic: true,
    icon: 'helm.0',
  },
];

/** A small, valid export; tests clone and break it. */
export function fixtureSource(): {
  files: Record<string, unknown>;
  sprites: Map<string, Uint8Array<ArrayBuffer>>;
} {
  return {
    files: {
      'manifest.json': structuredClone(FIXTURE_MANIFEST),
      'items.json': structuredClone(FIXTURE_ITEMS),
      'abilities.json': [
        {
          id: 'fireball',
          name: 'Fireball',
          category: 'offense',
          description: '<i>Hot</i>',
          devNotes: 'x',
        },
        { id: 'dash', name: 'Dash', category: 'movement' },
      ],
      'relics.json': [
        { id: 'ember-idol', name: 'Ember Idol', min: 1, max: 5, rarity: 3, dropWeight: 12 },
      ],
      'followers.json': [{ id: 'bram', name: 'Bram', rarity: 2, recruitWeight: 4 }],
      'stats.json': [
        { key: 'mgt', name: 'Might', cap: 100, formula: 'secret' },
        { key: 'crc', name: 'Critical Chance', unit: '%' },
      ],
    },
    sprites: new Map([
      ['sword.4', TINY_PNG],
      ['helm.0', TINY_PNG],
    ]),
  };
}

/** Serialises a fixture for `loadDataset`, the way an adapter reads files as text. */
export function toSource(
  fixture: ReturnType<typeof fixtureSource>,
): DatasetSource & { files: Record<string, string> } {
  const files: Record<string, string> = {};
  for (const [name, value] of Object.entries(fixture.files)) files[name] = JSON.stringify(value);
  return { files, sprites: fixture.sprites };
}
