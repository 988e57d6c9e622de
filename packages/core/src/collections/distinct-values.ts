import { foldCase } from '../text/fold-case.js';

/**
 * The distinct values of a text field, case-folded (`foldCase`) and sorted: what an exact-text filter accepts, so
 * the reference lists only values that exist.
 *
 * @example distinctValues([{ slot: 'Head' }, { slot: 'head' }, {}], 'slot') // ['head']
 */
export function distinctValues(records: readonly object[], field: string): string[] {
  const set = new Set<string>();
  for (const record of records) {
    const value = (record as Record<string, unknown>)[field];
    if (typeof value === 'string') set.add(foldCase(value));
  }
  return [...set].sort();
}
