import type { Bitset } from '../bitset.js';
import { codePointLength } from '../text/code-points.js';
import { INITIALS_LENGTH } from './name-initials.js';
import type { SearchIndex } from './search-index.js';

/**
 * Sets in `into` the names whose initials `text` types (`nameInitials`): a text of one word, of
 * `INITIALS_LENGTH` letters or digits, found in the index's sorted initials by binary search.
 */
export function namesWithInitials(index: SearchIndex, text: string, into: Bitset): void {
  const length = codePointLength(text);
  if (length < INITIALS_LENGTH.min || length > INITIALS_LENGTH.max) return;
  const { initials, initialNames } = index;
  let low = 0;
  let high = initials.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((initials[mid] as string) < text) low = mid + 1;
    else high = mid;
  }
  if (initials[low] !== text) return;
  const { values, starts } = initialNames;
  for (let at = starts[low] as number; at < (starts[low + 1] as number); at++) {
    const name = values[at] as number;
    into[name >>> 5] = (into[name >>> 5] as number) | (1 << (name & 31));
  }
}
