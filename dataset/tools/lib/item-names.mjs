// Item names: built from themed word lists; the shape of the name grows with rarity, from
// "Worn Iron Dagger" to "Emberforged Silversteel Sabre of Cinders" and, for legendaries, a proper name.
import { CHARACTERS, FACTIONS } from './lore.mjs';

const QUALITIES = [
  'Worn',
  'Simple',
  'Sturdy',
  'Plain',
  'Militia',
  "Recruit's",
  'Tarnished',
  'Patched',
  'Crude',
  "Traveller's",
];
const SUFFIXES = [
  'of the Bear',
  'of the Fox',
  'of the Owl',
  'of the Tides',
  'of Warding',
  'of the Vanguard',
  'of Ruin',
  'of the Silent Moon',
  'of the Deep',
  'of Sorrow',
  'of the Wanderer',
  'of the Hunt',
  'of Valour',
  'of the Sentinel',
];
/** Suffixes that only go with an element, so a frost item is never "…of Embers". */
const ELEMENT_SUFFIXES = {
  fire: ['of Embers', 'of the Forge', 'of Cinders'],
  frost: ['of the Long Winter', 'of Frozen Stars', 'of the Glacier'],
  storm: ['of the Tempest', 'of Thunder', 'of the Gale'],
  shadow: ['of Dusk', 'of the Hollow Court', 'of Whispers'],
  radiant: ['of Dawn', 'of the Lanternbearers', 'of the Sun'],
  poison: ['of the Mire', 'of Thorns', 'of Rot'],
};
const LEGEND_NOUNS = [
  'Oath',
  'Lament',
  'Requiem',
  'Promise',
  'Edge',
  'Vigil',
  'Wrath',
  'Grasp',
  'Ward',
  'Embrace',
  'Reckoning',
  'Heart',
  'Mercy',
  'Folly',
  'Crown',
  'Hymn',
  'Bane',
  'Answer',
  'Burden',
  'Last Word',
];
const LEGEND_HEADS = [
  'Dawn',
  'Night',
  'Star',
  'Grave',
  'Storm',
  'Soul',
  'Heart',
  'Doom',
  'Sun',
  'Wyrm',
  'Ash',
  'Frost',
  'Tide',
  'Oath',
];
const LEGEND_TAILS = [
  'breaker',
  'song',
  'fall',
  'caller',
  'render',
  'keeper',
  'reaver',
  'light',
  'whisper',
  'brand',
  'thorn',
  'ward',
];
const EPITHETS = [
  'Edge of the Last Dawn',
  'Bane of Kings',
  'the Unbroken',
  'Keeper of Oaths',
  'Whisper of the Deep',
  'Herald of Storms',
  'Warden of the Drowned',
  'the Ember Crown',
  'Last Light of Velmora',
  'Mercy of the Moon',
];

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./catalog.mjs').Kind} kind
 * @param {number} rarity
 * @param {import('./lore.mjs').Element | null} element
 * @param {string} noun       base noun (already swapped for an accessory subtype's noun)
 * @param {Set<string>} used  legendary names already taken
 */
export function nameItem(rng, kind, rarity, element, noun, used) {
  if (rarity === 4) return legendaryName(rng, used);
  if (kind.type === 'cosmetic') return cosmeticName(rng, kind, noun);
  const material = rng.pick(kind.materials);
  const theme = element ? rng.pick(element.adjectives) : material;
  const suffix = () =>
    rng.pick(
      element && rng.chance(0.7)
        ? ELEMENT_SUFFIXES[/** @type {keyof typeof ELEMENT_SUFFIXES} */ (element.id)]
        : SUFFIXES,
    );
  switch (rarity) {
    case 0:
      return rng.chance(0.5)
        ? `${rng.pick(QUALITIES)} ${material} ${noun}`
        : `${rng.pick(QUALITIES)} ${noun}`;
    case 1:
      return rng.chance(0.75)
        ? `${theme} ${noun}`
        : `${material} ${noun} ${rng.pick(SUFFIXES.slice(0, 4))}`;
    case 2:
      return `${theme} ${noun} ${suffix()}`;
    default:
      return rng.chance(0.7)
        ? `${theme === material ? '' : `${theme} `}${material} ${noun} ${suffix()}`
        : `${noun} of the ${rng.pick(FACTIONS)}`;
  }
}

/**
 * Mounts read like reins ("Reins of the Ghostly Warhorse"), everything else "<Material> <Noun>".
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./catalog.mjs').Kind} kind
 * @param {string} noun
 */
function cosmeticName(rng, kind, noun) {
  const base = `${rng.pick(kind.materials)} ${noun}`;
  return kind.slot === 'mount' ? `Reins of the ${base}` : base;
}

/**
 * A proper name ("Ashbringer's Oath", "Stormcaller, Herald of Storms"), unique while the name space
 * lasts; on huge synthetic runs it eventually repeats and the id allocator adds a suffix.
 * @param {import('./prng.mjs').Rng} rng
 * @param {Set<string>} used
 */
function legendaryName(rng, used) {
  let name = '';
  for (let attempt = 0; attempt < 12; attempt++) {
    name = rng.chance(0.5) ? possessive(rng) : compound(rng);
    if (!used.has(name)) break;
  }
  used.add(name);
  return name;
}

/** @param {import('./prng.mjs').Rng} rng */
function possessive(rng) {
  const who = rng.pick(CHARACTERS);
  return `${who[0]?.toUpperCase()}${who.slice(1)}'s ${rng.pick(LEGEND_NOUNS)}`;
}

/** @param {import('./prng.mjs').Rng} rng */
function compound(rng) {
  const word = `${rng.pick(LEGEND_HEADS)}${rng.pick(LEGEND_TAILS)}`;
  return rng.chance(0.6) ? `${word}, ${rng.pick(EPITHETS)}` : word;
}
