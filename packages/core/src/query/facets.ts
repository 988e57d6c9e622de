import type { ListDescriptor } from '../collections/descriptor.js';
import type { FacetSource } from '../collections/fields.js';
import type { ParsedFilter } from '../collections/filters.js';
import type { Collection } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { countBoth, indicesWithin, positionsOf, type Bitset } from '../bitset.js';
import { codesFor, indexesOf, type Codes } from './collection-indexes.js';
import { SharedByIds } from './shared-by-ids.js';
import {
  matchIndexes,
  planMatch,
  readsAsList,
  type Matches,
  type MatchPlan,
  type OrderSpan,
} from './select-page.js';
import { bytesOf, countDerived } from '../dataset/derived-memory.js';

/** How many matching records have one value of a field. */
export interface FacetCount {
  value: string | number | boolean;
  count: number;
}

// Each list's facets, worked out once from its descriptor rather than on every facet request.
const facetsByList = new WeakMap<ListDescriptor, ReadonlyMap<string, FacetSource>>();

/** A list's facets, by name, in the order its descriptor declares them. */
export function facetsOf(descriptor: ListDescriptor): ReadonlyMap<string, FacetSource> {
  let facets = facetsByList.get(descriptor);
  if (facets === undefined) {
    facets = new Map(
      descriptor.fields.flatMap((entry) =>
        entry.facet ? [[entry.facet.name, entry.facet.source] as const] : [],
      ),
    );
    facetsByList.set(descriptor, facets);
  }
  return facets;
}

/**
 * Parses `facet` (`facet=slot,stat`): the facets to count, in the order the list declares them;
 * every one when absent. A name the list has no facet for is a 400 listing those it has.
 *
 * @example parseFacets('items', 'stat,slot') // ['slot', 'stat']
 */
export function parseFacets(descriptor: ListDescriptor, raw: string | undefined): string[] {
  const facets = [...facetsOf(descriptor).keys()];
  if (raw === undefined) return facets;
  const asked = new Set(raw.split(','));
  for (const name of asked)
    if (!facets.includes(name))
      throw badRequest(
        `facet "${name}" is not one of ${descriptor.name}'s; it takes a comma-separated list of ${facets.join(', ')}`,
      );
  return facets.filter((name) => asked.has(name));
}

/** Counts in count order, the largest first, then value order. */
function byCount(a: FacetCount, b: FacetCount): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** The values whose count is above zero, with it. */
function nonzero(
  values: ReadonlyArray<string | number | boolean>,
  countOf: (index: number) => number,
): FacetCount[] {
  const found: FacetCount[] = [];
  for (let index = 0; index < values.length; index++) {
    const count = countOf(index);
    if (count > 0) found.push({ value: values[index]!, count });
  }
  return found;
}

/** Column facets counted together combine their codes while they make at most this many. */
const JOINT_COMBINATIONS = 1024;

/**
 * Columns whose codes are counted as one: a record's joint code has its code of each column as a
 * digit (the first column's the lowest), so one count a match serves every column of the group.
 */
interface JointColumns {
  readonly fields: readonly string[];
  /** Each column's values and no value: its digit's base. */
  readonly radices: readonly number[];
  /** How many joint codes there are: the product of the bases. */
  readonly size: number;
  readonly codes: Codes;
}

// By the ids, as the indexes are: every language's view of a list shares its codes.
const jointByCollection = new SharedByIds<ReadonlyMap<string, JointColumns>>();

/**
 * The list's column facets, in their declared order, grouped while each group has at most
 * `JOINT_COMBINATIONS` joint codes, by the field of each column: made on the first facet request.
 */
function jointColumnsOf(
  descriptor: ListDescriptor,
  collection: Collection<{ id: string }>,
): ReadonlyMap<string, JointColumns> {
  return jointByCollection.of(collection, () => jointColumns(descriptor, collection));
}

function jointColumns(
  descriptor: ListDescriptor,
  collection: Collection<{ id: string }>,
): ReadonlyMap<string, JointColumns> {
  const indexes = indexesOf(collection);
  const groups: Array<{ fields: string[]; radices: number[]; size: number }> = [];
  for (const source of facetsOf(descriptor).values()) {
    if (source.kind !== 'column') continue;
    const radix = indexes.codes(source.field).values.length + 1;
    const last = groups.at(-1);
    if (last && last.size * radix <= JOINT_COMBINATIONS) {
      last.fields.push(source.field);
      last.radices.push(radix);
      last.size *= radix;
    } else groups.push({ fields: [source.field], radices: [radix], size: radix });
  }
  const byField = new Map<string, JointColumns>();
  for (const group of groups) {
    const codes = codesFor(group.size - 1, collection.size);
    let weight = 1;
    group.fields.forEach((field, member) => {
      const column = indexes.codes(field).codes;
      for (let p = 0; p < codes.length; p++)
        codes[p] = (codes[p] as number) + (column[p] as number) * weight;
      weight *= group.radices[member] as number;
    });
    const joint = { ...group, codes };
    countDerived(collection, bytesOf(codes));
    for (const field of group.fields) byField.set(field, joint);
  }
  return byField;
}

/** A keyed facet's keys of each record: record `i`'s are `codes[starts[i]]` up to `codes[starts[i + 1]]`. */
interface KeysOfRecords {
  readonly starts: Int32Array;
  readonly codes: Codes;
}

/**
 * What facets count, laid out in one number's order, record by record as the order has them: each
 * group's joint codes and each keyed facet's keys. A range's matches are then a run of that order,
 * read front to back rather than at their places in the list.
 */
interface FacetsAlong {
  readonly joint: ReadonlyMap<JointColumns, Codes>;
  readonly keyed: ReadonlyMap<string, KeysOfRecords>;
}

// By the ids, as the indexes are, then by the order's field and key.
const alongByCollection = new SharedByIds<Map<string, FacetsAlong>>();

/** The list's facets in the order of `span`'s number: made on the first facet request it leads. */
function facetsAlong(
  descriptor: ListDescriptor,
  collection: Collection<{ id: string }>,
  { field, key }: OrderSpan,
  positions: Int32Array,
): FacetsAlong {
  const byOrder = alongByCollection.of(collection, () => new Map());
  const name = key === undefined ? field : `${field}\0${key}`;
  let along = byOrder.get(name);
  if (along !== undefined) return along;
  const joint = new Map<JointColumns, Codes>();
  for (const group of new Set(jointColumnsOf(descriptor, collection).values())) {
    const codes = codesFor(group.size - 1, positions.length);
    for (let i = 0; i < positions.length; i++)
      codes[i] = group.codes[positions[i] as number] as number;
    joint.set(group, codes);
  }
  const keyed = new Map<string, KeysOfRecords>();
  for (const source of facetsOf(descriptor).values()) {
    if (source.kind !== 'keys') continue;
    const byRecord = indexesOf(collection).keysByRecord(source.family);
    const starts = new Int32Array(positions.length + 1);
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i] as number;
      starts[i + 1] =
        (starts[i] as number) + (byRecord.starts[p + 1] as number) - (byRecord.starts[p] as number);
    }
    const codes = codesFor(byRecord.keys.length - 1, starts[positions.length] as number);
    for (let i = 0; i < positions.length; i++)
      codes.set(
        byRecord.codes.subarray(
          byRecord.starts[positions[i] as number],
          byRecord.starts[(positions[i] as number) + 1],
        ),
        starts[i],
      );
    keyed.set(source.family, { starts, codes });
  }
  along = { joint, keyed };
  countDerived(
    collection,
    bytesOf(
      ...joint.values(),
      ...[...keyed.values()].flatMap(({ starts, codes }) => [starts, codes]),
    ),
  );
  byOrder.set(name, along);
  return along;
}

/** Each column's counts by its own code, from the counts of the group's joint codes. */
function marginals({ radices }: JointColumns, joint: Int32Array): Int32Array[] {
  const counts = radices.map((radix) => new Int32Array(radix));
  for (let code = 0; code < joint.length; code++) {
    const count = joint[code] as number;
    if (count === 0) continue;
    let rest = code;
    for (let member = 0; member < radices.length; member++) {
      counts[member]![rest % radices[member]!]! += count;
      rest = Math.floor(rest / radices[member]!);
    }
  }
  return counts;
}

/** A facet counted record by record: its tally, by code, and each record's codes. */
interface Tally {
  readonly counts: Int32Array;
  readonly codes: Codes;
  /** For a keyed facet, where each record's codes start: record `i`'s are `starts[i]`..`starts[i + 1]`. */
  readonly starts?: Int32Array;
}

/**
 * Adds each match's codes to the tallies, each facet in a loop of its own over the matches listed, a
 * fifth faster than visiting every facet at each match.
 */
function tallyMatches(
  matches: Int32Array,
  columns: readonly Tally[],
  keyed: readonly Tally[],
): void {
  for (const { counts, codes } of columns)
    for (let i = 0; i < matches.length; i++) counts[codes[matches[i] as number] as number]!++;
  for (const { counts, codes, starts } of keyed)
    for (let i = 0; i < matches.length; i++) {
      const p = matches[i] as number;
      const end = starts![p + 1] as number;
      for (let at = starts![p] as number; at < end; at++) counts[codes[at] as number]!++;
    }
}

/** Facet counts, and how many records matched. */
export interface FacetAnswer {
  data: Record<string, FacetCount[]>;
  total: number;
}

/**
 * How many of the records that match `filters` have each value of each facet (each key, for a keyed
 * facet), in count order; values no match has are left out.
 *
 * Where a short range leads the matching (`planMatch`), its run of the number's order is read against
 * the other filters' sets, and each match adds one to its value's count from the facets laid out in
 * that order (`facetsAlong`): memory read front to back. Otherwise the matches (`matched`, which may
 * be cached) are counted the cheaper way for each facet: with few, each match adds one to its value's
 * count (its keys', for a keyed facet; its group's joint code, for columns counted together); with
 * many, a value's count is a pass over its set ANDed with the matches, whose cost does not grow with
 * them.
 *
 * @example facetCounts('items', dataset.items, parseFilters('items', params, dataset).filters, ['slot']).data.slot
 */
export function facetCounts(
  descriptor: ListDescriptor,
  collection: Collection<{ id: string }>,
  filters: readonly ParsedFilter[],
  names: readonly string[],
  matched: (plan: MatchPlan) => Matches = (plan) => matchIndexes(collection, { filters }, plan),
): FacetAnswer {
  const indexes = indexesOf(collection);
  const plan = planMatch(collection, filters);
  // A long run (a range alone leads however long it is) is counted from the matches instead, where a
  // facet of few values is cheaper counted set by set.
  const lead = plan.lead?.span;
  const span = lead && readsAsList(collection.size, lead.to - lead.from) ? lead : undefined;
  let along: FacetsAlong | undefined;
  let listed: Int32Array | undefined;
  let bits: Bitset | undefined;
  let total: number;
  if (span) {
    const { positions } = indexes.byValue(span.field, span.key)!;
    along = facetsAlong(descriptor, collection, span, positions);
    listed = indicesWithin(positions, span.from, span.to, plan.sets);
    total = listed.length;
  } else {
    const matches = matched(plan);
    ({ bits, total } = matches);
    listed = matches.positions;
  }
  /** Whether a facet of `values` values is cheaper counted record by record than set by set. */
  const byRecord = (values: number) => bits === undefined || total < values * bits.length;
  const sources = facetsOf(descriptor);
  const joints = jointColumnsOf(descriptor, collection);
  const columns: Tally[] = [];
  const keyed: Tally[] = [];
  /** Each group counted record by record: its tally, and its columns' counts once worked out. */
  const tallied = new Map<JointColumns, { tally: Tally; counts?: Int32Array[] }>();
  /** Each facet's counts, made once the pass has run. */
  const counted: Array<[name: string, source: FacetSource, counts: () => FacetCount[]]> = [];
  for (const name of names) {
    const source = sources.get(name) as FacetSource;
    if (source.kind === 'column') {
      const { values } = indexes.codes(source.field);
      if (byRecord(values.length)) {
        const joint = joints.get(source.field) as JointColumns;
        const member = joint.fields.indexOf(source.field);
        let group = tallied.get(joint);
        if (group === undefined) {
          const codes = along ? (along.joint.get(joint) as Codes) : joint.codes;
          group = { tally: { counts: new Int32Array(joint.size), codes } };
          tallied.set(joint, group);
          columns.push(group.tally);
        }
        const { tally } = group;
        counted.push([
          name,
          source,
          () => {
            const counts = (group.counts ??= marginals(joint, tally.counts))[member]!;
            return nonzero(values, (index) => counts[index + 1] as number);
          },
        ]);
      } else
        counted.push([
          name,
          source,
          () => {
            const sets = [...indexes.values(source.field)];
            return nonzero(
              sets.map(([value]) => value),
              (index) => countBoth(bits!, sets[index]![1]),
            );
          },
        ]);
    } else {
      const byKey = indexes.keysByRecord(source.family);
      const { keys } = byKey;
      // A record has about codes.length / size keys: reading the matches' costs that much each.
      if (byRecord((keys.length * collection.size) / byKey.codes.length)) {
        const { starts, codes } = along ? (along.keyed.get(source.family) as KeysOfRecords) : byKey;
        const tally = { counts: new Int32Array(keys.length), codes, starts };
        keyed.push(tally);
        counted.push([name, source, () => nonzero(keys, (index) => tally.counts[index] as number)]);
      } else
        counted.push([
          name,
          source,
          () =>
            nonzero(keys, (index) => countBoth(bits!, indexes.has(source.family, keys[index]!))),
        ]);
    }
  }
  if (columns.length + keyed.length > 0)
    tallyMatches(listed ?? positionsOf(bits!, total), columns, keyed);
  const data: Record<string, FacetCount[]> = {};
  for (const [name, source, make] of counted) {
    const found = make();
    if (source.kind === 'column' && source.absent !== undefined) {
      const rest = total - found.reduce((sum, { count }) => sum + count, 0);
      const absent = found.find(({ value }) => value === source.absent);
      if (absent) absent.count += rest;
      else if (rest > 0) found.push({ value: source.absent, count: rest });
    }
    data[name] = found.sort(byCount);
  }
  return { data, total };
}
