// Seeded randomness. Every random choice in the generator goes through an Rng made here, so the same
// seed always yields the same dataset (no Math.random, no clock).

/**
 * @typedef {object} Rng
 * @property {() => number} next                      uniform float in [0, 1)
 * @property {(min: number, max: number) => number} int   integer in [min, max], both inclusive
 * @property {(min: number, max: number, decimals?: number) => number} float  rounded float in [min, max]
 * @property {(p: number) => boolean} chance          true with probability p
 * @property {<T>(list: readonly T[]) => T} pick       one element, uniformly
 * @property {<T>(list: readonly T[], n: number) => T[]} sample  n distinct elements, in draw order
 * @property {<T>(entries: readonly (readonly [T, number])[]) => T} weighted  pick by [value, weight]
 * @property {<T>(list: readonly T[]) => T[]} shuffle  a shuffled copy
 */

/**
 * 32-bit string hash (FNV-1a with a final avalanche), used to turn seeds and stream names into
 * PRNG states.
 * @param {string} text
 * @returns {number}
 */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * mulberry32: tiny, fast and good enough for content generation.
 * @param {number} state
 * @returns {() => number}
 */
function mulberry32(state) {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One independent stream per collection (`seed:items`, `seed:abilities`…), so that changing the item
 * count never changes the abilities, relics, followers or stats.
 * @param {string} seed
 * @param {string} stream
 * @returns {Rng}
 */
export function createRng(seed, stream) {
  const next = mulberry32(hash32(`${seed}:${stream}`));
  /** @type {Rng} */
  const rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max, decimals = 2) => roundTo(min + next() * (max - min), decimals),
    chance: (p) => next() < p,
    pick: (list) => /** @type {any} */ (list[Math.floor(next() * list.length)]),
    sample: (list, n) => rng.shuffle(list).slice(0, n),
    weighted: (entries) => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, w] of entries) {
        roll -= w;
        if (roll < 0) return value;
      }
      return /** @type {any} */ (entries[entries.length - 1])[0];
    },
    shuffle: (list) => {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [/** @type {any} */ (out[j]), /** @type {any} */ (out[i])];
      }
      return out;
    },
  };
  return rng;
}

/**
 * Rounds to a fixed number of decimals; used for every generated number so the JSON stays short.
 * @param {number} value
 * @param {number} decimals
 */
export function roundTo(value, decimals) {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
