/**
 * Applies `task` to every item with at most `limit` tasks under way at once, and gives the results in
 * the items' order. For work that holds a scarce resource while it runs, such as an open file: a
 * `Promise.all` over thousands of files opens them all at once and fails with EMFILE under the usual
 * `ulimit -n` of 1024.
 *
 * @example await mapConcurrently(names, 16, (name) => readFile(name)) // never more than 16 files open
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  // Each worker takes the next item as soon as its last one is done; `next++` is safe because
  // JavaScript runs one worker at a time between awaits.
  const work = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, work));
  return results;
}
