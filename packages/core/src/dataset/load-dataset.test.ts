import { describe, expect, it } from 'vitest';
import { FIXTURE_STAMP, fixtureSource, TINY_PNG, toSource } from '../testing/fixture-source.js';
import { flippedByte } from '../testing/png-bytes.js';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_ID_LENGTH,
  MAX_SHORT_TEXT_LENGTH,
  MAX_SPRITE_BYTES,
} from './limits.js';
import { loadDataset } from './load-dataset.js';
import { formatProblems, type DatasetProblem } from './problems.js';

type Fixture = ReturnType<typeof fixtureSource>;
const items = (f: Fixture) => f.files['items.json'] as Array<Record<string, unknown>>;
const manifest = (f: Fixture) => f.files['manifest.json'] as Record<string, unknown>;

function load(fixture: Fixture) {
  return loadDataset(toSource(fixture), FIXTURE_STAMP);
}

describe('loadDataset on a valid export', () => {
  const result = load(fixtureSource());
  if (!result.ok) throw new Error(formatProblems(result.problems));
  const { dataset } = result;

  it('keeps only public fields, derives rarityName and dungeon names, strips markup', () => {
    expect(dataset.lists.items.get('ashbringer')).toEqual({
      id: 'ashbringer',
      name: 'Ashbringer',
      description: 'A burning blade.',
      type: 'weapon',
      slot: 'mainhand',
      subtype: 'sword',
      rarity: 4,
      rarityName: 'legendary',
      cosmetic: false,
      icon: 'sword.4',
      stats: [{ stat: 'mgt', value: 40, tags: ['primary'] }],
      roll: { mgt: [30, 45] },
      effects: [
        { trigger: 'on crit', label: 'Cinderburst', impact: 'Fire', cooldown: 8, chance: 15 },
      ],
      requirements: [{ skill: 'Swords', level: 40 }],
      dungeons: ['Emberdeep Forge'],
    });
    expect(dataset.lists.relics.get('ember-idol')).toEqual({
      id: 'ember-idol',
      name: 'Ember Idol',
      min: 1,
      max: 5,
      rarity: 3,
      rarityName: 'epic',
    });
    expect(dataset.lists.followers.get('bram')).toEqual({
      id: 'bram',
      name: 'Bram',
      rarity: 2,
      rarityName: 'rare',
    });
    expect(dataset.lists.abilities.get('fireball')).toEqual({
      id: 'fireball',
      name: 'Fireball',
      category: 'offense',
      description: 'Hot',
    });
    expect(dataset.stats).toEqual([
      { key: 'crc', name: 'Critical Chance', unit: '%' },
      { key: 'mgt', name: 'Might', cap: 100 },
    ]);
  });

  it('orders collections by id and computes counts', () => {
    expect(dataset.lists.items.records.map((i) => i.id)).toEqual([
      'ashbringer',
      'iron-helm',
      'jade-ring',
      'party-hat',
    ]);
    expect(dataset.lists.abilities.records.map((a) => a.id)).toEqual(['dash', 'fireball']);
    expect(dataset.meta).toEqual({
      version: '2026-11-20.1',
      published: '2026-11-20T09:30:00Z',
      license: 'CC BY 4.0',
      docs: '/docs',
      counts: { items: 4, abilities: 2, relics: 1, followers: 1, stats: 2 },
    });
    expect(dataset.history).toEqual({ base: '2026-11-20.1', changes: [] });
  });

  it('takes text as long as the limits allow', () => {
    const fixture = fixtureSource();
    const longest = {
      id: 'i'.repeat(MAX_ID_LENGTH),
      name: 'n'.repeat(MAX_SHORT_TEXT_LENGTH),
      description: 'd'.repeat(MAX_DESCRIPTION_LENGTH),
      rarity: 0,
    };
    items(fixture).push(longest);
    const loaded = load(fixture);
    expect(loaded.ok && loaded.dataset.lists.items.get(longest.id)).toMatchObject(longest);
  });

  it('takes a rarity name with an underscore, as real exports write them', () => {
    const fixture = fixtureSource();
    (manifest(fixture).rarities as Array<{ name: string }>)[2]!.name = 'very_rare';
    const loaded = load(fixture);
    if (!loaded.ok) throw new Error(formatProblems(loaded.problems));
    expect(loaded.dataset.rarities[2]?.name).toBe('very_rare');
  });

  it('gives every sprite a strong content etag', () => {
    expect(dataset.sprites.get('sword.4')?.etag).toMatch(/^"[0-9a-z]{11}"$/);
  });
});

describe('loadDataset on a broken export', () => {
  const cases: Array<[string, (f: Fixture) => void, Partial<DatasetProblem>]> = [
    ['bad JSON', (f) => void (f.files['items.json'] = '{not json'), { file: 'items.json' }],
    [
      'missing file',
      (f) => void delete f.files['relics.json'],
      { file: 'relics.json', message: 'file is missing' },
    ],
    [
      'not an array',
      (f) => void (f.files['followers.json'] = { bram: {} }),
      { file: 'followers.json' },
    ],
    [
      'missing required field',
      (f) => void delete items(f)[1]!.name,
      { file: 'items.json', record: 'iron-helm', field: 'name' },
    ],
    [
      'wrong type',
      (f) => void (items(f)[2]!.rarity = 'rare'),
      { file: 'items.json', record: 'jade-ring', field: 'rarity' },
    ],
    [
      'nested wrong type',
      (f) => void (items(f)[0]!.stats = [{ stat: 'mgt', value: '40', tags: [] }]),
      { file: 'items.json', record: 'ashbringer', field: 'stats[0].value' },
    ],
    [
      'duplicate id',
      (f) => void (items(f)[3]!.id = 'iron-helm'),
      { file: 'items.json', record: 'iron-helm', field: 'id' },
    ],
    [
      'id with a slash',
      (f) => void (items(f)[3]!.id = '../etc'),
      { file: 'items.json', record: '../etc', field: 'id' },
    ],
    [
      'record without id',
      (f) => void delete items(f)[2]!.id,
      { file: 'items.json', record: '#2', field: 'id' },
    ],
    [
      'unknown stat key',
      (f) => void (items(f)[0]!.stats = [{ stat: 'zzz', value: 1, tags: [] }]),
      { file: 'items.json', record: 'ashbringer', field: 'stats[0].stat' },
    ],
    [
      'unknown roll key',
      (f) => void (items(f)[0]!.roll = { zzz: [1, 2] }),
      { file: 'items.json', record: 'ashbringer', field: 'roll.zzz' },
    ],
    [
      'inverted roll',
      (f) => void (items(f)[0]!.roll = { mgt: [9, 2] }),
      { file: 'items.json', record: 'ashbringer', field: 'roll.mgt' },
    ],
    [
      'relic whose min is above its max',
      (f) =>
        void Object.assign((f.files['relics.json'] as Array<Record<string, unknown>>)[0]!, {
          min: 6,
          max: 5,
        }),
      { file: 'relics.json', record: 'ember-idol', field: 'min', message: 'min 6 is above max 5' },
    ],
    [
      'rarity off the scale',
      (f) => void (items(f)[1]!.rarity = 9),
      { file: 'items.json', record: 'iron-helm', field: 'rarity' },
    ],
    [
      'missing sprite',
      (f) => void f.sprites.delete('helm.0'),
      { file: 'items.json', record: 'iron-helm', field: 'icon' },
    ],
    [
      'sprite that is not a PNG',
      (f) =>
        void f.sprites.set(
          'helm.0',
          new TextEncoder().encode('GIF89a not a png at all, really no'),
        ),
      { file: 'sprites/helm.0.png' },
    ],
    [
      'sprite cut short at 40 bytes',
      (f) => void f.sprites.set('helm.0', TINY_PNG.slice(0, 40)),
      {
        file: 'sprites/helm.0.png',
        message: 'chunk 2 is cut short: 7 bytes left, and a chunk takes at least 12',
      },
    ],
    [
      'sprite with a CRC byte flipped',
      (f) => void f.sprites.set('helm.0', flippedByte(TINY_PNG, 57)),
      { file: 'sprites/helm.0.png', message: 'chunk 2 (IDAT) CRC mismatch' },
    ],
    [
      'sprite without IEND',
      (f) => void f.sprites.set('helm.0', TINY_PNG.slice(0, 58)),
      { file: 'sprites/helm.0.png', message: 'no IEND chunk: the file is cut short' },
    ],
    [
      'sprite with bytes after IEND',
      (f) => void f.sprites.set('helm.0', new Uint8Array([...TINY_PNG, 0x6a, 0x75, 0x6e, 0x6b])),
      { file: 'sprites/helm.0.png', message: '4 bytes after IEND' },
    ],
    [
      'duplicate stat key',
      (f) => void (f.files['stats.json'] as unknown[]).push({ key: 'mgt', name: 'Again' }),
      { file: 'stats.json', record: 'mgt', field: 'key' },
    ],
    [
      'description too long',
      (f) => void (items(f)[0]!.description = 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1)),
      {
        file: 'items.json',
        record: 'ashbringer',
        field: 'description',
        message: 'Too big: expected string to have <=4096 characters',
      },
    ],
    [
      'name too long',
      (f) => void (items(f)[1]!.name = 'x'.repeat(MAX_SHORT_TEXT_LENGTH + 1)),
      { file: 'items.json', record: 'iron-helm', field: 'name' },
    ],
    [
      'id too long',
      (f) => void (items(f)[3]!.id = 'x'.repeat(MAX_ID_LENGTH + 1)),
      { file: 'items.json', record: 'x'.repeat(MAX_ID_LENGTH + 1), field: 'id' },
    ],
    [
      'tag too long',
      (f) =>
        void (items(f)[0]!.stats = [
          { stat: 'mgt', value: 1, tags: ['x'.repeat(MAX_SHORT_TEXT_LENGTH + 1)] },
        ]),
      { file: 'items.json', record: 'ashbringer', field: 'stats[0].tags[0]' },
    ],
    [
      'dungeon name too long',
      (f) => void (items(f)[0]!.dungeons = [{ name: 'x'.repeat(MAX_SHORT_TEXT_LENGTH + 1) }]),
      { file: 'items.json', record: 'ashbringer', field: 'dungeons[0].name' },
    ],
    [
      'ability description too long',
      (f) =>
        void ((f.files['abilities.json'] as Array<Record<string, unknown>>)[0]!.description =
          'x'.repeat(MAX_DESCRIPTION_LENGTH + 1)),
      { file: 'abilities.json', record: 'fireball', field: 'description' },
    ],
    [
      'stat key too long',
      (f) =>
        void (f.files['stats.json'] as unknown[]).push({
          key: 'k'.repeat(MAX_ID_LENGTH + 1),
          name: 'Long',
        }),
      { file: 'stats.json', field: 'key' },
    ],
    [
      'licence too long',
      (f) =>
        void ((f.files['manifest.json'] as Record<string, unknown>).license = 'x'.repeat(
          MAX_SHORT_TEXT_LENGTH + 1,
        )),
      { file: 'manifest.json', field: 'license' },
    ],
    [
      'licence id that is not an SPDX id',
      (f) => void (manifest(f).licenseId = 'CC BY 4.0'),
      {
        file: 'manifest.json',
        field: 'licenseId',
        message: 'must be an SPDX licence identifier such as CC-BY-4.0',
      },
    ],
    [
      'licence URL that is relative',
      (f) => void (manifest(f).licenseUrl = '/licence'),
      {
        file: 'manifest.json',
        field: 'licenseUrl',
        message: 'must be an absolute http or https URL',
      },
    ],
    [
      'licence URL that is not http',
      (f) => void (manifest(f).licenseUrl = 'ftp://example.org/licence'),
      { file: 'manifest.json', field: 'licenseUrl' },
    ],
    [
      'contact email that is not one',
      (f) => void (manifest(f).contact = { email: 'data desk' }),
      { file: 'manifest.json', field: 'contact.email' },
    ],
    [
      'contact without a way to reach anyone',
      (f) => void (manifest(f).contact = {}),
      {
        file: 'manifest.json',
        field: 'contact',
        message: 'must give at least one of name, url and email',
      },
    ],
    [
      'contact with a key of its own',
      (f) => void (manifest(f).contact = { name: 'Desk', phone: '555' }),
      { file: 'manifest.json', field: 'contact' },
    ],
    [
      'rarity name with a space and capitals',
      (f) => void ((manifest(f).rarities as Array<{ name: string }>)[0]!.name = 'Very Common'),
      {
        file: 'manifest.json',
        field: 'rarities[0].name',
        message:
          'must be lower-case letters, digits, - and _, starting with a letter: got "Very Common"',
      },
    ],
    [
      'sprite over 1 MiB',
      (f) => void f.sprites.set('helm.0', new Uint8Array(MAX_SPRITE_BYTES + 1)),
      { file: 'sprites/helm.0.png', message: '1,048,577 bytes, over the limit of 1 MiB' },
    ],
    [
      'sprite id too long',
      (f) => void f.sprites.set('s'.repeat(MAX_ID_LENGTH + 1), TINY_PNG),
      {
        file: `sprites/${'s'.repeat(MAX_ID_LENGTH + 1)}.png`,
        message: 'sprite id is longer than 128 characters',
      },
    ],
  ];

  it.each(cases)('%s is reported with file, record and field', (_name, breakIt, expected) => {
    const fixture = fixtureSource();
    breakIt(fixture);
    const source = toSource(fixture);
    if (typeof fixture.files['items.json'] === 'string')
      source.files['items.json'] = fixture.files['items.json'];
    const result = loadDataset(source, FIXTURE_STAMP);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toContainEqual(expect.objectContaining(expected));
  });

  it("decodes every sprite's image data with the inflate it is given, naming the sprite that does not fit its header", () => {
    const result = loadDataset(toSource(fixtureSource()), FIXTURE_STAMP, {
      inflate: () => new Uint8Array(4),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      ['sword.4', 'helm.0'].map((id) => ({
        file: `sprites/${id}.png`,
        message: 'image data inflates to 4 bytes, and a 1×1 image takes 5',
      })),
    );
  });

  it('reports each file the adapter left unread for its size by its size, not as missing', () => {
    const fixture = fixtureSource();
    fixture.sprites.delete('helm.0');
    const source = toSource(fixture);
    delete source.files['items.json'];
    const unread = new Map([
      ['items.json', 600_000_000],
      ['sprites/helm.0.png', 2_000_000],
    ]);
    const result = loadDataset({ ...source, unread }, FIXTURE_STAMP);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { file: 'items.json', message: '600,000,000 bytes, over the limit of 256 MiB' },
      { file: 'sprites/helm.0.png', message: '2,000,000 bytes, over the limit of 1 MiB' },
    ]);
  });

  it('reports every problem at once, one line each', () => {
    const fixture = fixtureSource();
    delete items(fixture)[1]!.name;
    items(fixture)[0]!.roll = { zzz: [1, 2] };
    fixture.sprites.delete('sword.4');
    const result = load(fixture);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = formatProblems(result.problems);
    expect(text).toContain('items.json › iron-helm › name:');
    expect(text).toContain('items.json › ashbringer › roll.zzz: unknown stat key "zzz"');
    expect(text).toContain('items.json › ashbringer › icon: no sprite "sprites/sword.4.png"');
  });
});

describe('a rarity on a list whose records have none', () => {
  it('is an internal field of the export, dropped, not checked against the scale', () => {
    const fixture = fixtureSource();
    const abilities = fixture.files['abilities.json'] as Array<Record<string, unknown>>;
    abilities[0]!.rarity = 'epic';
    abilities[1]!.rarity = 9;
    const result = load(fixture);
    if (!result.ok) throw new Error(formatProblems(result.problems));
    expect(JSON.stringify(result.dataset.lists.abilities.records)).not.toContain('rarity');
  });
});
