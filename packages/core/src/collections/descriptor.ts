import type { Vocabulary } from './vocabulary.js';
import type { AnyListRecord } from './list-types.js';
import type { KeyedNumbers } from '../dataset/keyed-columns.js';
import type { TranslatableFields } from '../dataset/translations.js';
import type { FieldEntry, SortSource } from './fields.js';
import type { ListFilter } from './filters.js';
import type { ListSchemas } from './list-schemas.js';

/**
 * Everything about one paginated list, written once: routing, query parsing, sorting, field
 * selection, facets, the OpenAPI document, the /docs page and the SDK's generated types all read it.
 * The record schema is `LIST_RECORD_SCHEMAS[name]` (schemas/records.ts), kept there so that serving
 * never loads zod; a test holds `fields` to it.
 */
export interface CollectionDescriptor<R extends { id: string }> {
  /** Its path (`/v1/{name}`, `/v1/{name}/{id}`), tag, file (`{name}.json`) and `meta.counts` key. */
  name: string;
  /** One record, in prose: `No ability with id "x".`, `Fetch one ability`. */
  noun: string;
  /** One record's schema component and SDK type (`Ability`); `{typeName}List` and `{typeName}Response` wrap it. */
  typeName: string;
  /** What it holds, for the OpenAPI tag. */
  description: string;
  /**
   * Every public field of its records, each with what a query may do with it. Filters are parsed and
   * documented in this order (the fields' filters, then `searches`): keep it, as a query's normal
   * form, and so its cursors, follows it.
   */
  fields: ReadonlyArray<FieldEntry<R>>;
  /**
   * Its human-readable fields: the only ones a translation may give (dataset/README.md,
   * "Translations"). Ids, numbers, flags and the vocabulary filters compare (an item's slot, an
   * ability's category) stay the default language's, so no id and no filter changes with the language.
   */
  translatable: TranslatableFields;
  /**
   * How its records are published: the public record's schema, and how an export's records are
   * checked and made public. The API's own lists' are in `LIST_SCHEMAS` (dataset/list-schemas.ts),
   * out of the descriptors that serving loads; a list a registry adds brings its own.
   */
  schemas?: ListSchemas;
  /** Filters that read no one field: `q` (the name) and `ids`. */
  searches: ReadonlyArray<ListFilter>;
  /** The query of the OpenAPI document's example page (which the docs page shows as real data). */
  exampleQuery(dataset: Vocabulary): string;
  /** The record of the document's example of one record (for items, one that shows the most fields). */
  exampleRecord(records: readonly R[]): R | undefined;
  /** Filters a typical call passes, for the SDK's TSDoc examples. */
  exampleFilters: Readonly<Record<string, string | number | boolean>>;
}

/**
 * Any list's descriptor, for code written once for every list (a registry holds these): its fields
 * are named by any string, and a field's `numbers` takes whatever record its list holds.
 */
export type ListDescriptor = Omit<CollectionDescriptor<AnyListRecord>, 'fields'> & {
  readonly fields: ReadonlyArray<FieldEntry<never>>;
};

/**
 * A list's query parameters besides `limit`, `cursor`, `sort` and `fields`, in the order they are
 * parsed and documented.
 *
 * @example listFilters(COLLECTIONS.abilities).map((f) => f.param) // ['category', 'q', 'ids']
 */
export function listFilters(descriptor: ListDescriptor): ListFilter[] {
  return [
    ...descriptor.fields.flatMap((entry) => (entry.filter ? [entry.filter] : [])),
    ...descriptor.searches,
  ];
}

/**
 * The fields a list keeps as columns: those its filters and facets read.
 *
 * @example columnFields(COLLECTIONS.relics) // ['rarity', 'unique']
 */
export function columnFields(descriptor: ListDescriptor): string[] {
  return descriptor.fields.flatMap((entry) =>
    entry.filter?.field !== undefined || entry.facet?.source.kind === 'column' ? [entry.field] : [],
  );
}

/**
 * The fields a list keeps columns of: its column fields and those with keyed numbers. A snapshot
 * names them, so a reader knows whether its columns are all there.
 *
 * @example indexedFields(COLLECTIONS.relics) // ['rarity', 'unique']
 */
export function indexedFields(descriptor: ListDescriptor): string[] {
  return [
    ...columnFields(descriptor),
    ...descriptor.fields.flatMap((entry) => (entry.numbers ? [entry.field] : [])),
  ];
}

/** The numbers a list's records hold under stat keys, from every field that has some. */
export function keyedNumbers(descriptor: ListDescriptor): KeyedNumbers<AnyListRecord> {
  const givers = descriptor.fields.flatMap((entry) => (entry.numbers ? [entry.numbers] : []));
  return function* (record) {
    // A field's `numbers` is declared for its own list's records, which are what it is given here.
    for (const give of givers) yield* give(record as never);
  };
}

/**
 * Every sort key of a list for `dataset`, with what each orders by.
 *
 * @example [...sortKeys(COLLECTIONS.relics, dataset).keys()] // ['id', 'name', 'rarity']
 */
export function sortKeys(descriptor: ListDescriptor, dataset: Vocabulary): Map<string, SortSource> {
  return new Map(descriptor.fields.flatMap((entry) => entry.sort?.keys(dataset) ?? []));
}
