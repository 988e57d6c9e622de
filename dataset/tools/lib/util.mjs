// Small helpers shared by every collection generator: ids, record shaping and JSON output.
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';

/**
 * kebab-case id from a display name ("Ashbringer's Oath" -> "ashbringers-oath"). Apostrophes vanish
 * instead of becoming dashes so possessives read naturally.
 * @param {string} name
 */
export function slugify(name) {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Hands out unique ids within one collection: the first "iron-sword" keeps its slug, later ones get
 * "-2", "-3"… in generation order, so ids are stable for a given seed.
 */
export class IdAllocator {
  /** @type {Map<string, number>} */
  #seen = new Map();

  /**
   * @param {string} name
   * @returns {string}
   */
  take(name) {
    const base = slugify(name) || 'record';
    const n = (this.#seen.get(base) ?? 0) + 1;
    this.#seen.set(base, n);
    if (n === 1) return base;
    const id = `${base}-${n}`;
    // A generated suffix could collide with a real slug ("sword-2"); skip ahead until free.
    return this.#seen.has(id) ? this.take(id) : (this.#seen.set(id, 1), id);
  }
}

/**
 * Copies an object without its undefined values, keeping key order. Records are written through
 * this so optional fields are absent (not null) and key order is the same on every record.
 * @template {Record<string, unknown>} T
 * @param {T} record
 * @returns {T}
 */
export function compact(record) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
  return /** @type {T} */ (out);
}

/**
 * Sorts records by id using code-unit order (not localeCompare, whose result depends on ICU data).
 * @template {{ id: string }} T
 * @param {T[]} records
 */
export function sortById(records) {
  return records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Writes `JSON.stringify(value, null, 2)` plus a trailing newline.
 * @param {string} path
 * @param {unknown} value
 */
export function writeJson(path, value) {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Writes an array byte-identically to `writeJson`, but record by record in batches, so a 100k-item
 * file never has to exist as one giant string. Re-indenting each record's lines is safe because JSON
 * escapes newlines inside strings.
 * @param {string} path
 * @param {readonly unknown[]} records
 */
export function writeJsonArray(path, records) {
  if (records.length === 0) return writeJson(path, []);
  const fd = openSync(path, 'w');
  try {
    const batch = 1000;
    writeSync(fd, '[\n');
    for (let i = 0; i < records.length; i += batch) {
      const parts = records
        .slice(i, i + batch)
        .map((r) => `  ${JSON.stringify(r, null, 2).replace(/\n/g, '\n  ')}`);
      const last = i + batch >= records.length;
      writeSync(fd, parts.join(',\n') + (last ? '\n]\n' : ',\n'));
    }
  } finally {
    closeSync(fd);
  }
}
