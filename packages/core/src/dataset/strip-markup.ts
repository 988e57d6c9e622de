/**
 * Unity-style rich-text tags the game export writes into descriptions (`<color=#ffb400>`, `<b>`, `<i>`,
 * `<size=12>`, `<material=…>`, and their closing forms). Only these names are stripped, so a literal
 * `<3` or `a < b` in prose survives.
 */
const RICH_TEXT_TAG = /<\/?(?:color|b|i|u|s|size|material|sprite|mark|font)(?:=[^<>]*)?>/gi;

/** White space at the end of a line, which no reader sees. */
const LINE_END_SPACE = /[^\S\n]+$/gm;

/**
 * Returns the plain text of a description as the game wrote it: rich-text tags removed (their text
 * kept), line breaks as `\n` (a `\r\n` or lone `\r` is one), white space at the end of each line and
 * at both ends of the text removed. The text's own white space — its paragraphs, a double space —
 * stays (dataset/README.md, "Text").
 *
 * @example stripMarkup('Deals <color=#f80>fire</color> damage.\r\n\r\nBurns.') // 'Deals fire damage.\n\nBurns.'
 */
export function stripMarkup(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(RICH_TEXT_TAG, '').replace(LINE_END_SPACE, '').trim();
}
