import { popcount32 } from '../bitset.js';

/**
 * The range `[start, end)` of `sorted` (code-unit order) holding the texts that start with `prefix`.
 *
 * @example prefixRange(['amber', 'amulet', 'axe'], 'am') // [0, 2]
 */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const start = lowerBound(sorted, prefix);
  // The texts starting with `prefix` sort together, from `start` on; `startsWith` finds their end.
  // A bound of `prefix` plus U+FFFF would miss texts with U+FFFF after it, and, being a two-byte
  // string, would take V8's comparison of the one-byte names off its fast path.
  let low = start;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string).startsWith(prefix)) low = mid + 1;
    else high = mid;
  }
  return [start, low];
}

/**
 * The positions of `sorted` (code-unit order) that hold `text` itself: `[start, end)`.
 *
 * @example equalRange(['a', 'ab', 'ab', 'b'], 'ab') // [1, 3]
 */
export function equalRange(sorted: readonly string[], text: string): [number, number] {
  const start = lowerBound(sorted, text);
  // `text` sorts before `text` followed by U+0000, which sorts before any longer text it starts.
  return [start, lowerBound(sorted, `${text}\u0000`, start)];
}

/** The first position of `sorted` whose text is `text` or after it. */
function lowerBound(sorted: readonly string[], text: string, from = 0): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < text) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Code units `a` and `b` share at their start. */
function sharedStart(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let at = 0;
  while (at < most && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

/**
 * The letters a text holds, as a set of 32 (a code unit's last five bits): an edit adds or removes at
 * most two of them, so two texts whose sets differ by more than twice a budget are not within it.
 */
function letterSet(text: string): number {
  let set = 0;
  for (let at = 0; at < text.length; at++) set |= 1 << (text.charCodeAt(at) & 31);
  return set;
}

/** The letter set of each of `sorted`, for `wordsWithin`. */
export function letterSets(sorted: readonly string[]): Int32Array {
  return Int32Array.from(sorted, letterSet);
}

/** A sorted vocabulary as `wordsWithin` walks it: `sharedStarts` and `letterSets` of its words. */
export interface WalkedWords {
  sorted: readonly string[];
  shared: Int32Array;
  letters: Int32Array;
}

/** `sorted` (distinct, code-unit order) made ready for `wordsWithin`. */
export function walkedWords(sorted: readonly string[]): WalkedWords {
  return { sorted, shared: sharedStarts(sorted), letters: letterSets(sorted) };
}

/**
 * The words of `sorted` (distinct, code-unit order) within `budget` edits of `word`, each with its
 * edits: a letter added, dropped, changed, or two neighbours swapped (optimal string alignment
 * distance). The sorted words are walked as a trie: a word reuses the rows of the prefix it shares
 * with the one before, and once no row of a prefix is within the budget every word starting with it
 * is skipped; a word too long, too short or of letters too different is not read at all. So a search
 * reads a small part of a large vocabulary. `shared[i]` is how many code units word `i` shares at its
 * start with word `i - 1` (`sharedStarts`), `letters[i]` its `letterSets`.
 *
 * @example wordsWithin(walkedWords(['amber', 'amulet', 'axe']), 'amulte', 1) // Map { 1 => 1 }
 */
export function wordsWithin(
  { sorted, shared, letters }: WalkedWords,
  word: string,
  budget: number,
): Map<number, number> {
  const found = new Map<number, number>();
  const wordLetters = letterSet(word);
  // Past the last word, nothing is shared; reading there would take V8 off its fast path.
  const sharedAt = (at: number) => (at < shared.length ? (shared[at] as number) : 0);
  const width = word.length + 1;
  // Row `depth` holds the edits from the first `depth` letters of a vocabulary word to each prefix
  // of `word`; the rows grow to the longest word read.
  let rows = new Int32Array(width * 32);
  const past = budget + 1;
  for (let column = 0; column < width; column++) rows[column] = Math.min(column, past);
  // How many letters the rows hold for the word read, and how many it shares with the next.
  let valid = 0;
  let common = 0;
  let index = 0;
  while (index < sorted.length) {
    const candidate = sorted[index] as string;
    if (
      Math.abs(candidate.length - word.length) > budget ||
      popcount32((letters[index] as number) ^ wordLetters) > 2 * budget
    ) {
      // The rows stay those of the prefix read before, as much of it as the next word shares.
      valid = Math.min(valid, common);
      index++;
      common = sharedAt(index);
      continue;
    }
    if ((candidate.length + 1) * width > rows.length) {
      const grown = new Int32Array((candidate.length + 1) * width * 2);
      grown.set(rows);
      rows = grown;
    }
    let depth = Math.min(valid, common) + 1;
    for (; depth <= candidate.length; depth++) {
      const letter = candidate.charCodeAt(depth - 1);
      const before = depth > 1 ? candidate.charCodeAt(depth - 2) : -1;
      const row = depth * width;
      const above = row - width;
      // Only cells within `budget` of the diagonal can be within the budget: the others are read
      // as one past it (Ukkonen's band), so a row costs 2 × budget + 1 cells, not the word's length.
      const low = Math.max(1, depth - budget);
      const high = Math.min(word.length, depth + budget);
      rows[row] = depth;
      if (low > 1) rows[row + low - 1] = past;
      let smallest = depth <= budget ? depth : past;
      for (let column = low; column <= high; column++) {
        const wordLetter = word.charCodeAt(column - 1);
        let edits = Math.min(
          (rows[above + column] as number) + 1,
          (rows[row + column - 1] as number) + 1,
          (rows[above + column - 1] as number) + (letter === wordLetter ? 0 : 1),
        );
        if (column > 1 && letter === word.charCodeAt(column - 2) && before === wordLetter)
          edits = Math.min(edits, (rows[above - width + column - 2] as number) + 1);
        rows[row + column] = edits;
        if (edits < smallest) smallest = edits;
      }
      if (high < word.length) rows[row + high + 1] = past;
      // Past the budget on this row: every longer word with these letters first is past it too. A
      // cell is at most one more than a cell of the row before, so that row is at the budget or past
      // it, and a swap, which reads it plus one, is past it.
      if (smallest > budget) break;
    }
    if (depth > candidate.length) {
      valid = candidate.length;
      const edits = rows[candidate.length * width + word.length] as number;
      if (edits <= budget) found.set(index, edits);
      index++;
      common = sharedAt(index);
    } else {
      // Skip the words that start with these `depth` letters: the next shares fewer with this one.
      valid = depth;
      index++;
      while (index < sorted.length && (shared[index] as number) >= depth) index++;
      common = sharedAt(index);
    }
  }
  return found;
}

/**
 * How many code units each of `sorted` shares at its start with the one before it (0 for the first).
 *
 * @example sharedStarts(['amber', 'amulet', 'axe']) // Int32Array [0, 2, 1]
 */
export function sharedStarts(sorted: readonly string[]): Int32Array {
  return Int32Array.from(sorted, (word, index) =>
    index === 0 ? 0 : sharedStart(sorted[index - 1] as string, word),
  );
}
