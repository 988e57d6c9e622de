/** How many names a word must follow as their last before it counts as a qualifier. */
const QUALIFIER_BASES = 2;

/**
 * Which names are another name plus a trailing qualifier word — a word that, in these names, follows
 * at least `QUALIFIER_BASES` whole names (`Flame Blade` and `Flame Blade Recipe`, `Ice Ward` and
 * `Ice Ward Recipe`: `recipe`) — as 1s, by position in `names` (`positionOf` gives a name's). Search
 * ranks them after the names that are not, within a rule (README, "Search"), so `Flame` finds
 * `Flame of the North` before `Flame Recipe`. Learnt from the data, in every language.
 *
 * @example qualifiedNames(['a', 'a x', 'b', 'b x', 'c x'], new Map([['a', 0], ['b', 2]])) // Uint8Array [0, 1, 0, 1, 1]
 */
export function qualifiedNames(
  names: readonly string[],
  positionOf: ReadonlyMap<string, number>,
): Uint8Array {
  const bases = new Map<string, number>();
  const lastWord = (name: string) => name.slice(name.lastIndexOf(' ') + 1);
  for (const name of names) {
    const space = name.lastIndexOf(' ');
    if (space > 0 && positionOf.has(name.slice(0, space))) {
      const word = lastWord(name);
      bases.set(word, (bases.get(word) ?? 0) + 1);
    }
  }
  return Uint8Array.from(names, (name) =>
    name.includes(' ') && (bases.get(lastWord(name)) ?? 0) >= QUALIFIER_BASES ? 1 : 0,
  );
}
