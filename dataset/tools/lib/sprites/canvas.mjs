// A tiny RGBA raster that composites signed-distance shapes and encodes the result as PNG.
import pngjs from 'pngjs';
import { clamp } from './sdf.mjs';

const { PNG } = pngjs;

/** @typedef {[number, number, number]} Rgb */
/** @typedef {import('./sdf.mjs').Sdf} Sdf */

/**
 * One drawing step of a silhouette.
 * @typedef {object} Layer
 * @property {Sdf | Float32Array} d  a distance function, or a field already sampled with `sample`
 * @property {Rgb} c
 * @property {boolean} [outline]  dark 1.5px outline around the shape (default true)
 * @property {boolean} [flat]     skip the top-left lighting gradient (default false)
 * @property {number} [alpha]     opacity (default 1)
 */

export const SIZE = 64;
const OUTLINE = /** @type {Rgb} */ ([22, 18, 28]);

export class Canvas {
  /** Straight (non-premultiplied) RGBA, 0..1, row-major. */
  px = new Float32Array(SIZE * SIZE * 4);

  /**
   * Composites a colour over the canvas. `cover[i]` (0..1) is the per-pixel coverage and `gain[i]`
   * an optional per-pixel brightness factor (lighting); plain arrays keep this allocation-free.
   * @param {Float32Array} cover
   * @param {Rgb} colour
   * @param {Float32Array} [gain]
   */
  blend(cover, [r, g, b], gain) {
    const px = this.px;
    for (let i = 0; i < cover.length; i++) {
      const a = /** @type {number} */ (cover[i]);
      if (a <= 0) continue;
      const k = gain ? /** @type {number} */ (gain[i]) / 255 : 1 / 255;
      const p = i * 4;
      const da = /** @type {number} */ (px[p + 3]) * (1 - a);
      const oa = a + da;
      px[p] = (Math.min(1, r * k) * a + /** @type {number} */ (px[p]) * da) / oa;
      px[p + 1] = (Math.min(1, g * k) * a + /** @type {number} */ (px[p + 1]) * da) / oa;
      px[p + 2] = (Math.min(1, b * k) * a + /** @type {number} */ (px[p + 2]) * da) / oa;
      px[p + 3] = oa;
    }
  }

  /**
   * Draws a shape: optional outline first, then the fill lit from the top left. The distance field
   * is sampled once per pixel and reused for both passes (sampling is the expensive part).
   * @param {Layer} layer
   */
  draw({ d, c, outline = true, flat = false, alpha = 1 }) {
    const dist = typeof d === 'function' ? sample(d) : d;
    if (outline)
      this.blend(
        dist.map((v) => alpha * clamp(2 - v, 0, 1)),
        OUTLINE,
      );
    this.blend(
      dist.map((v) => alpha * clamp(0.5 - v, 0, 1)),
      c,
      flat ? undefined : LIGHT,
    );
  }

  /** @param {Layer[]} layers */
  drawAll(layers) {
    for (const layer of layers) this.draw(layer);
  }

  /**
   * PNG bytes. Colour channels are posterised to steps of 8, which halves the file size with no
   * visible banding at 64 px, and fully transparent pixels are zeroed so they compress well.
   */
  toPng() {
    const png = new PNG({ width: SIZE, height: SIZE });
    for (let i = 0; i < this.px.length; i += 4) {
      const a = Math.round(/** @type {number} */ (this.px[i + 3]) * 255);
      for (let k = 0; k < 3; k++)
        png.data[i + k] =
          a === 0
            ? 0
            : Math.min(255, Math.round(/** @type {number} */ (this.px[i + k]) * 31.875) * 8);
      png.data[i + 3] = a;
    }
    return PNG.sync.write(png, { colorType: 6, deflateLevel: 9 });
  }
}

/**
 * Samples a distance field (or any scalar field) at every pixel centre.
 * @param {(x: number, y: number) => number} f
 */
export function sample(f) {
  const out = new Float32Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) out[y * SIZE + x] = f(x + 0.5, y + 0.5);
  return out;
}

/** Light from the top left: brighter there, darker towards the bottom right. */
const LIGHT = sample((x, y) => 1.18 - 0.36 * ((x + y) / (2 * SIZE)));

/**
 * Scales a colour's brightness (clamped), used for lighting and darker accents.
 * @param {Rgb} c @param {number} f @returns {Rgb}
 */
export function shade([r, g, b], f) {
  return [Math.min(255, r * f), Math.min(255, g * f), Math.min(255, b * f)];
}

/**
 * Linear mix of two colours.
 * @param {Rgb} a @param {Rgb} b @param {number} t @returns {Rgb}
 */
export function mix(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}
