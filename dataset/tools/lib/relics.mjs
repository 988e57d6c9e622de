// relics.json: passive trinkets with one rolled bonus ("+3–6% Fire Damage"). The relic's name,
// element and icon follow from its bonus, so a Cinder Idol never grants frost damage.
import { RARITY_WEIGHTS } from './catalog.mjs';
import { roundTo } from './prng.mjs';
import { IdAllocator, compact, sortById } from './util.mjs';

/** label, unit, prefix, min, max (at common), decimals, element ('' = none) */
/** @type {[string, string, string, number, number, number, string][]} */
const BONUSES = [
  ['Fire Damage', '%', '+', 3, 6, 0, 'fire'],
  ['Frost Damage', '%', '+', 3, 6, 0, 'frost'],
  ['Storm Damage', '%', '+', 3, 6, 0, 'storm'],
  ['Shadow Damage', '%', '+', 3, 6, 0, 'shadow'],
  ['Radiant Damage', '%', '+', 3, 6, 0, 'radiant'],
  ['Poison Damage', '%', '+', 3, 6, 0, 'poison'],
  ['Critical Chance', '%', '+', 1, 3, 1, ''],
  ['Critical Damage', '%', '+', 5, 12, 0, ''],
  ['Attack Speed', '%', '+', 2, 5, 0, 'storm'],
  ['Cooldown Reduction', '%', '+', 2, 5, 0, ''],
  ['Movement Speed', '%', '+', 2, 6, 0, ''],
  ['Maximum Health', 'pts', '+', 40, 90, 0, ''],
  ['Armour', 'pts', '+', 20, 50, 0, ''],
  ['Health per Kill', '', '+', 5, 15, 0, 'shadow'],
  ['Lifesteal', '%', '+', 1, 2, 1, 'shadow'],
  ['Gold Find', '%', '+', 5, 15, 0, ''],
  ['Curse Duration', 's', '+', 0.5, 1.5, 1, 'poison'],
  ['Damage Taken', '%', '-', 2, 5, 0, ''],
  ['Potion Cooldown', 's', '-', 1, 4, 0, ''],
  ['Extra Projectiles', '', '+', 1, 1, 0, ''],
  ['Healing Received', '%', '+', 3, 8, 0, 'radiant'],
  ['Frost Resistance', '%', '+', 4, 9, 0, 'frost'],
];
/** Relics whose power is a rule, not a number: no min, max, unit or prefix. */
const SPECIAL = [
  ['Revive once per dungeon', 'radiant'],
  ['Immune to fear', 'shadow'],
  ['Reveals hidden doors', ''],
  ['Burning ground no longer harms you', 'fire'],
];

/** @type {Record<string, string[]>} */
const MATERIALS = {
  fire: ['Ember', 'Cinder', 'Ashen'],
  frost: ['Rime', 'Glacial', 'Hoarfrost'],
  storm: ['Storm', 'Thunder', 'Gale'],
  shadow: ['Umbral', 'Dusk', 'Shade'],
  radiant: ['Sun', 'Dawn', 'Hallowed'],
  poison: ['Venom', 'Blight', 'Thorn'],
  plain: ['Iron', 'Moon', 'Blood', 'Star', 'Bone', 'Oaken', 'Wyrm', 'Salt'],
};
const NOUNS = [
  'Idol',
  'Shard',
  'Reliquary',
  'Sigil',
  'Censer',
  'Fetish',
  'Effigy',
  'Phylactery',
  'Seal',
  'Heart',
  'Eye',
  'Tooth',
  'Chalice',
  'Lantern',
];
const COUNT = 68;
const NOTES = [
  'Unique relics do not stack.',
  'Roll range widened in 3.2.',
  'Season 2 reward track only.',
  'Check tooltip rounding on the client.',
];

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
export function generateRelics(rng, sprites) {
  const ids = new IdAllocator();
  const used = new Set();
  const relics = Array.from({ length: COUNT }, (_, i) => {
    const special = i < SPECIAL.length;
    const bonus = special ? undefined : rng.pick(BONUSES);
    const element = (special ? SPECIAL[i]?.[1] : bonus?.[6]) || 'plain';
    const name = uniqueName(rng, element, used);
    // A few relics in the export predate the rarity scale and carry none.
    const rarity = rng.chance(0.94) ? rng.weighted(RARITY_WEIGHTS) : undefined;
    return compact({
      id: ids.take(name),
      name,
      label: special ? SPECIAL[i]?.[0] : bonus?.[0],
      ...(bonus ? range(rng, bonus, rarity ?? 0) : {}),
      rarity,
      icon: rng.chance(0.95)
        ? sprites.use(`relic.${element}.${rarity ?? 0}`, {
            shape: 'relic',
            rarity: rarity ?? 0,
            variant: 0,
            tint: element,
          })
        : undefined,
      unique: rng.chance(0.6) ? rarity === 4 || rng.chance(0.2) : undefined,
      dropWeight: rng.float(0.5, 20, 1),
      lootTableId: `lt-r${rng.int(100, 999)}`,
      devNotes: rng.pick(NOTES),
    });
  });
  return sortById(relics);
}

/**
 * min/max grow with rarity; unit and prefix are absent when the bonus has none.
 * @param {import('./prng.mjs').Rng} rng
 * @param {[string, string, string, number, number, number, string]} bonus
 * @param {number} rarity
 */
function range(rng, [, unit, prefix, lo, hi, dp], rarity) {
  const mult = 1 + 0.5 * rarity;
  const min = roundTo(lo * mult * rng.float(0.9, 1, 2), dp);
  const max = Math.max(min, roundTo(hi * mult, dp));
  return { min: lo === hi ? lo : min, max: lo === hi ? hi : max, unit: unit || undefined, prefix };
}

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {string} element
 * @param {Set<string>} used
 */
function uniqueName(rng, element, used) {
  let name = '';
  for (let attempt = 0; attempt < 20 && (name === '' || used.has(name)); attempt++)
    name = `${rng.pick(MATERIALS[element] ?? [])} ${rng.pick(NOUNS)}`;
  used.add(name);
  return name;
}
