// Accessory and cosmetic silhouettes: amulet, ring, trinket, cloak, hat, wings, mount, pet.
import { shade } from './canvas.mjs';
import {
  box,
  circle,
  halfPlane,
  intersect,
  mirrorX,
  polygon,
  ring,
  segment,
  starPoints,
  subtract,
  union,
} from './sdf.mjs';

/** @typedef {import('./canvas.mjs').Layer} Layer */
/** @typedef {import('./palette.mjs').Ink} Ink */

/** A glint on gems, drawn without outline. @param {number} x @param {number} y @param {Ink} k @returns {Layer} */
const glint = (x, y, k) => ({ d: circle(x, y, 2), c: k.light, outline: false, alpha: 0.85 });

/** @type {Record<string, (k: Ink) => Layer[]>} */
export const TRINKET_SHAPES = {
  amulet: (k) => [
    { d: intersect(ring(32, 10, 20, 1.3), halfPlane(0, -1, -10)), c: k.gold },
    {
      d: polygon([
        [32, 28],
        [44, 42],
        [32, 60],
        [20, 42],
      ]),
      c: k.gold,
    },
    {
      d: polygon([
        [32, 32],
        [40.5, 42],
        [32, 55],
        [23.5, 42],
      ]),
      c: k.accent,
      outline: false,
    },
    glint(29, 38, k),
  ],
  ring: (k) => [
    { d: ring(32, 40, 13, 3.3), c: k.gold },
    { d: box(32, 24, 8, 5, 2), c: shade(k.gold, 0.85) },
    { d: circle(32, 21, 6.5), c: k.accent },
    glint(29.5, 18.5, k),
  ],
  trinket: (k) => [
    { d: ring(32, 9, 4, 1.5), c: k.gold },
    { d: segment(32, 13, 32, 22, 1), c: k.gold },
    { d: polygon(starPoints(32, 38, 16, 16, 3, 30)), c: shade(k.accent, 0.8) },
    { d: polygon(starPoints(32, 38, 8, 3.5, 5)), c: k.gold, outline: false },
  ],
  cloak: (k) => [
    {
      d: polygon([
        [21, 9],
        [43, 9],
        [51, 30],
        [56, 58],
        [8, 58],
        [13, 30],
      ]),
      c: shade(k.accent, 0.8),
    },
    {
      d: polygon([
        [24, 11],
        [40, 11],
        [36, 26],
        [28, 26],
      ]),
      c: shade(k.accent, 0.45),
      outline: false,
    },
    {
      d: union(
        segment(24, 32, 20, 56, 0.8),
        segment(32, 30, 32, 56, 0.8),
        segment(40, 32, 44, 56, 0.8),
      ),
      c: shade(k.accent, 0.55),
      outline: false,
    },
    { d: circle(32, 11, 3.8), c: k.gold },
  ],
  hat: (k) => [
    {
      d: polygon([
        [30, 3],
        [45, 44],
        [19, 44],
      ]),
      c: shade(k.accent, 0.85),
    },
    { d: box(32, 46, 25, 4, 4), c: shade(k.accent, 0.7) },
    { d: box(32, 40, 11.5, 3, 1), c: k.gold },
    { d: polygon(starPoints(31, 24, 4.5, 2, 5)), c: k.light, outline: false },
  ],
  wings: (k) => {
    const wing = polygon([
      [30, 36],
      [27, 22],
      [18, 11],
      [4, 6],
      [9, 15],
      [3, 20],
      [10, 26],
      [4, 32],
      [12, 37],
      [8, 44],
      [18, 45],
      [16, 52],
      [29, 42],
    ]);
    const feathers = union(
      segment(27, 30, 9, 16, 0.7),
      segment(27, 34, 9, 29, 0.7),
      segment(27, 38, 13, 41, 0.7),
    );
    return [
      { d: union(wing, mirrorX(wing)), c: shade(k.accent, 1.15) },
      { d: union(feathers, mirrorX(feathers)), c: shade(k.accent, 0.7), outline: false },
      { d: circle(32, 32, 3.5), c: k.gold },
    ];
  },
  mount: (k) => {
    const shoe = subtract(ring(32, 31, 17, 5), box(32, 52, 8.5, 14));
    const nails = union(
      ...[160, 200, 235, 305, 340, 20].map((a) =>
        circle(
          32 + 17 * Math.cos((a * Math.PI) / 180),
          31 + 17 * Math.sin((a * Math.PI) / 180),
          1.5,
        ),
      ),
    );
    return [
      { d: shoe, c: k.rarity >= 3 ? k.gold : k.metal },
      { d: intersect(nails, shoe), c: k.dark, outline: false },
      { d: box(32, 56, 14, 3, 1.5), c: k.accent },
    ];
  },
  pet: (k) => [
    { d: union(circle(32, 44, 11), circle(26, 47, 8), circle(38, 47, 8)), c: shade(k.accent, 0.9) },
    {
      d: union(
        circle(17, 30, 5.5),
        circle(25.5, 21, 5.5),
        circle(38.5, 21, 5.5),
        circle(47, 30, 5.5),
      ),
      c: shade(k.accent, 0.9),
    },
    glint(28, 40, k),
  ],
};
