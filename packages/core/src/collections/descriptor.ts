import type { Dataset } from '../dataset/dataset.js';
import type { KeyedNumbers } from '../dataset/keyed-columns.js';
import type { FieldEntry, SortSource } from './fields.js';
import type { ListFilter } from './filters.js';
import type { ListName } from './list-names.js';

/**
 * Everything about one paginated list, written once: routing, query parsing, sorting, field
 * selection, facets, the OpenAPI document, the /docs page and the SDK's generated types all read it.
 * The record schema is `LIST_RECORD_SCHEMAS[name]` (schemas/records.ts), kept there so that serving
 * never loads zod; a test holds `fields` to it.
 */
export interface CollectionDescriptor<R extends { id: string }> {
  /** Its path (`/v1/{name}`, `/v1/{name}/{id}`), tag, file (`{name}.json`) and `meta.counts` key. */
  name: ListName;
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
  /** Filters that read no one field: `q` (the name) and `ids`. */
  searches: ReadonlyArray<ListFilter>;
  /** The query of the OpenAPI document's example page (which the docs page shows as real data). */
  exampleQuery(dataset: Dataset): string;
  /** The record of the document's example of one record (for items, one that shows the most fields). */
  exampleRecord(records: readonly R[]): R | undefined;
  /** Filters a typical call passes, for the SDK's TSDoc examples. */
  exampleFilters: Readonly<Record<string, string | number | boolean>>;
}

/** Any list's descriptor, for code written once for every list. */
type AnyDescriptor = Pick<CollectionDescriptor<{ id: string }>, 'searches'> & {
  fields: ReadonlyArray<FieldEntry<never>>;
};

/**
 * A list's query parameters besides `limit`, `cursor`, `sort` and `fields`, in the order they are
 * parsed and documented.
 *
 * @example listFilters(COLLECTIONS.abilities).map((f) => f.param) // ['category', 'q', 'ids']
 */
export function listFilters(descriptor: AnyDescriptor): ListFilter[] {
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
export function columnFields<R extends { id: string }>(
  descriptor: CollectionDescriptor<R>,
): Array<keyof R & string> {
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
export function indexedFields<R extends { id: string }>(
  descriptor: CollectionDescriptor<R>,
): string[] {
  return [
    ...columnFields(descriptor),
    ...descriptor.fields.flatMap((entry) => (entry.numbers ? [entry.field] : [])),
  ];
}

/** The numbers a list's records hold under stat keys, from every field that has some. */
export function keyedNumbers<R extends { id: string }>(
  descriptor: CollectionDescriptor<R>,
): KeyedNumbers<R> {
  const givers = descriptor.fields.flatMap((entry) => (entry.numbers ? [entry.numbers] : []));
  return function* (record) {
    for (const give of givers) yield* give(record);
  };
}

/**
 * Every sort key of a list for `dataset`, with what each orders by.
 *
 * @example [...sortKeys(COLLECTIONS.relics, dataset).keys()] // ['id', 'name', 'rarity']
 */
export function sortKeys(descriptor: AnyDescriptor, dataset: Dataset): Map<string, SortSource> {
  return new Map(descriptor.fields.flatMap((entry) => entry.sort?.keys(dataset) ?? []));
}
