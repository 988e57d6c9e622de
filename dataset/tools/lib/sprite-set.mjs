// The sprites a dataset needs: records register their icon here with a drawing spec, and only the
// registered ids get rendered. Ids are shared, so the set stays small however many records there are.

/**
 * @typedef {object} SpriteSpec
 * @property {string} shape     silhouette name (see sprites/shapes-*.mjs)
 * @property {number} rarity    frame colour; 0..4
 * @property {number} variant   0-based variant: shifts hue and background pattern
 * @property {string} [tint]    material or theme that colours the silhouette
 */

export class SpriteSet {
  /** @type {Map<string, SpriteSpec>} */
  #specs = new Map();

  /**
   * Registers (or re-uses) a sprite and returns its id, for use as a record's `icon`.
   * @param {string} id
   * @param {SpriteSpec} spec
   */
  use(id, spec) {
    if (!this.#specs.has(id)) this.#specs.set(id, spec);
    return id;
  }

  get size() {
    return this.#specs.size;
  }

  /** Entries sorted by id, so rendering order never depends on generation order. */
  entries() {
    return [...this.#specs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

/** Variant letters used in sprite ids: item.sword.4.b */
export const VARIANT_LETTERS = 'abcdefgh';
