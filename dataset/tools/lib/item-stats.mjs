// Stat lines and roll ranges. Values scale with rarity and always sit inside the published roll
// range, so `stats` reads as one concrete drop of the `roll` template.
import { roundTo } from './prng.mjs';
import { stat } from './stats.mjs';

/** Stat lines per rarity: commons may have none, legendaries five or six. */
const STAT_COUNT = [
  [0, 2],
  [2, 2],
  [3, 3],
  [4, 4],
  [5, 6],
];

/**
 * @typedef {{ stat: string, value: number, tags: string[], rollWeight: number }} StatLine
 * @typedef {Record<string, [number, number]>} Roll
 */

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./catalog.mjs').Kind} kind
 * @param {number} rarity
 * @param {import('./lore.mjs').Element | null} element
 * @returns {{ stats?: StatLine[], roll?: Roll }}
 */
export function rollStats(rng, kind, rarity, element) {
  if (kind.type === 'cosmetic') return {};
  const [lo, hi] = /** @type {[number, number]} */ (STAT_COUNT[rarity]);
  const keys = pickKeys(rng, kind, rng.int(lo, hi), element);
  if (keys.length === 0) return {};
  /** @type {StatLine[]} */
  const stats = [];
  /** @type {Roll} */
  const roll = {};
  keys.forEach((key, i) => {
    const range = rangeFor(key, rarity);
    roll[key] = range;
    stats.push({
      stat: key,
      value: rng.float(range[0], range[1], stat(key).dp),
      tags: tagsFor(rng, key, i),
      rollWeight: rng.float(0.05, 1, 2),
    });
  });
  if (!rng.chance(rarity === 0 ? 0.4 : 0.82)) return { stats };
  // Some exports only publish the range of the primary stat.
  return {
    stats,
    roll: rng.chance(0.12)
      ? { [keys[0] ?? '']: /** @type {[number, number]} */ (roll[keys[0] ?? '']) }
      : roll,
  };
}

/**
 * Primary stat first, then distinct secondaries; an elemental item trades its last secondary for its
 * element's damage (weapons) or resistance (armour, accessories).
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./catalog.mjs').Kind} kind
 * @param {number} count
 * @param {import('./lore.mjs').Element | null} element
 */
function pickKeys(rng, kind, count, element) {
  if (count === 0) return [];
  const primary = rng.pick(kind.primary);
  const keys = [
    primary,
    ...rng.sample(
      kind.pool.filter((k) => k !== primary),
      count - 1,
    ),
  ];
  if (element && keys.length >= 2) {
    const elemental =
      kind.type === 'weapon' ? element.damageKey : (element.resistKey ?? element.damageKey);
    if (!keys.includes(elemental)) keys[keys.length - 1] = elemental;
  }
  return keys;
}

/**
 * [min, max] for a stat at a rarity: the common range grows by half of itself per rarity step and never
 * exceeds a fifth of the stat's cap (one item must not cap a stat on its own).
 * @param {string} key
 * @param {number} rarity
 * @returns {[number, number]}
 */
function rangeFor(key, rarity) {
  const def = stat(key);
  const mult = 1 + 0.5 * rarity;
  const limit = def.cap !== undefined ? def.cap / 5 : Infinity;
  const min = roundTo(Math.min(def.lo * mult, limit), def.dp);
  const max = roundTo(Math.min(def.hi * mult, limit), def.dp);
  return [min, Math.max(min, max)];
}

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {string} key
 * @param {number} index
 */
function tagsFor(rng, key, index) {
  if (index === 0) return ['primary'];
  if (rng.chance(0.1)) return [];
  const element = stat(key).element;
  if (element) return ['secondary', element];
  return rng.chance(0.15) ? ['secondary', 'pvp'] : ['secondary'];
}
