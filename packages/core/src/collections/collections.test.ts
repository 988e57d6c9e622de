import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../query/list-query.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { LIST_RECORD_SCHEMAS } from '../schemas/records.js';
import { COLLECTIONS } from './collections.js';
import { listFilters } from './descriptor.js';
import { EXACT_TEXT } from './filters.js';
import { LIST_NAMES } from './list-names.js';

const dataset = fixtureDataset();

describe.each(LIST_NAMES)('the %s descriptor', (list) => {
  const descriptor = COLLECTIONS[list];
  const filters = listFilters(descriptor);
  const params = filters.map((filter) => filter.param);

  it('is filed under its own name', () => expect(descriptor.name).toBe(list));

  it('names one record consistently', () =>
    expect(descriptor.typeName.toLowerCase()).toBe(descriptor.noun));

  it('takes each parameter once, and never one that paging uses', () => {
    expect(new Set(params).size).toBe(params.length);
    expect(params).not.toContain('limit');
    expect(params).not.toContain('cursor');
    for (const reserved of ['sort', 'fields', 'facet', 'lang', 'key'])
      expect(params).not.toContain(reserved);
  });

  it('declares every field of the record schema once, required exactly where the schema is', () => {
    const shape = LIST_RECORD_SCHEMAS[list].shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean } }
    >;
    const declared = descriptor.fields.map((entry) => entry.field as string);
    expect([...declared].sort()).toEqual(Object.keys(shape).sort());
    for (const entry of descriptor.fields)
      expect(entry.required === true, entry.field).toBe(
        !shape[entry.field]?.safeParse(undefined).success,
      );
  });

  it('lists the values of each exact-text filter on the /docs page', () => {
    const listed = descriptor.fields.flatMap((entry) => (entry.listed ? [entry.field] : []));
    const exactText = filters.filter((filter) => filter.kind === EXACT_TEXT);
    for (const filter of exactText) expect(listed).toContain(filter.field);
  });

  it('shows SDK examples with its own filters only', () => {
    for (const name of Object.keys(descriptor.exampleFilters)) expect(params).toContain(name);
  });

  it('has an example query the API accepts', () => {
    expect(() =>
      parseListQuery(list, new URLSearchParams(descriptor.exampleQuery(dataset)), dataset),
    ).not.toThrow();
  });
});

it('items have the exact-text filters the contract names', () => {
  expect(
    listFilters(COLLECTIONS.items)
      .filter((filter) => filter.kind === EXACT_TEXT)
      .map((filter) => filter.param),
  ).toEqual(['slot', 'subtype', 'type']);
});
