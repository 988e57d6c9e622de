// Colours for sprites: the frame says the rarity (or ability category), the silhouette's material
// says what it is made of, and the variant shifts the accent hue.

/** @typedef {import('./canvas.mjs').Rgb} Rgb */

/** Frame colours of the rarity scale: grey, green, blue, purple, orange. */
/** @type {Rgb[]} */
export const RARITY = [
  [157, 157, 157],
  [40, 200, 70],
  [20, 120, 230],
  [163, 60, 238],
  [255, 128, 0],
];

/** Frame colours of ability categories (abilities have no rarity). */
/** @type {Record<string, Rgb>} */
export const CATEGORY = {
  offense: [215, 70, 45],
  defense: [70, 120, 210],
  support: [225, 190, 70],
  movement: [50, 185, 165],
  summoning: [150, 80, 205],
  utility: [140, 150, 110],
  misc: [120, 120, 128],
};

/** Relic crystal colours by element. */
/** @type {Record<string, Rgb>} */
export const ELEMENT = {
  fire: [255, 120, 30],
  frost: [130, 215, 255],
  storm: [70, 225, 205],
  shadow: [135, 85, 225],
  radiant: [255, 228, 120],
  poison: [125, 230, 75],
  plain: [205, 205, 215],
};

/** Armour material colours. */
/** @type {Record<string, Rgb>} */
export const MATERIAL = {
  cloth: [150, 110, 190],
  leather: [150, 100, 60],
  mail: [128, 140, 160],
  plate: [205, 212, 224],
};

/** Follower class colours (their clothes). */
/** @type {Record<string, Rgb>} */
export const CLASS = {
  warrior: [175, 60, 50],
  ranger: [70, 130, 60],
  mage: [95, 75, 180],
  cleric: [225, 215, 185],
  rogue: [70, 70, 82],
  beast: [135, 95, 60],
};

/** Accent (gems, paint, cloth) per variant. */
/** @type {Rgb[]} */
const ACCENTS = [
  [220, 60, 60],
  [70, 150, 235],
  [80, 200, 110],
  [235, 190, 70],
];

/**
 * Colours a silhouette draws with.
 * @typedef {object} Ink
 * @property {Rgb} metal
 * @property {Rgb} wood
 * @property {Rgb} gold
 * @property {Rgb} accent
 * @property {Rgb} tint      material / element / class colour, or metal when none
 * @property {Rgb} light
 * @property {Rgb} dark
 * @property {string} tintName
 * @property {number} variant
 * @property {number} rarity
 */

/**
 * Legendary gear is gilded, epic gear is darkened steel, the rest plain steel.
 * @param {import('../sprite-set.mjs').SpriteSpec} spec
 * @returns {Ink}
 */
export function inkFor(spec) {
  const metal = /** @type {Rgb} */ (
    spec.rarity === 4 ? [232, 190, 90] : spec.rarity === 3 ? [150, 150, 175] : [192, 200, 212]
  );
  const tintName = spec.tint ?? '';
  const tint =
    MATERIAL[tintName] ?? ELEMENT[tintName] ?? CLASS[tintName] ?? CATEGORY[tintName] ?? metal;
  return {
    metal,
    tint,
    tintName,
    wood: [135, 90, 52],
    gold: [232, 188, 76],
    light: [245, 240, 228],
    dark: [45, 38, 50],
    accent: /** @type {Rgb} */ (ACCENTS[spec.variant % ACCENTS.length]),
    variant: spec.variant,
    rarity: spec.rarity,
  };
}

/**
 * @param {import('../sprite-set.mjs').SpriteSpec} spec
 * @returns {Rgb}
 */
export function frameColour(spec) {
  return spec.rarity >= 0
    ? /** @type {Rgb} */ (RARITY[spec.rarity] ?? RARITY[0])
    : (CATEGORY[spec.tint ?? 'misc'] ?? [120, 120, 128]);
}
