// Renders sprite specs to 64×64 RGBA PNGs: a rounded tile whose frame and background carry the
// rarity (or ability category) colour and the variant's pattern, with the silhouette on top.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Canvas, sample, shade } from './canvas.mjs';
import { frameColour, inkFor } from './palette.mjs';
import { box, clamp, len } from './sdf.mjs';
import { ARMOUR_SHAPES } from './shapes-armour.mjs';
import { EMBLEM_SHAPES } from './shapes-emblems.mjs';
import { TRINKET_SHAPES } from './shapes-trinkets.mjs';
import { WEAPON_SHAPES } from './shapes-weapons.mjs';

/** @type {Record<string, (k: import('./palette.mjs').Ink) => import('./canvas.mjs').Layer[]>} */
const SHAPES = { ...WEAPON_SHAPES, ...ARMOUR_SHAPES, ...TRINKET_SHAPES, ...EMBLEM_SHAPES };

/** The rounded tile is the same for every sprite: sample it and its frame once. */
const TILE = sample(box(32, 32, 31.5, 31.5, 9));
const INSIDE = TILE.map((v) => clamp(0.5 - v, 0, 1));
const FRAME = TILE.map((v) => Math.abs(v + 2) - 2);
const FRAME_LINE = TILE.map((v) => Math.abs(v + 4.6) - 0.6);
const NIGHT = /** @type {import('./canvas.mjs').Rgb} */ ([16, 14, 22]);

/** The frame colour glowing out of the dark centre of the tile. */
const GLOW = sample((x, y) => 1 - clamp(len(x - 32, y - 28) / 40, 0, 1)).map(
  (v, i) => v * /** @type {number} */ (INSIDE[i]),
);

/** Background patterns per variant, as coverage of the frame colour; variant 0 is plain. */
const PATTERNS = [
  () => 0,
  (/** @type {number} */ x, /** @type {number} */ y) => ((x + y) % 10 < 5 ? 0.1 : 0),
  (/** @type {number} */ x, /** @type {number} */ y) =>
    len((x % 8) - 4, (y % 8) - 4) < 1.6 ? 0.16 : 0,
  (/** @type {number} */ x, /** @type {number} */ y) => (len(x - 32, y - 32) % 9 < 2.5 ? 0.1 : 0),
].map((f) => sample(f).map((v, i) => v * /** @type {number} */ (INSIDE[i])));

/**
 * @param {import('../sprite-set.mjs').SpriteSpec} spec
 * @returns {Buffer}
 */
export function renderSprite(spec) {
  const draw = SHAPES[spec.shape];
  if (!draw) throw new Error(`no sprite shape "${spec.shape}"`);
  const frame = frameColour(spec);
  const canvas = new Canvas();
  // Background: the frame colour glowing out of the dark centre, plus the variant's pattern.
  canvas.blend(INSIDE, NIGHT);
  canvas.blend(GLOW, shade(frame, 0.5));
  canvas.blend(PATTERNS[spec.variant % PATTERNS.length] ?? GLOW.map(() => 0), frame);
  canvas.drawAll(draw(inkFor(spec)));
  // Frame last, so silhouettes that reach the edge tuck under it.
  canvas.draw({ d: FRAME, c: frame, outline: false });
  canvas.draw({ d: FRAME_LINE, c: shade(frame, 0.45), outline: false, flat: true });
  clip(canvas);
  return canvas.toPng();
}

/**
 * Cuts everything outside the rounded tile (the corners stay transparent).
 * @param {Canvas} canvas
 */
function clip(canvas) {
  const px = canvas.px;
  INSIDE.forEach((v, i) => {
    px[i * 4 + 3] = /** @type {number} */ (px[i * 4 + 3]) * v;
  });
}

/**
 * Replaces `dir` with one PNG per registered sprite.
 * @param {string} dir
 * @param {import('../sprite-set.mjs').SpriteSet} sprites
 * @returns {{ count: number, bytes: number }}
 */
export function writeSprites(dir, sprites) {
  // Start clean so sprites no record names any more do not linger.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (const [id, spec] of sprites.entries()) {
    const png = renderSprite(spec);
    writeFileSync(join(dir, `${id}.png`), png);
    bytes += png.length;
  }
  return { count: sprites.size, bytes };
}
