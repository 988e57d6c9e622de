/** How much a `boundedMemo` keeps. */
export interface MemoBounds {
  /** The most distinct texts kept: past it, all are dropped at once and the memo fills again. */
  readonly entries: number;
  /** The longest text kept: a longer one is worked out every time, so no text of any length is held. */
  readonly length: number;
}

/**
 * The bounds for a request header's value: clients send a handful of distinct values, so 64 of them
 * hold every one in use, and a value longer than 256 characters is no browser's.
 */
export const HEADER_MEMO: MemoBounds = { entries: 64, length: 256 };

/**
 * `compute`, remembering its answer for each distinct text within `bounds`: a value seen before is
 * answered from memory, as `compute` answered it the first time. Memory stays bounded whatever texts
 * arrive (crafted ones included): at most `entries` texts of at most `length` characters. Made for
 * texts that repeat — a header's value, a client's address — whose answer takes parsing to find.
 *
 * @example const choose = boundedMemo((header) => header.includes('br'))
 */
export function boundedMemo<T>(
  compute: (text: string) => T,
  bounds: MemoBounds = HEADER_MEMO,
): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    const known = kept.get(text);
    if (known !== undefined || kept.has(text)) return known as T;
    const answer = compute(text);
    if (text.length <= bounds.length) {
      if (kept.size >= bounds.entries) kept.clear();
      kept.set(text, answer);
    }
    return answer;
  };
}
