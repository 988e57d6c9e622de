import type { GameDataset } from '../dataset/dataset.js';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from './fixture-source.js';

/** The fixture export, loaded: a small valid dataset for table tests. */
export function fixtureDataset(): GameDataset {
  const result = loadDataset(toSource(fixtureSource()), FIXTURE_STAMP);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.dataset;
}

/** The fixture with German complete for what it names and Spanish partial: most Spanish text falls back. */
export function translatedFixtureDataset(): GameDataset {
  const source = fixtureSource();
  Object.assign(source.files, {
    'translations/de/items.json': {
      ashbringer: {
        name: 'Aschenbringer',
        description: 'Eine brennende Klinge.',
        effects: [{ trigger: 'bei Krit', label: 'Glutstoß', impact: 'Feuer' }],
        requirements: [{ skill: 'Schwerter' }],
        dungeons: ['Glutschmiede'],
      },
      'iron-helm': { name: 'Eisenhelm' },
      'jade-ring': { name: 'Jadering' },
      'party-hat': { name: 'Partyhut' },
    },
    'translations/de/stats.json': {
      mgt: { name: 'Macht' },
      crc: { name: 'Kritische Trefferchance', unit: '%' },
    },
    'translations/de/manifest.json': {
      rarities: {
        '0': 'gewöhnlich',
        '1': 'ungewöhnlich',
        '2': 'selten',
        '3': 'episch',
        '4': 'legendär',
      },
    },
    'translations/es/items.json': { 'jade-ring': { name: 'Anillo de jade' } },
    'translations/es/stats.json': { crc: { name: 'Probabilidad crítica', unit: '%' } },
    'translations/es/manifest.json': { rarities: { '2': 'raro' } },
  });
  const loaded = loadDataset(toSource(source), FIXTURE_STAMP);
  if (!loaded.ok) throw new Error(formatProblems(loaded.problems));
  return loaded.dataset;
}
