/**
 * Which rule found a search hit, in ranking order (README, "Search"): the whole name, its start, the
 * start of a word for each typed word, anywhere in the name, or within a few edits for each typed
 * word. This module imports nothing, so the record schemas can name the rules.
 */
export const MATCH_RULES = ['exact', 'prefix', 'words', 'contains', 'fuzzy'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];
