/**
 * Unity-style rich-text tags the game export writes into descriptions (`<color=#ffb400>`, `<b>`, `<i>`,
 * `<size=12>`, `<material=…>`, and their closing forms). Only these names are stripped, so a literal
 * `<3` or `a < b` in prose survives.
 */
const RICH_TEXT_TAG = /<\/?(?:color|b|i|u|s|size|material|sprite|mark|font)(?:=[^<>]*)?>/gi;

/**
 * Returns the plain text of a description: rich-text tags removed (their text kept), runs of white
 * space collapsed and the ends trimmed.
 *
 * @example stripMarkup('Deals <color=#f80>fire</color> damage') // 'Deals fire damage'
 */
export function stripMarkup(text: string): string {
  return text.replace(RICH_TEXT_TAG, '').replace(/\s+/g, ' ').trim();
}
