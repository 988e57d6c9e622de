// The nicknames players give the demo's records, as the export's `aliases` (../../README.md,
// "Records"): derived from the names by three habits, so a synthetic export of any size has them too.

/**
 * How a language's players shorten names: the articles an epithet's nickname leaves out, and whether
 * a possessive is clipped ("Hesk the Drowned's Wrath" → "Hesk's Wrath").
 * @typedef {{ articles: string[], clipsPossessives?: boolean }} NicknameHabits
 */

/** @type {NicknameHabits} */
export const ENGLISH_NICKNAMES = { articles: ['the '], clipsPossessives: true };

/**
 * The nickname a name suggests, or undefined: a legendary's epithet without its article
 * ("Gravereaver, the Ember Crown" → "Ember Crown"), a possessive clipped ("Hesk the Drowned's Wrath"
 * → "Hesk's Wrath"), a hyphenated name run together ("Ash-Tusk the Bear" → "Ashtusk").
 * @param {string} name
 * @param {NicknameHabits} habits
 */
export function nickname(name, { articles, clipsPossessives = false }) {
  const comma = name.indexOf(', ');
  if (comma > 0) {
    const epithet = name.slice(comma + 2);
    const article = articles.find((a) => epithet.toLowerCase().startsWith(a));
    const bare = article === undefined ? epithet : epithet.slice(article.length);
    return bare.charAt(0).toUpperCase() + bare.slice(1);
  }
  const possessive = /^(\p{L}+) the \p{L}+'s (\p{L}+)$/u.exec(name);
  if (clipsPossessives && possessive) return `${possessive[1]}'s ${possessive[2]}`;
  const hyphenated = /^(\p{L}+)-(\p{L}+) /u.exec(name);
  if (hyphenated) return `${hyphenated[1]}${hyphenated[2]?.toLowerCase()}`;
  return undefined;
}

/**
 * Each record's nickname in `language` by id, for the records whose nickname is no record's name and
 * no nickname of a record named otherwise (case aside): a nickname players share finds one name —
 * every record of it, where a game has several of one name.
 * @param {ReadonlyArray<{ id: string, name: string }>} records  every named record of the export
 * @param {NicknameHabits} habits
 * @returns {Map<string, string>}
 */
export function nicknames(records, habits) {
  const names = new Set(records.map((record) => record.name.toLowerCase()));
  /** @type {Map<string, { name: string, shared: boolean, ids: Array<[string, string]> }>} */
  const byNickname = new Map();
  for (const { id, name } of records) {
    const alias = nickname(name, habits);
    if (alias === undefined || names.has(alias.toLowerCase())) continue;
    const key = alias.toLowerCase();
    const found = byNickname.get(key);
    if (found === undefined) byNickname.set(key, { name, shared: false, ids: [[id, alias]] });
    else {
      found.shared ||= found.name !== name;
      found.ids.push([id, alias]);
    }
  }
  return new Map([...byNickname.values()].flatMap(({ shared, ids }) => (shared ? [] : ids)));
}
