import {
  REGISTRY,
  facetsOf,
  filterValues,
  listFilters,
  sortKeys,
  type ListDescriptor,
  type Dataset,
} from '@gamedata/core';

/**
 * Turns core's collection descriptors into the SDK's parameter types for
 * `src/generated/list-params.ts`, per list: its filters, typed and documented by each filter's kind
 * from the values the dataset holds (the rarity scale, each slot, subtype, category and stat key);
 * its sort keys; its optional fields; and its facets. Adding a filter, a sort key, a field or a
 * facet to a list in core adds it here on the next `pnpm --filter @gamedata/sdk generate`;
 * `generate-list-params.test.ts` fails until then.
 */

const header = (typeNames: readonly string[]) => `/**
 * Parameter types of the gamedata API's lists and facets, and the lists themselves, generated from the
 * collection descriptors of @gamedata/core and the demo's current release by
 * scripts/generate-list-params.ts. Do not edit by hand: run \`pnpm --filter @gamedata/sdk generate\`.
 */

import type { PageParams } from '../page-params.js';
import type { ${[...typeNames].sort().join(', ')} } from './records.js';
`;

/** What the types are generated from: any list's descriptor fits. */

const literal = (value: string | number | boolean) =>
  typeof value === 'string' ? `'${value.replace(/['\\]/g, '\\$&')}'` : String(value);

const union = (values: readonly string[]) =>
  values.length === 0 ? 'never' : values.map(literal).join(' | ');

function renderExample(descriptor: ListDescriptor): string {
  const filters = Object.entries(descriptor.exampleFilters).map(
    ([name, value]) => `${name}: ${literal(value)}`,
  );
  return `await gd.${descriptor.name}.list({ ${filters.join(', ')} });`;
}

function renderTypes(descriptor: ListDescriptor, dataset: Dataset): string {
  const { name, typeName } = descriptor;
  const filters = listFilters(descriptor).map((filter) => {
    const type = filter.kind.sdk.type(dataset, filterValues(dataset, name, filter));
    return `  /** ${filter.kind.sdk.doc} */\n  ${filter.param}?: ${type} | undefined;\n`;
  });
  const optional = descriptor.fields.flatMap((entry) => (entry.required ? [] : [entry.field]));
  return `/**
 * Filters of \`/v1/${name}\` and \`/v1/facets/${name}\`; they combine with AND.
 *
 * @example
 * ${renderExample(descriptor)}
 */
export interface ${typeName}Filters {
${filters.join('')}}

/** A sort key of \`/v1/${name}\`, ascending; \`-\` before it for descending. */
export type ${typeName}SortKey = ${union([...sortKeys(descriptor, dataset).keys()])};

/** One key of \`sort\`: \`'name'\`, or \`'-name'\` for descending. */
export type ${typeName}Sort = ${typeName}SortKey | \`-\${${typeName}SortKey}\`;

/** A field of ${typeName} that \`fields\` may name; the required ones are always sent. */
export type ${typeName}Field = ${union(optional)};

/** A facet of \`/v1/facets/${name}\`. */
export type ${typeName}Facet = ${union([...facetsOf(descriptor).keys()])};

/** Parameters of \`/v1/${name}\`: its filters, its order, the fields to send and the page. */
export interface ${typeName}ListParams extends ${typeName}Filters, PageParams {
  /** The order: up to three keys, most significant first (\`['-rarity', 'name']\`); by id without it. */
  sort?: ${typeName}Sort | readonly ${typeName}Sort[] | undefined;
  /** Optional fields to send besides the required ones; the records are then typed to those. */
  fields?: readonly ${typeName}Field[] | undefined;
}

/** Parameters of \`/v1/facets/${name}\`: its filters, and the facets to count (all without it). */
export interface ${typeName}FacetParams extends ${typeName}Filters {
  facet?: readonly ${typeName}Facet[] | undefined;
}
`;
}

/**
 * The source text of `src/generated/list-params.ts`.
 *
 * @example await writeFile('src/generated/list-params.ts', generateListParams(demo));
 */
export function generateListParams(dataset: Dataset): string {
  const descriptors = REGISTRY.lists;
  const byList = (entry: (typeName: string) => string) =>
    descriptors.map(({ name, typeName }) => `  ${name}: ${entry(typeName)};\n`).join('');
  const names = (lists: readonly ListDescriptor[]) => lists.map(({ name }) => literal(name));
  const rarityNamed = descriptors.filter(({ fields }) =>
    fields.some(({ field }) => field === 'rarityName'),
  );
  return `${header(descriptors.map(({ typeName }) => typeName))}
${descriptors.map((descriptor) => renderTypes(descriptor, dataset)).join('\n')}
/** Each list's facet parameters and facet names, by list name. */
export interface FacetsByList {
${byList((typeName) => `{ params: ${typeName}FacetParams; facet: ${typeName}Facet }`)}}

/** Each list's record type and list parameters, by list name: the client's list resources. */
export interface ListsByName {
${byList((typeName) => `{ record: ${typeName}; params: ${typeName}ListParams }`)}}

/** The lists, in the API's order. */
export const LIST_NAMES = [${names(descriptors).join(', ')}] as const;

/** The lists whose records show a rarity name (\`rarityName\`), which a language's rarity names change. */
export const RARITY_NAMED_LISTS: readonly (keyof ListsByName)[] = [${names(rarityNamed).join(', ')}];
`;
}
