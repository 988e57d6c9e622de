import type { Dataset } from '../dataset/dataset.js';
import type { FilterableField, ListFilter } from './filters.js';
import type { ListName } from './list-names.js';

/** A field whose distinct values the /docs page lists under "Allowed values". */
export interface ListedField<R> {
  field: keyof R & string;
  /** Said after the field's name, such as why a field that is not a filter is listed. */
  note?: string;
}

/**
 * Everything about one paginated list, written once: routing, query parsing, the OpenAPI document,
 * the /docs page and the SDK's generated list-parameter types all read it. The record schema is
 * `LIST_RECORD_SCHEMAS[name]` (schemas/records.ts), kept there so that serving never loads zod.
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
  /** Its query parameters besides `limit` and `cursor`, in the order they are parsed and documented. */
  filters: ReadonlyArray<ListFilter<FilterableField<R>>>;
  /** Fields whose values the /docs page lists; every exact-text filter's field is among them. */
  listedFields: ReadonlyArray<ListedField<R>>;
  /** The query of the OpenAPI document's example page (which the docs page shows as real data). */
  exampleQuery(dataset: Dataset): string;
  /** The record of the document's example of one record (for items, one that shows the most fields). */
  exampleRecord(records: readonly R[]): R | undefined;
  /** Filters a typical call passes, for the SDK's TSDoc examples. */
  exampleFilters: Readonly<Record<string, string | number | boolean>>;
}

/**
 * The fields a list keeps as columns: those its filters read.
 *
 * @example columnFields(COLLECTIONS.relics) // ['rarity']
 */
export function columnFields<R extends { id: string }>(
  descriptor: CollectionDescriptor<R>,
): Array<FilterableField<R>> {
  return descriptor.filters.flatMap((filter) => (filter.field === undefined ? [] : [filter.field]));
}
