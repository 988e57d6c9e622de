/**
 * How long a search must be for each rule that short texts would flood (README, "Search"), in
 * letters, spaces aside: one edit turns a three-letter search into too many short words, two letters
 * are in too many names to say anything as `contains`, and initials are typed as 2–6 letters.
 */
export const TYPO_LETTERS = 4;
export const CONTAINS_LETTERS = 3;
export const INITIALS_LENGTH = { min: 2, max: 6 } as const;
