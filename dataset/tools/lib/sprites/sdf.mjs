// Signed distance functions on the 64×64 sprite plane: negative inside, positive outside, in pixels.
// Distances (rather than inside/outside tests) give anti-aliased edges and outlines for free.

/** @typedef {(x: number, y: number) => number} Sdf */
/** @typedef {[number, number]} Pt */

/** @param {number} v @param {number} lo @param {number} hi */
export const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);

/** Length of a vector; Math.hypot is several times slower in V8 and this runs per pixel. @param {number} x @param {number} y */
export const len = (x, y) => Math.sqrt(x * x + y * y);

/** @param {number} cx @param {number} cy @param {number} r @returns {Sdf} */
export const circle = (cx, cy, r) => (x, y) => len(x - cx, y - cy) - r;

/** Rounded box by centre and half-extents. @param {number} cx @param {number} cy @param {number} hw @param {number} hh @param {number} [r] @returns {Sdf} */
export const box =
  (cx, cy, hw, hh, r = 0) =>
  (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };

/** Capsule: a thick line with round ends. @param {number} ax @param {number} ay @param {number} bx @param {number} by @param {number} r @returns {Sdf} */
export const segment = (ax, ay, bx, by, r) => (x, y) => {
  const px = x - ax,
    py = y - ay,
    ex = bx - ax,
    ey = by - ay;
  const h = clamp((px * ex + py * ey) / (ex * ex + ey * ey), 0, 1);
  return len(px - ex * h, py - ey * h) - r;
};

/** Annulus of radius r and half-thickness t. @param {number} cx @param {number} cy @param {number} r @param {number} t @returns {Sdf} */
export const ring = (cx, cy, r, t) => (x, y) => Math.abs(len(x - cx, y - cy) - r) - t;

/**
 * Exact distance to any simple polygon (Inigo Quilez's formulation). Far from the polygon's bounding
 * box it returns the distance to the box instead: a lower bound that is still far outside, which is
 * all the renderer needs there, and it skips the per-edge loop for most pixels.
 * @param {Pt[]} pts
 * @returns {Sdf}
 */
export const polygon = (pts) => {
  const xs = Float64Array.from(pts, (p) => p[0]);
  const ys = Float64Array.from(pts, (p) => p[1]);
  const bounds = box(
    (Math.min(...xs) + Math.max(...xs)) / 2,
    (Math.min(...ys) + Math.max(...ys)) / 2,
    (Math.max(...xs) - Math.min(...xs)) / 2,
    (Math.max(...ys) - Math.min(...ys)) / 2,
  );
  const n = xs.length;
  return (x, y) => {
    const far = bounds(x, y);
    if (far > 8) return far;
    let d = Infinity;
    let s = 1;
    for (let i = 0, j = n - 1; i < n; j = i, i++) {
      const xi = /** @type {number} */ (xs[i]),
        yi = /** @type {number} */ (ys[i]);
      const ex = /** @type {number} */ (xs[j]) - xi,
        ey = /** @type {number} */ (ys[j]) - yi,
        wx = x - xi,
        wy = y - yi;
      const h = clamp((wx * ex + wy * ey) / (ex * ex + ey * ey), 0, 1);
      d = Math.min(d, (wx - ex * h) ** 2 + (wy - ey * h) ** 2);
      const a = y >= yi,
        b = y < /** @type {number} */ (ys[j]),
        c = ex * wy > ey * wx;
      if ((a && b && c) || (!a && !b && !c)) s = -s;
    }
    return s * Math.sqrt(d);
  };
};

/** Points of a star (or a regular polygon when inner === outer). @param {number} cx @param {number} cy @param {number} outer @param {number} inner @param {number} points @param {number} [rotDeg] @returns {Pt[]} */
export function starPoints(cx, cy, outer, inner, points, rotDeg = -90) {
  return Array.from({ length: points * 2 }, (_, i) => {
    const a = ((rotDeg + (i * 180) / points) * Math.PI) / 180;
    const r = i % 2 === 0 ? outer : inner;
    return /** @type {Pt} */ ([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  });
}

/** Half-plane where `x * nx + y * ny < c` (inside). @param {number} nx @param {number} ny @param {number} c @returns {Sdf} */
export const halfPlane = (nx, ny, c) => {
  const n = len(nx, ny);
  return (x, y) => (x * nx + y * ny - c) / n;
};

/** @param {...Sdf} sdfs @returns {Sdf} */
export const union =
  (...sdfs) =>
  (x, y) => {
    let d = Infinity;
    for (const f of sdfs) d = Math.min(d, f(x, y));
    return d;
  };
/** @param {Sdf} a @param {Sdf} b @returns {Sdf} */
export const intersect = (a, b) => (x, y) => Math.max(a(x, y), b(x, y));
/** a minus b. @param {Sdf} a @param {Sdf} b @returns {Sdf} */
export const subtract = (a, b) => (x, y) => Math.max(a(x, y), -b(x, y));
/** Grows (r > 0) or shrinks (r < 0) a shape. @param {Sdf} a @param {number} r @returns {Sdf} */
export const grow = (a, r) => (x, y) => a(x, y) - r;
/** Mirror image across the vertical centre line x = 32. @param {Sdf} a @returns {Sdf} */
export const mirrorX = (a) => (x, y) => a(64 - x, y);

/**
 * Rotates a shape clockwise (screen coordinates, y down) around a centre.
 * @param {Sdf} a @param {number} deg @param {number} [cx] @param {number} [cy] @returns {Sdf}
 */
export const rotate = (a, deg, cx = 32, cy = 32) => {
  const r = (-deg * Math.PI) / 180,
    cos = Math.cos(r),
    sin = Math.sin(r);
  return (x, y) => a(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos);
};
