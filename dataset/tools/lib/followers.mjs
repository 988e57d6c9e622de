// followers.json: named companions. Each has a class, which picks its title or epithet and its
// portrait silhouette; the class itself is not a public field, so it only shows in the art.
import { RARITY_WEIGHTS } from './catalog.mjs';
import { IdAllocator, compact, sortById } from './util.mjs';

const GIVEN = [
  'Brannoc',
  'Ysolde',
  'Maerwen',
  'Idris',
  'Tamsin',
  'Corvane',
  'Hesk',
  'Seraphine',
  'Dunmor',
  'Ilsabet',
  'Aldric',
  'Vashti',
  'Oren',
  'Kestrel',
  'Rowan',
  'Thessaly',
  'Garrick',
  'Mirela',
  'Fenwick',
  'Odalys',
  'Bram',
  'Liesel',
  'Caspian',
  'Nyra',
  'Torvald',
  'Wren',
  'Halvard',
  'Elspeth',
  'Joss',
  'Sable',
];

/** @type {Record<string, { titles: string[], epithets: string[] }>} */
const CLASSES = {
  warrior: {
    titles: ['Ser', 'Captain', 'Thane', 'Sergeant'],
    epithets: ['the Ironhand', 'Shieldbreaker', 'the Unbowed', 'of Stormbreak Keep'],
  },
  ranger: {
    titles: ['Warden', 'Scout'],
    epithets: ['the Far-Sighted', 'of the Thornveil', 'Longstride', 'Wolfsbane'],
  },
  mage: {
    titles: ['Magister', 'Archivist', 'Adept'],
    epithets: ['the Ember-Eyed', 'of the Spire', 'Stormcaller', 'the Learned'],
  },
  cleric: {
    titles: ['Chaplain', 'Oracle', 'Deacon'],
    epithets: ['the Lantern', 'of the Silent Moon', 'the Merciful'],
  },
  rogue: {
    titles: [],
    epithets: ['Quickfingers', 'the Knife', 'of the Glasswind', 'Nine-Lives', 'the Quiet'],
  },
  beast: { titles: [], epithets: [] },
};
const BEAST_NAMES = [
  'Grimfang',
  'Ash-Tusk',
  'Old Hob',
  'Cinders',
  'Moss',
  'Skree',
  'Bramble',
  'Nettle',
  'Frostpaw',
  'Thistle',
];
const SPECIES = ['Boar', 'Bear', 'Salamander', 'Wolf', 'Stormcrow', 'Stag', 'Fox', 'Lynx'];
const COUNT = 46;
const NOTES = [
  'Voice-over recorded in 3.1.',
  'Recruitable after the Emberdeep questline.',
  'Hidden from the tavern board until level 20.',
  'Uses the shared companion AI.',
];

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
export function generateFollowers(rng, sprites) {
  const ids = new IdAllocator();
  const used = new Set();
  const classes = Object.keys(CLASSES);
  const followers = Array.from({ length: COUNT }, (_, i) => {
    // Cycle through classes first so every class appears, then interleave by index.
    const cls = /** @type {string} */ (classes[i % classes.length]);
    const name = uniqueName(rng, cls, used);
    const rarity = rng.chance(0.93) ? rng.weighted(RARITY_WEIGHTS) : undefined;
    return compact({
      id: ids.take(name),
      name,
      rarity,
      icon: rng.chance(0.9)
        ? sprites.use(`follower.${cls}.${rarity ?? 0}`, {
            shape: `follower-${cls}`,
            rarity: rarity ?? 0,
            variant: 0,
            tint: cls,
          })
        : undefined,
      dropChance: rng.float(0.001, 0.05, 4),
      recruitWeight: rng.int(1, 50),
      devNotes: rng.pick(NOTES),
    });
  });
  return sortById(followers);
}

/**
 * "Ser Brannoc", "Kestrel the Far-Sighted", "Grimfang the Boar".
 * @param {import('./prng.mjs').Rng} rng
 * @param {string} cls
 * @param {Set<string>} used
 */
function uniqueName(rng, cls, used) {
  const def = CLASSES[cls] ?? { titles: [], epithets: [] };
  let name = '';
  for (let attempt = 0; attempt < 30 && (name === '' || used.has(name)); attempt++) {
    if (cls === 'beast') name = `${rng.pick(BEAST_NAMES)} the ${rng.pick(SPECIES)}`;
    else if (def.titles.length && rng.chance(0.5))
      name = `${rng.pick(def.titles)} ${rng.pick(GIVEN)}`;
    else name = `${rng.pick(GIVEN)} ${rng.pick(def.epithets)}`;
  }
  used.add(name);
  return name;
}
