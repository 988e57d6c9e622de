import type { NameIndex } from '../dataset/name-index.js';
import type { Bitset } from '../bitset.js';
import type { NameSets } from './name-sets.js';
import type { SearchIndex } from './search-index.js';

/** Below this many candidates, reading their names beats looking the text's fragments up. */
const READ_MOST = 512;
/** From this many letters, the words a typed word ends are looked up by their fragments, cheaply. */
const ENDING_LETTERS = 3;

/** What narrows the names holding a text of several words. */
export interface SeveralWords {
  /** The names with a word starting with each typed word after the first. */
  later: Bitset;
  /** The positions of `later`'s 32-bit words that may not be zero, ascending. */
  laterInUse: Int32Array;
  /** Names the search finds by their words already, when containing the text would not rank them better. */
  found: Bitset | undefined;
  /** Room for the names with a word ending with the first typed word. */
  ending: Bitset;
}

/**
 * Adds to `into` the names that contain `text` (folded). A name's words are one space apart, and so
 * are the text's: one word is in a name when it is in one of its words, found among the vocabulary's
 * words by their fragments (`wordFragments`), the few of them, not among the names. Several are in a
 * name only if it has a word ending with the first and words starting with each after it (`several`),
 * so those names are the candidates, read when few, or else narrowed by the names' fragments; names
 * in `several.found` are not candidates.
 */
export function namesContaining(
  index: SearchIndex,
  sets: NameSets,
  wordFragments: NameIndex,
  text: string,
  into: Bitset,
  several?: SeveralWords,
): void {
  if (several === undefined) {
    const words = wordFragments.containing(text);
    for (let i = 0; i < words.length; i++) sets.add(words[i] as number, into);
    return;
  }
  const { later, laterInUse, found } = several;
  const first = text.slice(0, text.indexOf(' '));
  let ending: Bitset | undefined;
  if (first.length >= ENDING_LETTERS) {
    ending = several.ending.fill(0);
    const words = wordFragments.containing(first);
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as number;
      if ((index.words[word] as string).endsWith(first)) sets.add(word, ending);
    }
  }
  const { names } = index;
  const candidates: number[] = [];
  for (let i = 0; i < laterInUse.length; i++) {
    const word = laterInUse[i] as number;
    let bits =
      (later[word] as number) &
      ~(found === undefined ? 0 : (found[word] as number)) &
      (ending === undefined ? -1 : (ending[word] as number));
    while (bits !== 0) {
      if (candidates.length === READ_MOST) {
        addAll(index.containing.containing(text), into);
        return;
      }
      candidates.push((word << 5) + (31 - Math.clz32(bits & -bits)));
      bits &= bits - 1;
    }
  }
  addAll(
    candidates.filter((name) => (names[name] as string).includes(text)),
    into,
  );
}

function addAll(found: ArrayLike<number>, into: Bitset): void {
  for (let i = 0; i < found.length; i++) {
    const name = found[i] as number;
    into[name >>> 5] = (into[name >>> 5] as number) | (1 << (name & 31));
  }
}
