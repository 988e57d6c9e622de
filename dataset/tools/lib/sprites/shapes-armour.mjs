// Armour silhouettes, one per slot. The material (cloth, leather, mail, plate) colours the piece and,
// for heads and chests, changes the cut: a hood instead of a helm, a robe instead of a cuirass.
import { shade } from './canvas.mjs';
import {
  box,
  circle,
  halfPlane,
  intersect,
  polygon,
  ring,
  rotate,
  segment,
  subtract,
  union,
} from './sdf.mjs';

/** @typedef {import('./canvas.mjs').Layer} Layer */
/** @typedef {import('./palette.mjs').Ink} Ink */

/** @param {Layer[]} layers @param {number} deg @returns {Layer[]} */
const turned = (layers, deg) =>
  layers.map((l) => ({ ...l, d: rotate(/** @type {import('./sdf.mjs').Sdf} */ (l.d), deg) }));

/** @param {Ink} k */
const soft = (k) => k.tintName === 'cloth' || k.tintName === 'leather';

/** Small rivets or studs. @param {[number, number][]} at @param {Ink} k @returns {Layer} */
const studs = (at, k) => ({
  d: union(...at.map(([x, y]) => circle(x, y, 1.6))),
  c: k.rarity >= 3 ? k.gold : shade(k.tint, 0.6),
  outline: false,
});

/** @type {Record<string, (k: Ink) => Layer[]>} */
export const ARMOUR_SHAPES = {
  head: (k) => (soft(k) ? hood(k) : helm(k)),
  // One pauldron, tilted as if worn on the left shoulder, with two lames beneath it.
  shoulders: (k) =>
    turned(
      [
        { d: box(32, 50, 15, 3.2, 2.5), c: shade(k.tint, 0.75) },
        { d: box(32, 44, 19, 3.4, 2.5), c: shade(k.tint, 0.9) },
        { d: intersect(circle(32, 42, 23), halfPlane(0, 1, 40)), c: k.tint },
        {
          d: intersect(ring(32, 42, 20, 1.3), halfPlane(0, 1, 39)),
          c: k.rarity >= 2 ? k.accent : shade(k.tint, 0.7),
          outline: false,
        },
        studs(
          [
            [17, 36],
            [25, 28],
            [39, 28],
            [47, 36],
          ],
          k,
        ),
      ],
      -15,
    ),
  chest: (k) => {
    const hem = soft(k) && k.tintName === 'cloth' ? 61 : 55;
    const flare = hem === 61 ? 6 : 0;
    return [
      {
        d: polygon([
          [15, 12],
          [26, 9],
          [32, 16],
          [38, 9],
          [49, 12],
          [53, 27],
          [45, 29],
          [45 + flare, hem],
          [19 - flare, hem],
          [19, 29],
          [11, 27],
        ]),
        c: k.tint,
      },
      { d: segment(32, 18, 32, hem - 4, 0.8), c: shade(k.tint, 0.7), outline: false },
      { d: box(32, 43, 13, 2.6, 1), c: k.tintName === 'plate' ? shade(k.tint, 0.8) : [90, 60, 40] },
      { d: box(32, 43, 3, 3, 0.8), c: k.gold },
      ...(k.rarity >= 2
        ? [
            {
              d: polygon([
                [32, 24],
                [36, 29],
                [32, 34],
                [28, 29],
              ]),
              c: k.accent,
            },
          ]
        : []),
    ];
  },
  hands: (k) => [
    { d: box(30, 37, 10, 11, 3.5), c: k.tint },
    {
      d: union(
        segment(22.5, 30, 22.5, 17, 2.7),
        segment(28, 29, 28, 13, 2.7),
        segment(33.5, 29, 33.5, 14, 2.7),
        segment(38.5, 30, 38.5, 19, 2.5),
      ),
      c: k.tint,
    },
    { d: segment(39, 41, 47, 31, 3), c: k.tint },
    { d: box(30, 51, 12, 4.5, 1.5), c: k.accent },
  ],
  legs: (k) => [
    {
      d: polygon([
        [18, 14],
        [31, 14],
        [30, 57],
        [20, 57],
      ]),
      c: k.tint,
    },
    {
      d: polygon([
        [33, 14],
        [46, 14],
        [44, 57],
        [34, 57],
      ]),
      c: k.tint,
    },
    { d: box(32, 12, 15, 3.5, 1), c: [90, 60, 40] },
    { d: box(32, 12, 3, 3, 0.8), c: k.gold },
    ...(soft(k) ? [] : [{ d: union(circle(25, 35, 4), circle(39, 35, 4)), c: shade(k.tint, 1.1) }]),
  ],
  feet: (k) => [
    {
      d: polygon([
        [20, 8],
        [36, 8],
        [36, 37],
        [50, 41],
        [53, 49],
        [53, 55],
        [18, 55],
        [20, 38],
      ]),
      c: k.tint,
    },
    { d: box(35.5, 56, 18, 2.4, 1), c: k.dark },
    { d: box(28, 11, 9.5, 3.5, 1), c: k.accent },
    studs(
      [
        [28, 25],
        [28, 32],
      ],
      k,
    ),
  ],
};

/** Open-faced hood for soft materials. @param {Ink} k @returns {Layer[]} */
function hood(k) {
  return [
    {
      d: union(
        circle(32, 28, 18),
        polygon([
          [14, 32],
          [50, 32],
          [55, 58],
          [9, 58],
        ]),
      ),
      c: k.tint,
    },
    { d: intersect(circle(32, 34, 10.5), halfPlane(0, 1, 48)), c: k.dark, outline: false },
    { d: union(circle(28, 34, 1.6), circle(36, 34, 1.6)), c: k.accent, outline: false },
    { d: box(32, 55, 21, 2.5, 1), c: k.accent },
  ];
}

/** Closed helm with a T-visor and, on rarer pieces, a crest. @param {Ink} k @returns {Layer[]} */
function helm(k) {
  const dome = union(intersect(circle(32, 31, 18), halfPlane(0, 1, 31)), box(32, 41, 18, 11, 3));
  const visor = union(box(32, 36, 12, 2.4), box(32, 43, 2.4, 7));
  return [
    ...(k.rarity >= 2
      ? [
          {
            d: polygon([
              [29, 14],
              [35, 14],
              [44, 4],
              [32, 8],
              [22, 4],
            ]),
            c: k.accent,
          },
        ]
      : []),
    { d: subtract(dome, visor), c: k.tint },
    { d: visor, c: k.dark, outline: false },
    { d: segment(32, 14, 32, 32, 1.2), c: shade(k.tint, 1.2), outline: false },
  ];
}
