import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/document.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { describeType, listFields } from './schema-fields.js';

const doc = perTest(() => buildOpenApiDocument(fixtureDataset()));

describe('describeType', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a named object', { $ref: '#/components/schemas/Item' }, 'Item'],
    [
      'an array of named objects',
      { type: 'array', items: { $ref: '#/components/schemas/Stat' } },
      'array of Stat',
    ],
    [
      'a pair',
      { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] },
      '[number, number]',
    ],
    ['a map', { type: 'object', additionalProperties: { type: 'integer' } }, 'map of integer'],
    ['an enum', { type: 'string', enum: ['a', 'b'] }, 'string: one of a, b'],
    ['a format', { type: 'string', format: 'date-time' }, 'string (date-time)'],
    ['a plain type', { type: 'boolean' }, 'boolean'],
  ])('%s → %s', (_name, schema, expected) => expect(describeType(doc(), schema)).toBe(expected));
});

describe('listFields', () => {
  it('flattens a response depth first, through $refs and arrays', () => {
    const rows = listFields(doc(), { $ref: '#/components/schemas/ItemList' });
    expect(rows.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        'data',
        'data[].id',
        'data[].stats[].tags',
        'data[].effects[].chance',
        'meta.cursor',
      ]),
    );
    expect(rows.find((r) => r.path === 'data[].rarity')).toMatchObject({
      type: 'integer',
      required: true,
    });
    expect(rows.find((r) => r.path === 'meta.cursor')).toMatchObject({
      type: 'string',
      required: false,
    });
  });

  it('lists the error codes', () => {
    expect(listFields(doc(), { $ref: '#/components/schemas/Error' })).toContainEqual({
      path: 'error.code',
      type: 'string: one of not_found, bad_request, rate_limited, method_not_allowed, internal',
      required: true,
      description: '',
    });
  });
});
