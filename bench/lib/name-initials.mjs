// A name's initials as players type them, for the search queries and the peer that answers them.

/** Joining words a player typing a name's initials may leave out, in the languages searched. */
const JOINING = new Set([
  'of',
  'the',
  'a',
  'an',
  'and',
  'der',
  'die',
  'das',
  'des',
  'und',
  'von',
  'zu',
]);

/**
 * Each word's first letter, hyphenated and CamelCase parts as words (accents and apostrophes dropped):
 * `kept` with the joining words, `skipped` without; undefined for a name of one word.
 */
export function nameInitials(name) {
  const words = name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    // `Thane's` is one word, `thanes`, as players (and search) read it.
    .replace(/['\u2019\u02bc`]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length < 2) return undefined;
  const letters = (kept) => kept.map((word) => word[0]).join('');
  return { kept: letters(words), skipped: letters(words.filter((word) => !JOINING.has(word))) };
}
