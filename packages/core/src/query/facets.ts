import { COLLECTIONS } from '../collections/collections.js';
import type { FacetSource } from '../collections/fields.js';
import type { ListName } from '../collections/list-names.js';
import type { Collection } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { countBoth, nextBit, type Bitset } from './bitset.js';
import { indexesOf } from './collection-indexes.js';
import type { Matches } from './select-page.js';

/** How many matching records have one value of a field. */
export interface FacetCount {
  value: string | number | boolean;
  count: number;
}

/** A list's facets, by name, in the order its descriptor declares them. */
export function facetsOf(list: ListName): Map<string, FacetSource> {
  return new Map(
    COLLECTIONS[list].fields.flatMap((entry) =>
      entry.facet ? [[entry.facet.name, entry.facet.source] as const] : [],
    ),
  );
}

/**
 * Parses `facet` (`facet=slot,stat`): the facets to count, in the order the list declares them;
 * every one when absent. A name the list has no facet for is a 400 listing those it has.
 *
 * @example parseFacets('items', 'stat,slot') // ['slot', 'stat']
 */
export function parseFacets(list: ListName, raw: string | undefined): string[] {
  const facets = [...facetsOf(list).keys()];
  if (raw === undefined) return facets;
  const asked = new Set(raw.split(','));
  for (const name of asked)
    if (!facets.includes(name))
      throw badRequest(
        `facet "${name}" is not one of ${list}'s; it takes a comma-separated list of ${facets.join(', ')}`,
      );
  return facets.filter((name) => asked.has(name));
}

/** Counts in count order, the largest first, then value order. */
function byCount(a: FacetCount, b: FacetCount): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** The matches' positions, ascending. */
function positionsOf(bits: Bitset, total: number): Int32Array {
  const positions = new Int32Array(total);
  let at = 0;
  for (let p = nextBit(bits, 0); p >= 0; p = nextBit(bits, p + 1)) positions[at++] = p;
  return positions;
}

/**
 * How many of the matching records have each value of each facet (each key, for a keyed facet), in
 * count order; values no match has are left out.
 *
 * Two ways, the cheaper for the query: few matches are read record by record, each adding one to its
 * value's count (its keys', for a keyed facet); many are counted per value, a pass over the value's
 * set ANDed with the matches, whose cost does not grow with them.
 *
 * @example facetCounts('items', dataset.items, matchIndexes(dataset.items, query), ['slot']).slot
 */
export function facetCounts(
  list: ListName,
  collection: Collection<{ id: string }>,
  { bits, total }: Matches,
  names: readonly string[],
): Record<string, FacetCount[]> {
  const indexes = indexesOf(collection);
  const sources = facetsOf(list);
  let positions: Int32Array | undefined;
  const matched = () => (positions ??= positionsOf(bits, total));
  const counts: Record<string, FacetCount[]> = {};
  for (const name of names) {
    const source = sources.get(name) as FacetSource;
    let found: FacetCount[];
    if (source.kind === 'column') {
      const { values, codes } = indexes.codes(source.field);
      if (total < values.length * bits.length) {
        const tally = new Int32Array(values.length + 1);
        for (const p of matched()) tally[codes[p] as number]!++;
        found = values.map((value, index) => ({ value, count: tally[index + 1] as number }));
      } else
        found = [...indexes.values(source.field)].map(([value, set]) => ({
          value,
          count: countBoth(bits, set),
        }));
      if (source.absent !== undefined) {
        const counted = found.reduce((sum, { count }) => sum + count, 0);
        const absent = found.find(({ value }) => value === source.absent);
        if (absent) absent.count += total - counted;
        else found.push({ value: source.absent, count: total - counted });
      }
    } else {
      const { keys, starts, codes } = indexes.keysByRecord(source.family);
      // A record has about codes.length / size keys: reading the matches' costs that much each.
      if (total * codes.length < keys.length * bits.length * collection.size) {
        const tally = new Int32Array(keys.length);
        for (const p of matched())
          for (let at = starts[p] as number; at < (starts[p + 1] as number); at++)
            tally[codes[at] as number]!++;
        found = keys.map((value, index) => ({ value, count: tally[index] as number }));
      } else
        found = keys.map((value) => ({
          value,
          count: countBoth(bits, indexes.has(source.family, value)),
        }));
    }
    counts[name] = found.filter(({ count }) => count > 0).sort(byCount);
  }
  return counts;
}
