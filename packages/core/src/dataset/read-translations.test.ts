import { describe, expect, it } from 'vitest';
import { FIXTURE_STAMP, fixtureSource, toSource } from '../testing/fixture-source.js';
import { MAX_DESCRIPTION_LENGTH, MAX_SHORT_TEXT_LENGTH } from './limits.js';
import { loadDataset } from './load-dataset.js';
import { formatProblems, type DatasetProblem } from './problems.js';
import { translationCoverage } from './translation-coverage.js';

type Fixture = ReturnType<typeof fixtureSource>;

/** The fixture with German translations of a few records, fields and rarity names. */
function translated(): Fixture {
  const fixture = fixtureSource();
  Object.assign(fixture.files, {
    'translations/de/items.json': {
      ashbringer: {
        name: 'Aschenbringer',
        description: 'Eine <color=#ffb400>brennende</color> <b>Klinge</b>.\r\n',
        effects: [{ label: 'Glutstoß', impact: 'Feuer' }],
        requirements: [null],
        dungeons: ['Glutschmiede'],
      },
      'iron-helm': { name: 'Eisenhelm' },
    },
    'translations/de/stats.json': { mgt: { name: 'Macht' } },
    'translations/de/manifest.json': { rarities: { '4': 'Legendär', '0': 'Gewöhnlich' } },
    'translations/FR/followers.json': { bram: { name: 'Bram le Brave' } },
  });
  return fixture;
}

function load(fixture: Fixture) {
  return loadDataset(toSource(fixture), FIXTURE_STAMP);
}

function problemsOf(fixture: Fixture): DatasetProblem[] {
  const result = load(fixture);
  if (result.ok) throw new Error('expected the export to be refused');
  return result.problems;
}

describe('loadDataset with translations', () => {
  it('keeps each language under its canonical tag, descriptions stripped of markup as the records are', () => {
    const result = load(translated());
    if (!result.ok) throw new Error(formatProblems(result.problems));
    const { dataset } = result;
    expect(dataset.language).toBe('en');
    expect(Object.keys(dataset.translations)).toEqual(['de', 'fr']);
    expect(dataset.translations.de).toEqual({
      collections: {
        items: {
          ashbringer: {
            name: 'Aschenbringer',
            description: 'Eine brennende Klinge.',
            effects: [{ label: 'Glutstoß', impact: 'Feuer' }],
            requirements: [null],
            dungeons: ['Glutschmiede'],
          },
          'iron-helm': { name: 'Eisenhelm' },
        },
        stats: { mgt: { name: 'Macht' } },
      },
      rarities: { '0': 'Gewöhnlich', '4': 'Legendär' },
    });
    expect(dataset.translations.fr).toEqual({
      collections: { followers: { bram: { name: 'Bram le Brave' } } },
    });
    // The records themselves are the default language's, as before.
    expect(dataset.lists.items.get('ashbringer')?.name).toBe('Ashbringer');
  });

  it('has no translations and the default language en without a translations folder or a manifest language', () => {
    const result = load(fixtureSource());
    expect(result.ok && [result.dataset.language, result.dataset.translations]).toEqual(['en', {}]);
  });

  it('takes the default language from the manifest, canonical', () => {
    const fixture = translated();
    (fixture.files['manifest.json'] as Record<string, unknown>).language = 'EN-gb';
    const result = load(fixture);
    expect(result.ok && result.dataset.language).toBe('en-GB');
  });

  it('reports coverage per language per collection: translated fields over the fields the records have', () => {
    const result = load(translated());
    if (!result.ok) throw new Error(formatProblems(result.problems));
    const coverage = translationCoverage(result.dataset);
    // Items have 4 names, 1 description, 3 effect fields, 1 skill and 1 dungeon: 10 fields; 6 are translated.
    expect(coverage.de?.items).toEqual({ translated: 6, translatable: 10, fraction: 0.6 });
    // Stats: two names and a unit.
    expect(coverage.de?.stats).toEqual({ translated: 1, translatable: 3, fraction: 0.3333 });
    expect(coverage.de?.abilities).toEqual({ translated: 0, translatable: 3, fraction: 0 });
    expect(coverage.de?.rarities).toEqual({ translated: 2, translatable: 5, fraction: 0.4 });
    expect(coverage.fr?.followers).toEqual({ translated: 1, translatable: 1, fraction: 1 });
  });
});

describe('loadDataset refuses broken translations with file, record and field', () => {
  const cases: Array<[string, (files: Record<string, unknown>) => void, Partial<DatasetProblem>]> =
    [
      [
        'a directory that is no language tag',
        (f) => void (f['translations/deutsch_de/items.json'] = {}),
        {
          file: 'translations/deutsch_de',
          message: '"deutsch_de" is not a BCP 47 language tag (such as de, pt-BR or zh-Hant)',
        },
      ],
      [
        'the default language',
        (f) => void (f['translations/en/items.json'] = {}),
        {
          file: 'translations/en',
          message: expect.stringContaining('translates the default language, en'),
        },
      ],
      [
        'two directories of one language',
        (f) => void (f['translations/de-de/items.json'] = f['translations/de-DE/stats.json'] = {}),
        { file: 'translations/de-de', message: 'the same language as translations/de-DE (de-DE)' },
      ],
      [
        'a file a language directory does not hold',
        (f) => void (f['translations/de/item.json'] = {}),
        {
          file: 'translations/de/item.json',
          message: expect.stringContaining('not a translation file'),
        },
      ],
      [
        'a file beside the language directories',
        (f) => void (f['translations/de.json'] = {}),
        { file: 'translations/de.json' },
      ],
      [
        'an array instead of an object',
        (f) => void (f['translations/de/abilities.json'] = []),
        {
          file: 'translations/de/abilities.json',
          message: 'expected a JSON object keyed by record id',
        },
      ],
      [
        'an unknown record id',
        (f) => void (f['translations/de/items.json'] = { 'no-such-item': { name: 'X' } }),
        {
          file: 'translations/de/items.json',
          record: 'no-such-item',
          message: 'unknown id "no-such-item" (not in items.json)',
        },
      ],
      [
        'an unknown stat key',
        (f) => void (f['translations/de/stats.json'] = { zzz: { name: 'X' } }),
        { record: 'zzz', message: 'unknown stat key "zzz" (not in stats.json)' },
      ],
      [
        'a field that is not translatable',
        (f) => void (f['translations/de/items.json'] = { 'iron-helm': { slot: 'Kopf' } }),
        {
          record: 'iron-helm',
          field: 'slot',
          message:
            'not translatable here (translatable: name, description, effects, requirements, dungeons, aliases)',
        },
      ],
      [
        'a field of an element that is not translatable',
        (f) =>
          void (f['translations/de/items.json'] = { ashbringer: { effects: [{ chance: 3 }] } }),
        {
          record: 'ashbringer',
          field: 'effects[0].chance',
          message: 'not translatable here (translatable: trigger, label, impact)',
        },
      ],
      [
        'a wrong type',
        (f) => void (f['translations/de/abilities.json'] = { dash: { name: 7 } }),
        { file: 'translations/de/abilities.json', record: 'dash', field: 'name' },
      ],
      [
        'an empty text',
        (f) => void (f['translations/de/abilities.json'] = { dash: { name: '' } }),
        {
          record: 'dash',
          field: 'name',
          message: 'must not be empty: leave out text that is not translated',
        },
      ],
      [
        'a name over its limit',
        (f) =>
          void (f['translations/de/followers.json'] = {
            bram: { name: 'n'.repeat(MAX_SHORT_TEXT_LENGTH + 1) },
          }),
        { record: 'bram', field: 'name' },
      ],
      [
        'a description over its limit',
        (f) =>
          void (f['translations/de/abilities.json'] = {
            fireball: { description: 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1) },
          }),
        { record: 'fireball', field: 'description' },
      ],
      [
        'a field the record does not have',
        (f) => void (f['translations/de/abilities.json'] = { dash: { description: 'Schnell' } }),
        {
          record: 'dash',
          field: 'description',
          message: 'the record has no description to translate',
        },
      ],
      [
        'an array of another length',
        (f) => void (f['translations/de/items.json'] = { ashbringer: { dungeons: ['A', 'B'] } }),
        {
          record: 'ashbringer',
          field: 'dungeons',
          message: "2 elements for the record's 1: give one for each, null for one not translated",
        },
      ],
      [
        'a rarity value off the scale',
        (f) => void (f['translations/de/manifest.json'] = { rarities: { '9': 'Mythisch' } }),
        {
          file: 'translations/de/manifest.json',
          field: 'rarities.9',
          message: expect.stringContaining('not a rarity value'),
        },
      ],
      [
        'other manifest text',
        (f) => void (f['translations/de/manifest.json'] = { license: 'CC BY 4.0 (deutsch)' }),
        {
          file: 'translations/de/manifest.json',
          field: 'license',
          message: 'not translatable here (translatable: rarities)',
        },
      ],
      [
        'bad JSON',
        (f) => void (f['translations/de/items.json'] = '{'),
        { file: 'translations/de/items.json', message: expect.stringContaining('invalid JSON') },
      ],
    ];

  it.each(cases)('%s', (_name, breakIt, expected) => {
    const fixture = translated();
    breakIt(fixture.files);
    const source = toSource(fixture);
    // A string stands for a file's raw text.
    for (const [path, value] of Object.entries(fixture.files))
      if (typeof value === 'string') source.files[path] = value;
    const result = loadDataset(source, FIXTURE_STAMP);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toContainEqual(expect.objectContaining(expected));
  });

  it('reports a collection it cannot read once, not each of its translations as an unknown id', () => {
    const fixture = translated();
    fixture.files['items.json'] = '[';
    const source = toSource(fixture);
    source.files['items.json'] = '[';
    const result = loadDataset(source, FIXTURE_STAMP);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContainEqual(
      expect.objectContaining({
        file: 'items.json',
        message: expect.stringContaining('invalid JSON'),
      }),
    );
    expect(problems.filter((problem) => problem.file === 'translations/de/items.json')).toEqual([]);
    // The other collections' translations are still checked.
    fixture.files['translations/de/stats.json'] = { zzz: { name: 'X' } };
    const both = toSource(fixture);
    both.files['items.json'] = '[';
    const refused = loadDataset(both, FIXTURE_STAMP);
    expect(!refused.ok && refused.problems).toContainEqual(
      expect.objectContaining({ file: 'translations/de/stats.json', record: 'zzz' }),
    );
  });

  it('refuses a manifest language that is no language tag', () => {
    const fixture = fixtureSource();
    (fixture.files['manifest.json'] as Record<string, unknown>).language = 'en_GB';
    expect(problemsOf(fixture)).toEqual([
      {
        file: 'manifest.json',
        field: 'language',
        message: 'must be a BCP 47 language tag such as en, de or pt-BR',
      },
    ]);
  });

  it('reports every problem of every language at once', () => {
    const fixture = translated();
    Object.assign(fixture.files, {
      'translations/de/abilities.json': { dash: { name: '' }, nope: { name: 'X' } },
      'translations/FR/followers.json': { bram: { rarity: 'rare' } },
    });
    expect(problemsOf(fixture).map((p) => [p.file, p.record, p.field])).toEqual([
      ['translations/FR/followers.json', 'bram', 'rarity'],
      ['translations/de/abilities.json', 'dash', 'name'],
      ['translations/de/abilities.json', 'nope', undefined],
    ]);
  });
});
