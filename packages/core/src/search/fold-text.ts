/** Letters that compatibility decomposition leaves whole, written as a player without them types them. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

const MARKS = /\p{M}+/gu;
const APOSTROPHES = /['\u2019\u02bc`]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
const UNSPELLED = /[ßæœøđðłþı]/g;
const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * A name or a search as search compares them (README, "Search"): lower case, accents and other marks
 * dropped, a few letters spelled out (`ß` as `ss`), apostrophes dropped (`Ysolde's` is `ysoldes`),
 * and any other run of what is not a letter or a digit one space, none at either end.
 *
 * @example foldText('  Ysolde’s  Æther-Blade ') // 'ysoldes aether blade'
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain already: skip the decomposition they would come through unchanged.
  if (PLAIN.test(lower)) return lower;
  // Decomposition can leave capitals (`ℌ` is `H`): lower-cased again after it.
  return lower
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS, '')
    .replace(UNSPELLED, (letter) => SPELLED_OUT[letter] as string)
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim();
}
