import type { FilterColumns } from '../dataset/collection.js';
import type { NameIndex } from '../dataset/name-index.js';
import type { Dataset } from '../dataset/dataset.js';
import { badRequest } from '../errors.js';

/** Longest `q` accepted; longer searches cannot match any name and are refused as malformed. */
const MAX_SEARCH_LENGTH = 100;

/** What filters read of a collection: its ids, its filterable columns and its lower-cased names, indexed. */
export interface FilterTarget {
  /** Every record's id, in id order. */
  readonly ids: readonly string[];
  readonly columns: FilterColumns;
  readonly nameIndex: NameIndex;
}

/** A filter's value, validated and normalised, and the test every record must pass for it. */
export interface ParsedFilter {
  /** Normalised, so `?slot=Head` and `?slot=head` are one query to caches and cursors. */
  readonly value: string | number | boolean;
  matches(target: FilterTarget, index: number): boolean;
  /**
   * Every position that passes this filter, ascending, when an index can tell them without testing
   * each record: only those records are then tested, against the other filters.
   */
  matching?(target: FilterTarget): number[];
}

/** A query parameter as the OpenAPI document describes it. */
export interface FilterDescription {
  description: string;
  schema: Record<string, unknown>;
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
  sdk: { type(dataset: Dataset, values: readonly string[]): string; doc: string };
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
  /** Validates and normalises the raw text; a malformed value is a 400 `bad_request`. */
  parse(raw: string, dataset: Dataset): ParsedFilter;
  /** Its OpenAPI description; `values` are the field's distinct values in the loaded collection. */
  describe(dataset: Dataset, values: readonly string[]): FilterDescription;
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
    parse: (raw) => {
      const value = raw.toLowerCase();
      return {
        value,
        matches: ({ columns }, index) => {
          const actual = columns[field]?.[index];
          return typeof actual === 'string' && actual.toLowerCase() === value;
        },
      };
    },
    // The canonical (lower-case) values present in the dataset, as examples rather than an enum: any
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
export function parseRarity(raw: string, dataset: Dataset): number {
  const byName = dataset.rarities.find((r) => r.name === raw.toLowerCase());
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
    `${params} takes a number or a name of the scale, any case; a value off the scale is a 400.`,
  // Closed: a value off the scale is a 400, so the compiler may refuse it.
  sdk: {
    type: (dataset) =>
      [
        ...dataset.rarities.map((r) => String(r.value)),
        ...dataset.rarities.map((r) => tsLiteral(r.name)),
      ].join(' | '),
    doc: "A number or a name of the dataset's rarity scale (`4`, `'legendary'`); off the scale is a 400.",
  },
};

/**
 * `rarity`, by number or by name of the dataset's scale (README,
 * "Choices the contract leaves open").
 */
export function rarity(): ListFilter<'rarity'> {
  return {
    param: 'rarity',
    field: 'rarity',
    kind: RARITY,
    parse: (raw, dataset) => {
      const value = parseRarity(raw, dataset);
      return { value, matches: ({ columns }, index) => columns.rarity?.[index] === value };
    },
    describe: (dataset) => ({
      description: `A number or a name of the rarity scale (${dataset.rarities.map((r) => `${r.value} = ${r.name}`).join(', ')}); names are case-insensitive. A value off the scale is a 400.`,
      // Examples, not an enum: names are served in any case, which an enum of them would refuse.
      schema: {
        type: 'string',
        examples: dataset.rarities.flatMap((r) => [String(r.value), r.name]),
      },
    }),
  };
}

const COSMETIC: FilterKind = {
  rule: (params) =>
    `${params} is \`true\` or \`false\` exactly (items without the field count as not cosmetic).`,
  sdk: { type: () => 'boolean', doc: 'Items without the field count as not cosmetic.' },
};

/** `cosmetic=true|false`; an item without the field counts as not cosmetic. */
export function cosmetic(): ListFilter<'cosmetic'> {
  return {
    param: 'cosmetic',
    field: 'cosmetic',
    kind: COSMETIC,
    parse: (raw) => {
      if (raw !== 'true' && raw !== 'false') throw badRequest('cosmetic must be true or false');
      const value = raw === 'true';
      return {
        value,
        matches: ({ columns }, index) => (columns.cosmetic?.[index] ?? false) === value,
      };
    },
    describe: () => ({
      description: '`true` or `false` exactly; items without the field count as not cosmetic.',
      schema: { type: 'boolean' },
    }),
  };
}

const SEARCH: FilterKind = {
  rule: (params) =>
    `${params} is a case-insensitive substring of the name, at most ${MAX_SEARCH_LENGTH} characters.`,
  sdk: {
    type: () => 'string',
    doc: `Case-insensitive substring of the name, at most ${MAX_SEARCH_LENGTH} characters.`,
  },
};

/** `q`: a case-insensitive substring of the name (README, "Choices the contract leaves open"). */
export function search(): ListFilter<never> {
  return {
    param: 'q',
    kind: SEARCH,
    parse: (raw) => {
      if (raw.length > MAX_SEARCH_LENGTH)
        throw badRequest(`q must be at most ${MAX_SEARCH_LENGTH} characters`);
      const value = raw.toLowerCase();
      return {
        value,
        matches: ({ nameIndex }, index) => nameIndex.has(index, value),
        matching: ({ nameIndex }) => nameIndex.containing(value),
      };
    },
    describe: () => ({
      description: `Case-insensitive substring of the name; longer than ${MAX_SEARCH_LENGTH} characters is a 400.`,
      schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
    }),
  };
}
