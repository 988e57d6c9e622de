/**
 * Each name's rank as `language` collates it, base letters only (`Éclair` with `eclair`): names that
 * collate alike share a rank, and the ranks of distinct names follow on without gaps. A sort by name
 * orders by it, then by position.
 *
 * @example nameRanks(['b', 'A', 'a'], 'en') // Int32Array [1, 0, 0]
 */
export function nameRanks(names: readonly string[], language: string): Int32Array {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const distinct = [...new Set(names)].sort(collator.compare);
  const rankOf = new Map<string, number>();
  let rank = -1;
  distinct.forEach((name, i) => {
    if (i === 0 || collator.compare(distinct[i - 1] as string, name) !== 0) rank++;
    rankOf.set(name, rank);
  });
  return Int32Array.from(names, (name) => rankOf.get(name) as number);
}
