import { foldText } from '../text/fold-text.js';
import { equalRange } from './word-walk.js';

/**
 * Entries' aliases as search finds them: one row per alias of an entry, in the code-unit order of
 * the folded alias (then by entry), so the rows a search's text is are one range.
 */
export interface IndexedAliases {
  readonly folded: readonly string[];
  /** Each row's alias as written: what a hit says matched. */
  readonly written: readonly string[];
  readonly entries: Int32Array;
  /** Each row's entry's name, as a position in the index's names. */
  readonly names: Int32Array;
}

/**
 * Indexes `aliases` (entry, alias as written); `nameOf` gives an entry's name's position. An entry's
 * aliases that fold alike are one row, the first's.
 *
 * @example indexAliases([[0, 'Ysolde']], () => 0).folded // ['ysolde']
 */
export function indexAliases(
  aliases: ReadonlyArray<readonly [entry: number, alias: string]>,
  nameOf: (entry: number) => number,
): IndexedAliases {
  const seen = new Set<string>();
  const rows = aliases
    .map(([entry, alias]) => ({ entry, written: alias, folded: foldText(alias) }))
    .filter(({ entry, folded }) => {
      const key = `${entry} ${folded}`;
      if (folded === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.entry - b.entry));
  return {
    folded: rows.map((row) => row.folded),
    written: rows.map((row) => row.written),
    entries: Int32Array.from(rows, (row) => row.entry),
    names: Int32Array.from(rows, (row) => nameOf(row.entry)),
  };
}

/** The rows of `aliases` whose folded alias is `text`: `[start, end)`. */
export function aliasRows(aliases: IndexedAliases, text: string): [number, number] {
  return equalRange(aliases.folded, text);
}
