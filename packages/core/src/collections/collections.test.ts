import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../query/list-query.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { COLLECTIONS } from './collections.js';
import { EXACT_TEXT } from './filters.js';
import { LIST_NAMES } from './list-names.js';

const dataset = fixtureDataset();

describe.each(LIST_NAMES)('the %s descriptor', (list) => {
  const descriptor = COLLECTIONS[list];
  const params = descriptor.filters.map((filter) => filter.param);

  it('is filed under its own name', () => expect(descriptor.name).toBe(list));

  it('names one record consistently', () =>
    expect(descriptor.typeName.toLowerCase()).toBe(descriptor.noun));

  it('takes each parameter once, and never one that paging uses', () => {
    expect(new Set(params).size).toBe(params.length);
    expect(params).not.toContain('limit');
    expect(params).not.toContain('cursor');
  });

  it('lists the values of each exact-text filter on the /docs page', () => {
    const listed = descriptor.listedFields.map(({ field }) => field);
    const exactText = descriptor.filters.filter((filter) => filter.kind === EXACT_TEXT);
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
    COLLECTIONS.items.filters
      .filter((filter) => filter.kind === EXACT_TEXT)
      .map((filter) => filter.param),
  ).toEqual(['slot', 'subtype']);
});
