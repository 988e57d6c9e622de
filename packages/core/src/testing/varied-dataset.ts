import type { GameDataset } from '../dataset/dataset.js';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { FIXTURE_STAMP, fixtureSource, toSource } from './fixture-source.js';
import { seeded } from './seeded.js';

const STAT_KEYS = ['mgt', 'crc', 'arm', 'constructor'];
// Names that tie under a collator that ignores case and accents, and some that sort differently
// by code unit than by letter.
const NAMES = [
  'Éclair',
  'eclair',
  'Zephyr',
  'apple',
  'Apple',
  'Ölkanne',
  'Ofen',
  'zebra',
  'Åsa',
  'abbey',
];
const SLOTS = ['head', 'Head', 'ring', 'mainhand', undefined];

/**
 * The fixture export with `count` varied items: stats (a key listed twice on some), rolls,
 * rarities, slots in either case, cosmetic or not or unsaid, many subtypes, and names that collate
 * and tie. Every
 * optional field is both present and absent, so sorts and ranges meet records lacking their key.
 *
 * @example variedDataset(200).lists.items.size // 200
 */
export function variedDataset(count: number, seed = 7): GameDataset {
  const random = seeded(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const source = fixtureSource();
  const stats = source.files['stats.json'] as Array<Record<string, unknown>>;
  stats.push({ key: 'arm', name: 'Armour' }, { key: 'constructor', name: 'Constructor' });
  source.files['items.json'] = Array.from({ length: count }, (_, i) => {
    const keys = STAT_KEYS.filter(() => random() < 0.4);
    const slot = pick(SLOTS);
    const cosmetic = pick([true, false, undefined]);
    return {
      id: `item-${String(i).padStart(4, '0')}`,
      name: `${pick(NAMES)}${random() < 0.5 ? '' : ` ${pick(NAMES)}`}`,
      type: pick(['weapon', 'armour']),
      ...(slot === undefined ? {} : { slot }),
      // Many subtypes, from the position rather than the random sequence: enough values that
      // facets count the columns in more than one group.
      ...(i % 11 === 0 ? {} : { subtype: `kind ${(i * 7) % 61}` }),
      rarity: Math.floor(random() * 5),
      ...(cosmetic === undefined ? {} : { cosmetic }),
      stats: keys.flatMap((stat) => {
        const entry = { stat, value: Math.round(random() * 40) - 5, tags: [] };
        return random() < 0.2 ? [entry, { ...entry, value: 3 }] : [entry];
      }),
      roll: Object.fromEntries(
        keys.map((key) => {
          const min = Math.round(random() * 30);
          return [key, [min, min + Math.round(random() * 20)]];
        }),
      ),
    };
  });
  const result = loadDataset(toSource(source), FIXTURE_STAMP);
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.dataset;
}
