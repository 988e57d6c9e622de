/**
 * Calls `visit` once with each number on `a` or `b` (each ascending, without repeats), in ascending
 * order: their union, walked without making it.
 *
 * @example eachOfBoth([1, 4], [2, 4], (n) => seen.push(n)) // seen: [1, 2, 4]
 */
export function eachOfBoth(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  visit: (value: number) => void,
): void {
  let i = 0;
  let j = 0;
  // One list given twice is walked once.
  if (a === b) j = b.length;
  while (i < a.length && j < b.length) {
    const left = a[i] as number;
    const right = b[j] as number;
    if (left <= right) i++;
    if (right <= left) j++;
    visit(left <= right ? left : right);
  }
  while (i < a.length) visit(a[i++] as number);
  while (j < b.length) visit(b[j++] as number);
}

/** The numbers on `a` or `b` (each ascending, without repeats), ascending and once each. */
export function union(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const both: number[] = [];
  eachOfBoth(a, b, (value) => both.push(value));
  return both;
}
