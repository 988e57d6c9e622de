import { bytesOf, stringBytes } from '../dataset/derived-memory.js';
import { packLists, type Lists, type SearchIndex } from './search-index.js';
import { editBudget } from './edit-budget.js';
import { walkedWords, wordsWithin, type WalkedWords } from './word-walk.js';

/**
 * The names within a few edits of a text once both lose their spaces, each with its edits: what finds
 * `Helmof Valour`, `Helmo f Valour` and `SimpleBlade`, whose words are not a name's words. Walking
 * every name costs tens of microseconds at 100,000 names, so search asks only when nothing else
 * matched; the names without spaces are put in order on that first call.
 */
export function spacedTypos(
  index: SearchIndex,
  count?: (bytes: number) => void,
): (text: string) => Array<[number, number]> {
  let squashed: { texts: WalkedWords; names: Lists } | undefined;
  const build = () => {
    const byText = new Map<string, number[]>();
    index.names.forEach((name, position) => {
      const text = name.replaceAll(' ', '');
      const list = byText.get(text);
      if (list === undefined) byText.set(text, [position]);
      else list.push(position);
    });
    const texts = [...byText.keys()].sort();
    // Packed, not one array per text: kept for the life of the release, in the old generation.
    const names = packLists(texts.map((text) => byText.get(text) as number[]));
    return { texts: walkedWords(texts), names };
  };
  return (text) => {
    const squashedText = text.replaceAll(' ', '');
    const budget = editBudget(squashedText);
    if (squashed === undefined) {
      squashed = build();
      const { texts, names } = squashed;
      count?.(
        stringBytes(texts.sorted) +
          bytesOf(texts.shared, texts.letters, names.values, names.starts),
      );
    }
    const { texts, names } = squashed;
    const found: Array<[number, number]> = [];
    for (const [position, edits] of wordsWithin(texts, squashedText, budget))
      for (
        let at = names.starts[position] as number;
        at < (names.starts[position + 1] as number);
        at++
      )
        found.push([names.values[at] as number, edits]);
    return found;
  };
}
