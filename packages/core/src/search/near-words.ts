import { stringBytes } from '../dataset/derived-memory.js';
import { letterSets, wordsWithin } from './word-walk.js';

/**
 * Whether `a` and `b` differ by exactly one edit: a letter added, dropped or changed, or two
 * neighbours swapped.
 */
function oneEditApart(a: string, b: string): boolean {
  const lengthA = a.length;
  const lengthB = b.length;
  let start = 0;
  while (start < lengthA && start < lengthB && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = lengthA;
  let endB = lengthB;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const differA = endA - start;
  const differB = endB - start;
  // One letter against one or none, or two swapped neighbours. Lengths two or more apart need no
  // test of their own: they leave two letters more on one side than on the other, which is neither.
  if (differA + differB === 0) return false;
  if (differA <= 1 && differB <= 1) return true;
  return (
    differA === 2 &&
    differB === 2 &&
    a.charCodeAt(start) === b.charCodeAt(start + 1) &&
    a.charCodeAt(start + 1) === b.charCodeAt(start)
  );
}

/** `word` and each text made by dropping one of its letters, each once. */
function withOneDropped(word: string): Set<string> {
  const texts = new Set([word]);
  for (let at = 0; at < word.length; at++) texts.add(word.slice(0, at) + word.slice(at + 1));
  return texts;
}

/** The positions of the vocabulary's words within `budget` edits of `typed`, each with its edits. */
export type NearWords = (typed: string, budget: number) => Map<number, number>;

/**
 * The vocabulary's words near a typed word, each with its edits (`wordsWithin`). Within one edit, the
 * typed word and its one-letter drops are looked up among the words' own (symmetric deletion): a
 * handful of lookups whatever the vocabulary's size, against ten entries a word, made on first use.
 * Two edits, for long words, walk the sorted vocabulary.
 */
export function nearWords(
  words: readonly string[],
  shared: Int32Array,
  count?: (bytes: number) => void,
): NearWords {
  const walked = { sorted: words, shared, letters: letterSets(words) };
  count?.(walked.letters.byteLength);
  let dropped: Map<string, number[]> | undefined;
  const byDropping = () => {
    const texts = new Map<string, number[]>();
    words.forEach((word, index) => {
      for (const text of withOneDropped(word)) {
        const list = texts.get(text);
        if (list === undefined) texts.set(text, [index]);
        else list.push(index);
      }
    });
    return texts;
  };
  return (typed, budget) => {
    if (budget !== 1) return wordsWithin(walked, typed, budget);
    if (dropped === undefined) {
      dropped = byDropping();
      // Each text at most, its array (a header and eight bytes an index) and its map entry.
      let bytes = stringBytes(dropped.keys());
      for (const list of dropped.values()) bytes += 64 + 8 * list.length;
      count?.(bytes);
    }
    const found = new Map<number, number>();
    for (const text of withOneDropped(typed)) {
      for (const index of dropped.get(text) ?? []) {
        if (found.has(index)) continue;
        const word = words[index] as string;
        if (word === typed) found.set(index, 0);
        else if (oneEditApart(word, typed)) found.set(index, 1);
      }
    }
    return found;
  };
}
