import type { NameIndex } from '../dataset/name-index.js';
import type { Bitset } from '../bitset.js';
import type { NameSets } from './name-sets.js';
import type { SearchIndex } from './search-index.js';

/** Below this many candidates, reading their names beats looking the text's fragments up. */
const READ_MOST = 512;

/**
 * Adds to `into` the names that contain `text` (folded). A name's words are one space apart, and so
 * are the text's: one word is in a name when it is in one of its words, found among the vocabulary's
 * words by their fragments (`wordFragments`), the few of them, not among the names; several are in a
 * name only if each after the first starts a word of it, so those names (`later`, the set of every
 * typed word after the first) are the candidates, read when few, or else narrowed by the names'
 * fragments. Names in `found` (those the search finds by their words already, when containing the
 * text would not rank them better) are not candidates.
 */
export function namesContaining(
  index: SearchIndex,
  sets: NameSets,
  wordFragments: NameIndex,
  text: string,
  later: Bitset | undefined,
  found: Bitset | undefined,
  into: Bitset,
): void {
  if (later === undefined) {
    const words = wordFragments.containing(text);
    for (let i = 0; i < words.length; i++) sets.add(words[i] as number, into);
    return;
  }
  const { names } = index;
  const candidates: number[] = [];
  for (let word = 0; word < later.length; word++) {
    let bits =
      ((later[word] as number) & ~(found === undefined ? 0 : (found[word] as number))) >>> 0;
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
