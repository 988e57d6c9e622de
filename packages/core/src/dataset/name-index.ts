/** Length of the fragments indexed: three letters narrow a search to few names, and cost little memory. */
const FRAGMENT_LENGTH = 3;

/**
 * Which names contain a text, found through an index of every name's three-letter fragments instead
 * of by reading every name: a search then costs about as much for 100,000 names as for 100.
 */
export interface NameIndex {
  /**
   * Positions, in ascending order, of the names that contain `text` (compared as given: case-folded
   * both). It may be the index's own list: do not modify it.
   */
  containing(text: string): ArrayLike<number>;
  /** Whether the name at `position` contains `text` (compared as given: case-folded both). */
  has(position: number, text: string): boolean;
}

/** Every three-letter fragment of every name, with the positions of the names it occurs in, ascending. */
function indexFragments(names: readonly string[]): Map<string, Int32Array> {
  const positions = new Map<string, number[]>();
  names.forEach((name, index) => {
    for (let start = 0; start + FRAGMENT_LENGTH <= name.length; start++) {
      const fragment = name.slice(start, start + FRAGMENT_LENGTH);
      let list = positions.get(fragment);
      if (list === undefined) positions.set(fragment, (list = []));
      // A fragment may recur within one name; its position is listed once.
      if (list[list.length - 1] !== index) list.push(index);
    }
  });
  const packed = new Map<string, Int32Array>();
  for (const [fragment, list] of positions) packed.set(fragment, Int32Array.from(list));
  return packed;
}

/** What the fragments hold: each list, and an upper bound of its key, array header and map entry. */
function fragmentBytes(fragments: ReadonlyMap<string, Int32Array>): number {
  let bytes = 0;
  for (const list of fragments.values()) bytes += list.byteLength + 128;
  return bytes;
}

/**
 * First position in `list` (ascending) holding `value` or more, from `from` on: galloping ahead in
 * doubling steps, then a binary search within the last step, so that a walk through a long list in
 * order costs about the log of the distance moved rather than of the list's length.
 */
function seek(list: Int32Array, value: number, from: number): number {
  let step = 1;
  let high = from;
  while (high < list.length && (list[high] as number) < value) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (from < high) {
    const mid = (from + high) >>> 1;
    if ((list[mid] as number) < value) from = mid + 1;
    else high = mid;
  }
  return from;
}

/** The values on both lists (each ascending), ascending, at a cost that follows the shorter one. */
function intersect(shorter: ArrayLike<number>, longer: Int32Array): number[] {
  const both: number[] = [];
  let at = 0;
  for (let i = 0; i < shorter.length; i++) {
    const value = shorter[i] as number;
    at = seek(longer, value, at);
    if (at === longer.length) break;
    if (longer[at] === value) both.push(value);
  }
  return both;
}

/** Below this many candidates, reading the names is cheaper than intersecting another fragment list. */
const FEW_CANDIDATES = 8;

/**
 * A name index over `names` (already case-folded, `foldCase`, in collection order). The index is built on the
 * first search of three letters or more, not at load: a process that is never asked to search — a
 * Lambda instance answering one request — does not pay for it. Shorter searches match too many names
 * for an index to help, and read every name.
 *
 * `onBuilt` is told what the fragments hold once they are built.
 *
 * @example createNameIndex(['iron helm', 'iron sword']).containing('swo') // [1]
 */
export function createNameIndex(
  names: readonly string[],
  onBuilt?: (bytes: number) => void,
): NameIndex {
  let fragments: Map<string, Int32Array> | undefined;
  return {
    containing(text) {
      const found: number[] = [];
      if (text.length < FRAGMENT_LENGTH) {
        names.forEach((name, index) => {
          if (name.includes(text)) found.push(index);
        });
        return found;
      }
      if (fragments === undefined) {
        fragments = indexFragments(names);
        onBuilt?.(fragmentBytes(fragments));
      }
      const lists: Int32Array[] = [];
      for (let start = 0; start + FRAGMENT_LENGTH <= text.length; start++) {
        const list = fragments.get(text.slice(start, start + FRAGMENT_LENGTH));
        if (list === undefined) return found;
        lists.push(list);
      }
      // Three letters are a fragment: its list is the answer.
      if (text.length === FRAGMENT_LENGTH) return lists[0] as Int32Array;
      // A name that contains the text contains each of its fragments: intersect their lists, shortest
      // first, until few candidates are left, then read just those names for the whole text.
      lists.sort((a, b) => a.length - b.length);
      let candidates: ArrayLike<number> = lists[0] as Int32Array;
      for (let i = 1; i < lists.length && candidates.length > FEW_CANDIDATES; i++)
        candidates = intersect(candidates, lists[i] as Int32Array);
      for (let i = 0; i < candidates.length; i++) {
        const index = candidates[i] as number;
        if ((names[index] as string).includes(text)) found.push(index);
      }
      return found;
    },
    has: (position, text) => names[position]?.includes(text) ?? false,
  };
}
