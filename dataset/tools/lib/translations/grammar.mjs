// Small helpers the language modules share to read their word tables.

/**
 * A word table's entry with its grammar: "Langschwert:n" is the word and its gender (m, f, n, or p
 * for a plural), and any further fields the language defines ("Schlachtross:n:Schlachtrosses").
 * @param {string} entry
 * @returns {[string, string, ...string[]]}
 */
export function splitEntry(entry) {
  const [word = '', gender = 'm', ...rest] = entry.split(':');
  return [word, gender, ...rest];
}

/**
 * An entry that differs by the person's gender, "masculine|feminine"; one form serves both.
 * @param {string} entry
 * @param {boolean} feminine
 */
export function byGender(entry, feminine) {
  const [masculine = '', femininePart] = entry.split('|');
  return feminine && femininePart !== undefined ? femininePart : masculine;
}

/**
 * The entry for an English word, however the word is capitalised in the text ("the Last Warden"
 * starts a name as "The Last Warden").
 * @template T
 * @param {Record<string, T>} table
 * @param {string} english
 * @param {string} what
 * @returns {T}
 */
export function entryOf(table, english, what) {
  const found =
    table[english] ??
    table[english.charAt(0).toLowerCase() + english.slice(1)] ??
    lowerCased(table)[english.toLowerCase()];
  if (found === undefined) throw new Error(`no ${what} for "${english}"`);
  return found;
}

/** @type {WeakMap<object, Record<string, any>>} */
const LOWER = new WeakMap();

/**
 * The table keyed by lower-cased English words, for text that lower-cases them ("a riding drake").
 * @template T
 * @param {Record<string, T>} table
 * @returns {Record<string, T>}
 */
function lowerCased(table) {
  let lower = LOWER.get(table);
  if (!lower)
    LOWER.set(
      table,
      (lower = Object.fromEntries(Object.entries(table).map(([k, v]) => [k.toLowerCase(), v]))),
    );
  return lower;
}

/** @param {string} text */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
