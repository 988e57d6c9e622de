import {
  COLLECTIONS,
  filterValues,
  type CollectionDescriptor,
  type Dataset,
  type ListFilter,
} from '@gamedata/core';

/**
 * Turns core's collection descriptors into the SDK's list-parameter types for
 * `src/generated/list-params.ts`: one interface per list, one optional field per filter, typed and
 * documented by the filter's kind from the values the dataset holds (the rarity scale, each slot,
 * subtype and category). Adding a filter to a list in core adds it here on the next
 * `pnpm --filter @gamedata/sdk generate`; `generate-list-params.test.ts` fails until then.
 */

const HEADER = `/**
 * List-parameter types of the gamedata API, generated from the collection descriptors of
 * @gamedata/core and the demo's current release by scripts/generate-list-params.ts. Do not edit by
 * hand: run \`pnpm --filter @gamedata/sdk generate\`.
 */

import type { PageParams } from '../page-params.js';
`;

/** What the types are generated from: any list's descriptor fits. */
type ListDescription = Pick<
  CollectionDescriptor<{ id: string }>,
  'name' | 'typeName' | 'exampleFilters'
> & { filters: readonly ListFilter[] };

const literal = (value: string | number | boolean) =>
  typeof value === 'string' ? `'${value.replace(/['\\]/g, '\\$&')}'` : String(value);

function renderExample(descriptor: ListDescription): string {
  const filters = Object.entries(descriptor.exampleFilters).map(
    ([name, value]) => `${name}: ${literal(value)}`,
  );
  return `await gd.${descriptor.name}.list({ ${filters.join(', ')} });`;
}

function renderParams(descriptor: ListDescription, dataset: Dataset): string {
  const fields = descriptor.filters.map((filter) => {
    const type = filter.kind.sdk.type(dataset, filterValues(dataset, descriptor.name, filter));
    return `  /** ${filter.kind.sdk.doc} */\n  ${filter.param}?: ${type} | undefined;\n`;
  });
  return `/**
 * Filters of \`/v1/${descriptor.name}\`; they combine with AND.
 *
 * @example
 * ${renderExample(descriptor)}
 */
export interface ${descriptor.typeName}ListParams extends PageParams {
${fields.join('')}}
`;
}

/**
 * The source text of `src/generated/list-params.ts`.
 *
 * @example await writeFile('src/generated/list-params.ts', generateListParams(demo));
 */
export function generateListParams(dataset: Dataset): string {
  const descriptors: ListDescription[] = Object.values(COLLECTIONS);
  return `${HEADER}\n${descriptors.map((descriptor) => renderParams(descriptor, dataset)).join('\n')}`;
}
