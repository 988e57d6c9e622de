/** Nothing above U+007F: lower-casing alone folds it. */
const NOT_ASCII = /[^\p{ASCII}]/u;

/**
 * Which `foldCase` release files hold names folded by (a header's `textRules`): one that lower-cased
 * them only, without NFC or full case folding, was 1. Raise it whenever `foldCase` gives any text
 * another result, so that servers refuse files of the rules before and `upgrade` folds them again.
 */
export const TEXT_RULES = 2;

/**
 * A text as every case-insensitive comparison compares it (README, "Text"): canonically composed
 * (NFC), so a name stored decomposed and a query typed composed are one text, then case-folded the
 * Unicode way — `Straße` and `STRAẞE` are `strasse`, `ﬁ` is `fi`, and a final `ς` is `σ` — rather
 * than just lower-cased. Lower, upper, then lower case again gives the full folding of the Unicode
 * case mappings (`toLowerCase` alone leaves `ß`, `ﬁ` and `ς` as they are, `toUpperCase` alone leaves
 * `ẞ`); ASCII is simply lower-cased.
 *
 * @example foldCase('STRASSE') === foldCase('Straße') // true
 */
export function foldCase(text: string): string {
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .normalize('NFC');
}
