import { bytesOf, stringBytes } from '../dataset/derived-memory.js';
import { packLists, type Lists, type SearchIndex } from './search-index.js';
import { editBudget } from './edit-budget.js';
import { walkedWords, wordsWithin, type WalkedWords } from './word-walk.js';

/** Names without their spaces, in order, as `wordsWithin` walks them, and the names each is. */
interface Squashed {
  texts: WalkedWords;
  names: Lists;
}

/**
 * The names within a few edits of a text once both lose their spaces, each with its edits: what finds
 * `Helmof Valour`, `Helmo f Valour` and `SimpleBlade`, whose words are not a name's words. Search asks
 * only when nothing else matched; the names without spaces are put in order on that first call, in
 * groups by length: a text within `budget` edits of another is within `budget` of its length, so a
 * search walks only the groups of those lengths (a walk of every name read each one's length, and
 * took 350 µs a search that found nothing at 100,000 items).
 */
export function spacedTypos(
  index: SearchIndex,
  count?: (bytes: number) => void,
): (text: string) => Array<[number, number]> {
  let byLength: (Squashed | undefined)[] | undefined;
  const build = () => {
    const byText = new Map<string, number[]>();
    index.names.forEach((name, position) => {
      const text = name.replaceAll(' ', '');
      const list = byText.get(text);
      if (list === undefined) byText.set(text, [position]);
      else list.push(position);
    });
    const groups: string[][] = [];
    for (const text of byText.keys()) (groups[text.length] ??= []).push(text);
    return Array.from(groups, (texts): Squashed | undefined => {
      if (texts === undefined) return undefined;
      texts.sort();
      // Packed, not one array per text: kept for the life of the release, in the old generation.
      const names = packLists(texts.map((text) => byText.get(text) as number[]));
      return { texts: walkedWords(texts), names };
    });
  };
  return (text) => {
    const squashedText = text.replaceAll(' ', '');
    const budget = editBudget(squashedText);
    if (byLength === undefined) {
      byLength = build();
      for (const group of byLength)
        if (group !== undefined)
          count?.(
            stringBytes(group.texts.sorted) +
              bytesOf(
                group.texts.shared,
                group.texts.letters,
                group.names.values,
                group.names.starts,
              ),
          );
    }
    const found: Array<[number, number]> = [];
    const longest = Math.min(squashedText.length + budget, byLength.length - 1);
    for (let length = Math.max(0, squashedText.length - budget); length <= longest; length++) {
      const group = byLength[length];
      if (group === undefined) continue;
      const { texts, names } = group;
      for (const [position, edits] of wordsWithin(texts, squashedText, budget))
        for (
          let at = names.starts[position] as number;
          at < (names.starts[position + 1] as number);
          at++
        )
          found.push([names.values[at] as number, edits]);
    }
    return found;
  };
}
