import { codePointLength } from '../text/code-points.js';

/**
 * The fewest letters a search (spaces aside) needs for typos to be looked for at all, and for a
 * `contains` hit (README, "Search"): one edit turns a three-letter search into too many short words,
 * and two letters are in too many names to say anything.
 */
export const TYPO_LETTERS = 4;
export const CONTAINS_LETTERS = 3;

/**
 * The edits a typed word — or a text without its spaces — may be from what it finds: one, two from
 * eight letters up, and none for a single letter, which one edit would turn into any short word.
 */
export function editBudget(text: string): number {
  const length = codePointLength(text);
  return length <= 1 ? 0 : length < 8 ? 1 : 2;
}
