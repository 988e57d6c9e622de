import { foldCase } from './fold-case.js';

/** Letters that compatibility decomposition leaves whole, written as a player without them types them. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/**
 * Marks on a Latin, Greek or Cyrillic letter: accents a player leaves out. Other scripts' marks are
 * part of their letters — a kana's voiced mark (`ガ` is not `カ`), an Indic vowel sign — and stay.
 */
const ACCENTS = /([\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}])\p{M}+/gu;
/** Single letters each followed by a dot (`M.A.D.`, `A.I. Core`): an abbreviation, typed without its dots. */
const DOTTED = /(?<![\p{L}\p{N}])\p{L}(?:\.\p{L})+\.?(?![\p{L}\p{N}])/gu;
const APOSTROPHES = /['\u2019\u02bc`]/g;
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/gu;
const UNSPELLED = /[æœøđðłþı]/g;
const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * A name or a search as search compares them (README, "Search"): compatibility forms as their
 * letters (`ﬁ`, full-width `Ａ`), case-folded (`foldCase`), accents dropped from Latin, Greek and
 * Cyrillic letters only, a few letters spelled out (`ø` as `o`), the dots of an abbreviation and
 * apostrophes dropped (`M.A.D.` is `mad`, `Ysolde's` is `ysoldes`), and any other run of what is not a letter, a digit or a mark one space, none at either
 * end; composed again (NFC), so a name stored decomposed and one typed composed fold alike.
 *
 * @example foldText('  Ysolde’s  Æther-Blade ') // 'ysoldes aether blade'
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain already: skip the decomposition they would come through unchanged.
  if (PLAIN.test(lower)) return lower;
  return foldCase(text.normalize('NFKD'))
    .normalize('NFD')
    .replace(ACCENTS, '$1')
    .replace(UNSPELLED, (letter) => SPELLED_OUT[letter] as string)
    .replace(DOTTED, (letters) => letters.replaceAll('.', ''))
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim()
    .normalize('NFC');
}
