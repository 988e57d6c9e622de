/**
 * Which rule found a search hit, in ranking order (README, "Search"): the whole name, one of the
 * record's aliases, the name's start, the start of a word for each typed word, its words' initials,
 * anywhere in the name, or within a few edits for each typed word. This module imports nothing, so
 * the record schemas can name the rules.
 */
export const MATCH_RULES = [
  'exact',
  'alias',
  'prefix',
  'words',
  'initials',
  'contains',
  'fuzzy',
] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** The rules, in ranking order, as the API's reference states them (README, "Search"). */
export const MATCH_RULES_TEXT =
  'the whole name (`exact`); one of the names players call the record by, whole, which `alias` gives (`alias`); names that start with the text (`prefix`); names with a word starting with each typed word, in any order (`words`); names whose initials are the text — one word of 2 to 6 letters, the first letter of each word of the name, hyphenated and CamelCase parts words, joining words such as `of` and `the` kept or left out (`initials`); names that contain it, for 3 typed letters or more (`contains`); typos, for 4 typed letters or more: each typed word within one edit of a word of the name — a letter added, dropped, changed or two swapped — two for words of eight letters or more, none for a single letter, and, when nothing else matches, names within those edits once spaces are set aside (`fuzzy`)';

/** How hits one rule found are ordered (README, "Search"). */
export const TIES_TEXT =
  'Ties, within a rule: fewer edits; a name whose first word the first typed word starts; a name that is not another name plus a qualifier word (a last word that follows at least two names of the dataset, as `Recipe` follows `Flame Blade` and `Ice Ward`) before one that is; the shorter name; the collection; the id.';
