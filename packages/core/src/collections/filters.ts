import type { Collection } from '../dataset/collection.js';
import type { Vocabulary } from './vocabulary.js';
import { badRequest } from '../errors.js';
import { allBits, type Bitset } from '../bitset.js';
import { readParam } from '../read-param.js';
import { foldCase } from '../text/fold-case.js';
import { codePointLength } from '../text/code-points.js';
import { parseNumber, parseRange, rangeText, RANGE_SYNTAX } from './ranges.js';

/** Longest `q` accepted; longer searches cannot match any name and are refused as malformed. */
const MAX_SEARCH_LENGTH = 100;

/**
 * What a filter reads of a collection's indexes, which the query builds from its columns
 * (`CollectionIndexes` extends it): the sets it returns belong to the indexes, not to the caller.
 */
export interface FilterIndexes {
  /** The records whose `field` column holds `value` (text compared case-folded, `foldCase`). */
  equal(field: string, value: string | number | boolean): Bitset;
  /** The records whose `field` column holds one of `values` (text case-folded). */
  anyOf(field: string, values: ReadonlyArray<string | number | boolean>): Bitset;
}

/** What filters read: the collection (its ids and its names, indexed) and the indexes of its columns. */
export interface FilterTarget {
  readonly collection: Collection<{ id: string }>;
  readonly indexes: FilterIndexes;
}

/**
 * What a filter promises of every record it passes: a number of `field` (under `key`, for a keyed
 * column) within `min`..`max`. A sort by that number then reads only that part of its order.
 */
export interface NumberBound {
  readonly field: string;
  readonly key?: string;
  readonly min: number;
  readonly max: number;
}

/**
 * A filter's value, validated and normalised, and the records that pass it: those `select` or
 * `list` gives or, without either, exactly those within every one of its `bounds`.
 */
export interface ParsedFilter {
  /** Normalised, so `?slot=Head` and `?slot=head` are one query to caches and cursors. */
  readonly value: string | number | boolean;
  /** The records that pass, as a set the query must not modify: an index's own, often. */
  select?(target: FilterTarget): Bitset;
  /**
   * The records that pass, listed, for a filter that finds them one by one (a search, ids): the
   * matching reads a short list against the other filters' sets rather than make it a set first.
   */
  list?(target: FilterTarget): Int32Array;
  /** The numbers every record that passes holds, where the filter is on numbers. */
  readonly bounds?: readonly NumberBound[];
}

/** One parameter of a query as a filter read it: its name (`stat[mgt]`) and what it asks. */
export interface ReadFilter {
  readonly param: string;
  readonly parsed: ParsedFilter;
}

/** A query parameter as the OpenAPI document describes it. */
export interface FilterDescription {
  description: string;
  schema: Record<string, unknown>;
  /** `deepObject` for a keyed filter: `stat[mgt]=10..`. */
  style?: 'deepObject';
}

/**
 * A family of filters that follow one rule. The /docs page states each family's rule once, naming
 * its parameters; the SDK types each parameter by its family.
 */
export interface FilterKind {
  /** The rule, in the document's CommonMark, for the parameters named (already as code spans). */
  rule(params: string): string;
  /**
   * The parameter's TypeScript type in the SDK, from the dataset it is generated with (`values` as in
   * `describe`), and what its TSDoc says.
   */
  sdk: { type(dataset: Vocabulary, values: readonly string[]): string; doc: string };
}

/**
 * One query parameter of a list endpoint (README, "API overview"), described once: how its text is
 * parsed and matched, how the OpenAPI document and /docs describe it, and how the SDK types it.
 */
export interface ListFilter<F extends string = string> {
  readonly param: string;
  /** The record field its values are kept for as a column; none for `q`, which reads the names. */
  readonly field?: F;
  readonly kind: FilterKind;
  /**
   * Its parameters in a query, validated and normalised: none when absent, one per key for a
   * keyed filter (`stat[mgt]`, in key order). A malformed value is a 400 `bad_request`.
   */
  read(params: URLSearchParams, dataset: Vocabulary): ReadFilter[];
  /** Its OpenAPI description; `values` are the field's distinct values in the loaded collection. */
  describe(dataset: Vocabulary, values: readonly string[]): FilterDescription;
}

/** `read` of a filter that is one parameter, `param`, whose text `parse` reads. */
export function readOne(
  param: string,
  parse: (raw: string, dataset: Vocabulary) => ParsedFilter,
): ListFilter['read'] {
  return (params, dataset) => {
    const raw = readParam(params, param);
    return raw === undefined ? [] : [{ param, parsed: parse(raw, dataset) }];
  };
}

/** Fields of `R` a column can hold: the ones a filter of `R`'s list may read. */
export type FilterableField<R> = {
  [F in keyof R & string]: NonNullable<R[F]> extends string | number | boolean ? F : never;
}[keyof R & string];

/** A string as a TypeScript literal type. */
const tsLiteral = (value: string) => `'${value.replace(/['\\]/g, '\\$&')}'`;

export const EXACT_TEXT: FilterKind = {
  rule: (params) =>
    `${params} match exactly, ignoring case; a value no record has matches nothing (an empty page).`,
  // The known values for editors to complete, and `string & {}` so that a value a later release
  // brings still compiles (a bare `| string` would swallow the literals and complete nothing).
  sdk: {
    type: (_dataset, values) => [...values.map(tsLiteral), '(string & {})'].join(' | '),
    doc: 'Exact match, case-insensitive. The values named are those of the dataset the SDK was built with; any other string is accepted (and matches nothing until a release has it).',
  },
};

/**
 * Exact match, case-insensitive (README, "Choices the contract leaves open"): `slot`, `subtype`,
 * `category`.
 */
export function exactText<F extends string>(field: F): ListFilter<F> {
  return {
    param: field,
    field,
    kind: EXACT_TEXT,
    read: readOne(field, (raw) => {
      const value = foldCase(raw);
      return { value, select: ({ indexes }) => indexes.equal(field, value) };
    }),
    // The canonical (case-folded) values present in the dataset, as examples rather than an enum: any
    // case and any other value are served too, and a validator refuses what an enum leaves out.
    describe: (_dataset, values) => ({
      description:
        'Exact match, case-insensitive. The examples are every value the current dataset holds; any other value matches nothing (200, empty page).',
      schema: { type: 'string', examples: [...values] },
    }),
  };
}

/**
 * Parses a rarity given as a number or a name of the dataset's scale, case-insensitive. A value that
 * is not on the scale is a 400: it could only ever match nothing, which is almost always a typo.
 */
export function parseRarity(raw: string, dataset: Vocabulary): number {
  const byName = dataset.rarities.find((r) => r.name === foldCase(raw));
  if (byName) return byName.value;
  const byValue = /^\d+$/.test(raw)
    ? dataset.rarities.find((r) => r.value === Number(raw))
    : undefined;
  if (byValue) return byValue.value;
  const scale = dataset.rarities.map((r) => `${r.value} (${r.name})`).join(', ');
  throw badRequest(`rarity must be one of ${scale}`);
}

const RARITY: FilterKind = {
  rule: (params) =>
    `${params} takes a number or a name of the scale, any case, or a range of them (${RANGE_SYNTAX}: \`rare..legendary\`, \`3..\`); a value off the scale is a 400.`,
  // Closed: a value off the scale is a 400, so the compiler may refuse it.
  sdk: {
    type: (dataset) => {
      const one = [
        ...dataset.rarities.map((r) => String(r.value)),
        ...dataset.rarities.map((r) => tsLiteral(r.name)),
      ].join(' | ');
      const bound = `\${${dataset.rarities.map((r) => `${r.value} | ${tsLiteral(r.name)}`).join(' | ')}}`;
      return `${one} | \`${bound}..${bound}\` | \`${bound}..\` | \`..${bound}\` | '*'`;
    },
    doc: "A number or a name of the dataset's rarity scale (`4`, `'legendary'`), or a range of them (`'rare..legendary'`, `'3..'`); off the scale is a 400.",
  },
};

/**
 * `rarity`, by number or by name of the dataset's scale, or a range of them (README,
 * "Choices the contract leaves open"). One value keeps its old normal form, a number.
 */
export function rarity(): ListFilter<'rarity'> {
  return {
    param: 'rarity',
    field: 'rarity',
    kind: RARITY,
    read: readOne('rarity', (raw, dataset) => {
      if (!raw.includes('..') && raw !== '*') {
        const value = parseRarity(raw, dataset);
        return {
          value,
          select: ({ indexes }) => indexes.equal('rarity', value),
          bounds: [{ field: 'rarity', min: value, max: value }],
        };
      }
      const range = parseRange('rarity', raw, (bound) => parseRarity(bound, dataset));
      const levels = dataset.rarities.filter((r) => r.value >= range.min && r.value <= range.max);
      return {
        value: rangeText(range),
        select: ({ indexes }) =>
          indexes.anyOf(
            'rarity',
            levels.map((level) => level.value),
          ),
        bounds: [{ field: 'rarity', ...range }],
      };
    }),
    describe: (dataset) => ({
      description: `A number or a name of the rarity scale (${dataset.rarities.map((r) => `${r.value} = ${r.name}`).join(', ')}), or a range of them: ${RANGE_SYNTAX} (\`rare..legendary\`, \`3..\`; \`*\` is any rarity). Names are case-insensitive. A value off the scale, or an empty range, is a 400.`,
      // Examples, not an enum: names are served in any case, which an enum of them would refuse.
      schema: {
        type: 'string',
        examples: [
          ...dataset.rarities.flatMap((r) => [String(r.value), r.name]),
          ...rarityRangeExamples(dataset),
        ],
      },
    }),
  };
}

/** Two ranges of the dataset's scale, as the document's examples: its upper half by name, and by number. */
function rarityRangeExamples(dataset: Vocabulary): string[] {
  const high = dataset.rarities[Math.floor(dataset.rarities.length / 2)];
  const top = dataset.rarities[dataset.rarities.length - 1];
  return high && top && high !== top ? [`${high.name}..${top.name}`, `${high.value}..`] : [];
}

const NUMBER_RANGE: FilterKind = {
  rule: (params) =>
    `${params} takes a number or a range of them (${RANGE_SYNTAX}: \`10..20\`, \`10..\`); \`*\` is any record that has the field.`,
  sdk: {
    type: () => "number | `${number}..${number}` | `${number}..` | `..${number}` | '*'",
    doc: 'A number, or a range of them (`10..20`, `10..`, `..20`); `*` is any record that has the field.',
  },
};

/**
 * A plain number field (`level`): one value, or a range of them (`level=10..20`). The filter names
 * the numbers its records hold, and the query finds them in the column's value order.
 */
export function numberRange<F extends string>(field: F): ListFilter<F> {
  return {
    param: field,
    field,
    kind: NUMBER_RANGE,
    read: readOne(field, (raw) => {
      const range = parseRange(field, raw, parseNumber);
      return { value: rangeText(range), bounds: [{ field, ...range }] };
    }),
    describe: () => ({
      description: `A number or a range of them: ${RANGE_SYNTAX} (\`*\` is any record that has the field). A malformed or empty range is a 400.`,
      schema: { type: 'string', examples: ['10', '10..20', '10..'] },
    }),
  };
}

const FLAG: FilterKind = {
  rule: (params) =>
    `${params} is \`true\` or \`false\` exactly (records without the field count as \`false\`).`,
  sdk: { type: () => 'boolean', doc: 'Records without the field count as `false`.' },
};

/** `<field>=true|false` (`cosmetic`, `unique`); a record without the field counts as `false`. */
export function flag<F extends string>(field: F): ListFilter<F> {
  return {
    param: field,
    field,
    kind: FLAG,
    read: readOne(field, (raw) => {
      if (raw !== 'true' && raw !== 'false') throw badRequest(`${field} must be true or false`);
      const value = raw === 'true';
      return {
        value,
        select: ({ collection, indexes }) => {
          const set = indexes.equal(field, true);
          if (value) return set;
          const rest = allBits(collection.size);
          for (let i = 0; i < rest.length; i++) rest[i] = (rest[i] as number) & ~(set[i] as number);
          return rest;
        },
      };
    }),
    describe: () => ({
      description: `\`true\` or \`false\` exactly; records without the field count as \`false\`.`,
      schema: { type: 'boolean' },
    }),
  };
}

const SEARCH: FilterKind = {
  rule: (params) =>
    `${params} is a case-insensitive substring of the name (both case-folded and composed: \`STRASSE\` finds \`Straße\`; accents count), at most ${MAX_SEARCH_LENGTH} characters.`,
  sdk: {
    type: () => 'string',
    doc: `Case-insensitive substring of the name (Unicode case folding; accents count), at most ${MAX_SEARCH_LENGTH} characters.`,
  },
};

/** `q`: a case-insensitive substring of the name (README, "Choices the contract leaves open"). */
export function search(): ListFilter<never> {
  return {
    param: 'q',
    kind: SEARCH,
    read: readOne('q', (raw) => {
      if (codePointLength(raw) > MAX_SEARCH_LENGTH)
        throw badRequest(`q must be at most ${MAX_SEARCH_LENGTH} characters`);
      const value = foldCase(raw);
      return {
        value,
        list: ({ collection }) => Int32Array.from(collection.nameIndex.containing(value)),
      };
    }),
    describe: () => ({
      description: `Case-insensitive substring of the name: both case-folded (\`STRASSE\` finds \`Straße\`) and composed (NFC); accents count (\`/v1/search\` ignores them). Longer than ${MAX_SEARCH_LENGTH} characters (code points) is a 400.`,
      schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
    }),
  };
}
