import type { Bitset } from '../bitset.js';
import { codePointLength } from '../text/code-points.js';
import { INITIALS_LENGTH } from './short-searches.js';
import type { SearchIndex } from './search-index.js';
import { equalRange } from './word-walk.js';

/**
 * Sets in `into` the names whose initials `text` types (`nameInitials`): a text of one word, of
 * `INITIALS_LENGTH` letters or digits, found in the index's sorted initials by binary search (each is there once).
 */
export function namesWithInitials(index: SearchIndex, text: string, into: Bitset): void {
  const length = codePointLength(text);
  if (length < INITIALS_LENGTH.min || length > INITIALS_LENGTH.max) return;
  const [found, end] = equalRange(index.initials, text);
  if (found === end) return;
  const { values, starts } = index.initialNames;
  for (let at = starts[found] as number; at < (starts[found + 1] as number); at++) {
    const name = values[at] as number;
    into[name >>> 5] = (into[name >>> 5] as number) | (1 << (name & 31));
  }
}
