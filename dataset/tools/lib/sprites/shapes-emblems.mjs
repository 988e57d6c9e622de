// Emblems for records that are not gear: one glyph per ability category, a crystal for relics and a
// portrait bust per follower class.
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
  starPoints,
  subtract,
  union,
} from './sdf.mjs';

/** @typedef {import('./canvas.mjs').Layer} Layer */
/** @typedef {import('./palette.mjs').Ink} Ink */

/** Three chevrons pointing right, for movement. @returns {import('./sdf.mjs').Sdf} */
const chevrons = () =>
  union(
    ...[6, 20, 34].map((x0) =>
      polygon([
        [x0, 14],
        [x0 + 9, 14],
        [x0 + 22, 32],
        [x0 + 9, 50],
        [x0, 50],
        [x0 + 13, 32],
      ]),
    ),
  );

/** Gear with eight teeth and a hole, for utility. */
const gear = () =>
  subtract(
    union(circle(32, 32, 14), ...[0, 45, 90, 135].map((a) => rotate(box(32, 32, 20, 4, 1), a))),
    circle(32, 32, 5.5),
  );

/** @type {Record<string, (k: Ink) => Layer[]>} */
export const EMBLEM_SHAPES = {
  'ability-offense': (k) => [
    { d: polygon(starPoints(32, 32, 25, 10, 8, -90 + k.variant * 11)), c: shade(k.accent, 1.1) },
    { d: circle(32, 32, 7), c: k.light },
  ],
  'ability-defense': (k) => [
    {
      d: polygon([
        [14, 10],
        [50, 10],
        [50, 30],
        [32, 56],
        [14, 30],
      ]),
      c: k.accent,
    },
    { d: union(box(32, 28, 3, 14), box(32, 24, 11, 3)), c: k.light, outline: false },
  ],
  'ability-support': (k) => [
    {
      d: union(
        circle(24.5, 25, 10),
        circle(39.5, 25, 10),
        polygon([
          [15.5, 30],
          [48.5, 30],
          [32, 52],
        ]),
      ),
      c: k.accent,
    },
    { d: union(box(32, 30, 2.5, 8), box(32, 30, 8, 2.5)), c: k.light, outline: false },
  ],
  'ability-movement': (k) => [{ d: chevrons(), c: shade(k.accent, 1.1) }],
  'ability-summoning': (k) => [
    { d: ring(32, 32, 23, 1.8), c: k.accent },
    {
      d: subtract(polygon(starPoints(32, 32, 21, 8.5, 5)), polygon(starPoints(32, 32, 15, 5, 5))),
      c: shade(k.accent, 1.2),
    },
    { d: circle(32, 32, 3.5), c: k.light, outline: false },
  ],
  'ability-utility': (k) => [{ d: rotate(gear(), k.variant * 10), c: shade(k.accent, 1.05) }],
  'ability-misc': (k) => [
    {
      d: polygon([
        [32, 8],
        [54, 32],
        [32, 56],
        [10, 32],
      ]),
      c: k.metal,
    },
    { d: circle(32, 32, 6), c: k.accent },
  ],
  relic: (k) => [
    { d: box(32, 55, 13, 3.5, 1.5), c: k.gold },
    {
      d: polygon([
        [32, 5],
        [45, 17],
        [41, 50],
        [23, 50],
        [19, 17],
      ]),
      c: k.tint,
    },
    {
      d: union(
        segment(32, 6, 32, 49, 0.6),
        segment(19.5, 17.5, 32, 26, 0.6),
        segment(44.5, 17.5, 32, 26, 0.6),
      ),
      c: shade(k.tint, 1.35),
      outline: false,
    },
    { d: circle(27, 16, 2), c: k.light, outline: false, alpha: 0.8 },
  ],
};

const SKIN = /** @type {import('./canvas.mjs').Rgb} */ ([232, 192, 160]);

/** Headgear per class, drawn over the bust's head. */
/** @type {Record<string, (k: Ink) => Layer[]>} */
const HEADGEAR = {
  warrior: (k) => [
    {
      d: union(
        polygon([
          [21, 22],
          [12, 10],
          [24, 17],
        ]),
        polygon([
          [43, 22],
          [52, 10],
          [40, 17],
        ]),
      ),
      c: k.light,
    },
    { d: intersect(circle(32, 27, 12), halfPlane(0, 1, 26)), c: k.metal },
  ],
  ranger: (k) => [
    {
      d: subtract(intersect(circle(32, 28, 14.5), halfPlane(0, 1, 33)), circle(32, 31, 9.5)),
      c: k.tint,
    },
  ],
  mage: (k) => [
    {
      d: union(
        polygon([
          [34, 1],
          [42, 21],
          [22, 21],
        ]),
        box(32, 21, 15, 2.5, 2),
      ),
      c: k.tint,
    },
  ],
  cleric: (k) => [{ d: ring(32, 13, 11, 1.4), c: k.gold }],
  rogue: (k) => [
    {
      d: subtract(intersect(circle(32, 28, 14), halfPlane(0, 1, 30)), circle(32, 31, 10)),
      c: shade(k.tint, 1.3),
    },
    { d: box(32, 29, 10.5, 2.6, 1), c: k.dark, outline: false },
  ],
};

/**
 * Follower portrait: shoulders in the class colour, a head, and the class's headgear (a wolf head
 * for beasts).
 * @param {string} cls
 * @returns {(k: Ink) => Layer[]}
 */
function bust(cls) {
  return (k) => {
    if (cls === 'beast') return beast(k);
    return [
      { d: box(32, 54, 19, 11, 8), c: k.tint },
      { d: circle(32, 30, 10), c: SKIN },
      { d: union(circle(28.5, 31, 1.2), circle(35.5, 31, 1.2)), c: k.dark, outline: false },
      ...(HEADGEAR[cls]?.(k) ?? []),
    ];
  };
}

/** @param {Ink} k @returns {Layer[]} */
function beast(k) {
  return [
    {
      d: union(
        polygon([
          [20, 26],
          [23, 8],
          [31, 20],
        ]),
        polygon([
          [44, 26],
          [41, 8],
          [33, 20],
        ]),
      ),
      c: shade(k.tint, 0.8),
    },
    {
      d: union(
        circle(32, 31, 13),
        polygon([
          [20, 34],
          [44, 34],
          [32, 54],
        ]),
      ),
      c: k.tint,
    },
    { d: circle(32, 46, 4.5), c: shade(k.tint, 1.5) },
    { d: circle(32, 44, 2.2), c: k.dark, outline: false },
    { d: union(circle(26.5, 29, 1.8), circle(37.5, 29, 1.8)), c: k.gold, outline: false },
  ];
}

for (const cls of ['warrior', 'ranger', 'mage', 'cleric', 'rogue', 'beast'])
  EMBLEM_SHAPES[`follower-${cls}`] = bust(cls);
