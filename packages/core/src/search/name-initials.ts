import { codePointLength } from '../text/code-points.js';
import { foldText } from '../text/fold-text.js';
import { INITIALS_LENGTH } from './short-searches.js';

/** Joining words a name may have each way (kept, left out) before only all kept and all left out are. */
const JOINING_EACH_WAY = 3;

const CAMEL_CASE = /(\p{Ll})(\p{Lu})/gu;

/**
 * The ways a player may type a name's initials: the first letter of each of its words — hyphenated
 * and CamelCase parts are words (`Fire-Drake` and `FireDrake` are `fd`) — with its joining words kept
 * or left out (`Amulet of the Fox`: `aotf`, `af`, `aof`, `atf`), each from `INITIALS_LENGTH.min` to
 * `INITIALS_LENGTH.max` letters. `folded` is the name as `foldText` folds it; `written`, the name as
 * written where it may have CamelCase parts, which folding loses.
 *
 * @example nameInitials('amulet of the fox', undefined, new Set(['of', 'the'])) // ['aotf', 'atf', 'aof', 'af']
 */
export function nameInitials(
  folded: string,
  written: string | undefined,
  joining: ReadonlySet<string>,
): string[] {
  const words = (written === undefined ? folded : foldText(written.replace(CAMEL_CASE, '$1 $2')))
    .split(' ')
    .filter((word) => word !== '');
  if (words.length < INITIALS_LENGTH.min) return [];
  const letters = words.map((word) => String.fromCodePoint(word.codePointAt(0) as number));
  const skippable = words.flatMap((word, at) => (joining.has(word) ? [at] : []));
  const skips =
    skippable.length <= JOINING_EACH_WAY
      ? Array.from({ length: 1 << skippable.length }, (_, mask) =>
          skippable.filter((_, bit) => (mask >> bit) & 1),
        )
      : [[], skippable];
  const found = new Set<string>();
  for (const skipped of skips) {
    const initials = letters.filter((_, at) => !skipped.includes(at)).join('');
    const length = codePointLength(initials);
    if (length >= INITIALS_LENGTH.min && length <= INITIALS_LENGTH.max) found.add(initials);
  }
  return [...found];
}
