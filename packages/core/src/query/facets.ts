import { COLLECTIONS } from '../collections/collections.js';
import type { FacetSource } from '../collections/fields.js';
import type { ListName } from '../collections/list-names.js';
import type { Collection } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { countBoth } from './bitset.js';
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

/**
 * How many of the matching records have each value of each facet (each key, for a keyed facet), in
 * count order; values no match has are left out.
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
  const counts: Record<string, FacetCount[]> = {};
  for (const name of names) {
    const source = sources.get(name) as FacetSource;
    const sets =
      source.kind === 'column'
        ? [...indexes.values(source.field)]
        : Object.keys(
            Object.hasOwn(collection.keyed, source.family) ? collection.keyed[source.family]! : {},
          ).map((key) => [key, indexes.has(source.family, key)] as const);
    const found = sets.map(([value, set]) => ({ value, count: countBoth(bits, set) }));
    if (source.kind === 'column' && source.absent !== undefined) {
      const counted = found.reduce((sum, { count }) => sum + count, 0);
      const absent = found.find(({ value }) => value === source.absent);
      if (absent) absent.count += total - counted;
      else found.push({ value: source.absent, count: total - counted });
    }
    counts[name] = found.filter(({ count }) => count > 0).sort(byCount);
  }
  return counts;
}
