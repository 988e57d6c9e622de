// Weapon silhouettes. Long weapons are drawn upright and rotated onto the diagonal, which is how
// inventory art usually shows them and lets them use the whole tile.
import { shade } from './canvas.mjs';
import {
  box,
  circle,
  intersect,
  halfPlane,
  polygon,
  ring,
  rotate,
  segment,
  starPoints,
  union,
} from './sdf.mjs';

/** @typedef {import('./canvas.mjs').Layer} Layer */
/** @typedef {import('./palette.mjs').Ink} Ink */

/** @param {Layer[]} layers @param {number} deg @returns {Layer[]} */
const turned = (layers, deg) =>
  layers.map((l) => ({ ...l, d: rotate(/** @type {import('./sdf.mjs').Sdf} */ (l.d), deg) }));

/**
 * An upright sword: blade from `tip` to `base`, guard, grip and pommel below.
 * @param {Ink} k @param {number} tip @param {number} base @param {number} half  blade half-width
 * @returns {Layer[]}
 */
function blade(k, tip, base, half) {
  const grip = base + 4;
  return [
    {
      d: polygon([
        [32, tip],
        [32 + half, tip + half * 1.6],
        [32 + half, base],
        [32 - half, base],
        [32 - half, tip + half * 1.6],
      ]),
      c: k.metal,
    },
    { d: segment(32, tip + half * 2, 32, base - 2, 0.7), c: shade(k.metal, 0.7), outline: false },
    {
      d: box(32, base + 1.5, half + 7, 2.2, 1.2),
      c: k.rarity >= 3 ? k.gold : shade(k.metal, 0.85),
    },
    { d: box(32, grip + 3, 2.2, 4.5, 1), c: k.wood },
    { d: circle(32, grip + 9.5, 3.2), c: k.accent },
  ];
}

/** @type {Record<string, (k: Ink) => Layer[]>} */
export const WEAPON_SHAPES = {
  sword: (k) => turned(blade(k, 8, 40, 3.8), 45),
  greatsword: (k) => turned(blade(k, -2, 40, 6), 45),
  dagger: (k) => turned(blade(k, 20, 40, 3.2), 45),
  axe: (k) =>
    turned(
      [
        { d: segment(32, 10, 32, 58, 2.3), c: k.wood },
        {
          d: polygon([
            [33, 11],
            [44, 5],
            [51, 17],
            [44, 31],
            [33, 25],
          ]),
          c: k.metal,
        },
        {
          d: polygon([
            [31, 14],
            [22, 17],
            [31, 22],
          ]),
          c: shade(k.metal, 0.85),
        },
        { d: circle(32, 56, 2.5), c: k.accent },
      ],
      30,
    ),
  mace: (k) =>
    turned(
      [
        { d: segment(32, 26, 32, 58, 2.3), c: k.wood },
        { d: polygon(starPoints(32, 18, 14, 8, 8)), c: shade(k.metal, 0.85) },
        { d: circle(32, 18, 8.5), c: k.metal },
        { d: circle(32, 18, 3), c: k.accent },
      ],
      35,
    ),
  wand: (k) => [
    { d: segment(20, 52, 40, 22, 2.2), c: k.wood },
    { d: segment(36.5, 27, 40, 22, 2.9), c: k.gold },
    { d: circle(43, 17, 6), c: k.accent },
    { d: polygon(starPoints(50, 9, 5, 1.5, 4)), c: k.light, outline: false },
  ],
  staff: (k) => [
    { d: segment(20, 60, 40, 18, 2.4), c: k.wood },
    { d: ring(42, 13, 8, 1.8), c: k.metal },
    { d: circle(42, 13, 4.8), c: k.accent },
  ],
  bow: (k) => [
    { d: segment(15, 8, 15, 56, 0.6), c: k.light, outline: false },
    { d: intersect(ring(12, 32, 26, 2.6), halfPlane(-1, 0, -14)), c: k.wood },
    { d: box(38, 32, 2.8, 5, 1), c: shade(k.wood, 0.6) },
    { d: segment(10, 32, 47, 32, 1), c: shade(k.wood, 1.2) },
    {
      d: polygon([
        [46, 27.5],
        [55, 32],
        [46, 36.5],
      ]),
      c: k.metal,
    },
    {
      d: polygon([
        [9, 28],
        [15, 32],
        [9, 36],
        [6, 32],
      ]),
      c: k.accent,
    },
  ],
  polearm: (k) =>
    turned(
      [
        { d: segment(32, 14, 32, 61, 2), c: k.wood },
        {
          d: polygon([
            [32, 1],
            [36.5, 11],
            [32, 18],
            [27.5, 11],
          ]),
          c: k.metal,
        },
        {
          d: polygon([
            [34, 15],
            [46, 10],
            [47, 29],
            [34, 24],
          ]),
          c: shade(k.metal, 0.9),
        },
        { d: box(32, 30, 3.2, 2, 1), c: k.accent },
      ],
      35,
    ),
  shield: (k) => {
    const outer = polygon([
      [11, 9],
      [53, 9],
      [53, 28],
      [32, 59],
      [11, 28],
    ]);
    const inner = (/** @type {number} */ x, /** @type {number} */ y) => outer(x, y) + 3.5;
    const charge =
      k.variant % 2 === 0
        ? box(32, 28, 3.5, 22)
        : union(box(32, 22, 19, 3.5), box(32, 28, 3.5, 20));
    return [
      { d: outer, c: k.metal },
      { d: inner, c: k.accent, outline: false },
      { d: intersect(charge, inner), c: shade(k.metal, 0.9), outline: false },
      { d: circle(32, 25, 5), c: k.gold },
    ];
  },
  tome: (k) => [
    { d: box(35, 33, 14, 20, 1.5), c: k.light },
    { d: box(30, 32, 14, 20, 2), c: shade(k.accent, 0.75) },
    { d: box(18, 32, 2.5, 20, 1), c: shade(k.accent, 0.5), outline: false },
    {
      d: polygon([
        [31, 22],
        [38, 32],
        [31, 42],
        [24, 32],
      ]),
      c: k.gold,
    },
    { d: circle(31, 32, 2.2), c: k.light, outline: false },
  ],
  focus: (k) => [
    {
      d: polygon([
        [22, 58],
        [42, 58],
        [38, 48],
        [26, 48],
      ]),
      c: k.gold,
    },
    { d: union(segment(27, 48, 21, 33, 1.6), segment(37, 48, 43, 33, 1.6)), c: k.gold },
    { d: circle(32, 30, 12.5), c: k.accent },
    { d: ring(32, 30, 6.5, 1), c: shade(k.accent, 1.4), outline: false },
    { d: circle(27, 24, 3.5), c: k.light, outline: false, alpha: 0.8 },
  ],
};
