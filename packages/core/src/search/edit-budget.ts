import { codePointLength } from '../text/code-points.js';

/**
 * The edits a typed word — or a text without its spaces — may be from what it finds: one, two from
 * eight letters up, and none for a single letter, which one edit would turn into any short word.
 */
export function editBudget(text: string): number {
  const length = codePointLength(text);
  return length <= 1 ? 0 : length < 8 ? 1 : 2;
}
