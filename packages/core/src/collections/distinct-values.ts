/**
 * The distinct values of a text field, lower-cased and sorted: what an exact-text filter accepts, so
 * the reference lists only values that exist.
 *
 * @example distinctValues([{ slot: 'Head' }, { slot: 'head' }, {}], 'slot') // ['head']
 */
export function distinctValues(records: readonly object[], field: string): string[] {
  const set = new Set<string>();
  for (const record of records) {
    const value = (record as Record<string, unknown>)[field];
    if (typeof value === 'string') set.add(value.toLowerCase());
  }
  return [...set].sort();
}
