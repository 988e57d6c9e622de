import { describe, expect, it } from 'vitest';
import { distinctValues } from '../collections/distinct-values.js';
import { TIERS } from '../ratelimit/tiers.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import { buildOpenApiDocument } from './document.js';

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: Array<Json & { name: string; schema: Json }>;
  responses: Record<string, Json>;
};
type PathItem = {
  parameters?: Array<Json & { name: string; in: string }>;
  get: Operation;
  head: Operation;
  options: Operation;
};

const dataset = perTest(fixtureDataset);
const doc = perTest(
  () =>
    buildOpenApiDocument(dataset()) as Json & {
      paths: Record<string, PathItem>;
      components: Record<string, Record<string, Json>>;
    },
);
const vocabulary = () => ({
  slots: distinctValues(dataset().lists.items.records, 'slot'),
  subtypes: distinctValues(dataset().lists.items.records, 'subtype'),
  categories: distinctValues(dataset().lists.abilities.records, 'category'),
});
const operations = () => Object.entries(doc().paths).map(([path, item]) => ({ path, ...item.get }));
const operation = (id: string) =>
  operations().find((o) => o.operationId === id) as Operation & { path: string };
const resolve = (value: Json): Json =>
  typeof value.$ref === 'string'
    ? resolve(
        doc().components[value.$ref.split('/')[2] as string]?.[
          value.$ref.split('/')[3] as string
        ] as Json,
      )
    : value;

describe('buildOpenApiDocument', () => {
  it("states the manifest's licence and contact in info, the SPDX identifier preferred to a URL", () => {
    const info = (publisher: ReturnType<typeof fixtureDataset>['publisher']) =>
      buildOpenApiDocument({ ...dataset(), publisher }).info as Json;
    expect(doc().info).toMatchObject({
      license: { name: 'CC BY 4.0', identifier: 'CC-BY-4.0' },
      contact: { name: 'Fixture data desk', email: 'data@fixture.example' },
    });
    expect(info({ licenseUrl: 'https://example.org/licence' }).license).toEqual({
      name: 'CC BY 4.0',
      url: 'https://example.org/licence',
    });
    // OpenAPI 3.1: a License Object has an identifier or a url, never both.
    expect(info({ licenseId: 'MIT', licenseUrl: 'https://example.org/licence' }).license).toEqual({
      name: 'CC BY 4.0',
      identifier: 'MIT',
    });
    expect(Object.keys(info({}))).not.toContain('license');
    expect(Object.keys(info({}))).not.toContain('contact');
  });

  it("links the manifest's docs as externalDocs only when it is an absolute URL", () => {
    const withDocs = (docs: string) =>
      buildOpenApiDocument({ ...dataset(), meta: { ...dataset().meta, docs } }).externalDocs;
    expect(withDocs('https://wiki.example/api')).toEqual({
      description: expect.any(String),
      url: 'https://wiki.example/api',
    });
    expect(withDocs('/docs')).toBeUndefined();
    expect(withDocs('docs.example/api')).toBeUndefined();
    expect(withDocs('https://exa mple/api')).toBeUndefined();
  });

  it('is OpenAPI 3.1 with a relative server, and describes every path of the contract', () => {
    expect(doc().openapi).toBe('3.1.0');
    expect(doc().servers).toEqual([{ url: '/' }]);
    expect(Object.keys(doc().paths).sort()).toEqual(
      [
        '/',
        '/docs',
        '/v1/openapi.json',
        '/v1/items',
        '/v1/items/{id}',
        '/v1/items/{id}/history',
        '/v1/abilities',
        '/v1/abilities/{id}',
        '/v1/abilities/{id}/history',
        '/v1/relics',
        '/v1/relics/{id}',
        '/v1/relics/{id}/history',
        '/v1/followers',
        '/v1/followers/{id}',
        '/v1/followers/{id}/history',
        '/v1/stats',
        '/v1/meta',
        '/v1/status',
        '/v1/changes',
        '/v1/changes.atom',
        '/v1/facets/abilities',
        '/v1/facets/followers',
        '/v1/facets/items',
        '/v1/facets/relics',
        '/v1/search',
        '/v1/bulk',
        '/v1/bulk/{collection}.json',
        '/v1/sqlite/{file}',
        '/v1/languages',
        '/v1/img/{spriteId}.png',
      ].sort(),
    );
  });

  // 400 only where there is a query to get wrong (`lang` included), 404 only where an id can miss,
  // 302 on `/`.
  it.each<[string, string[]]>([
    ['listItems', ['200', '304', '400', '405', '408', '429', '431', '500']],
    ['listFollowers', ['200', '304', '400', '405', '408', '429', '431', '500']],
    ['getItem', ['200', '304', '400', '404', '405', '408', '429', '431', '500']],
    ['getAbility', ['200', '304', '400', '404', '405', '408', '429', '431', '500']],
    ['listStats', ['200', '304', '400', '405', '408', '429', '431', '500']],
    ['getMeta', ['200', '304', '405', '408', '429', '431', '500']],
    ['getStatus', ['200', '304', '405', '408', '429', '431', '500']],
    ['getImage', ['200', '304', '404', '405', '408', '429', '431', '500']],
    ['getOpenApiDocument', ['200', '304', '405', '408', '429', '431', '500']],
    ['getDocs', ['200', '304', '405', '408', '429', '431', '500']],
    ['redirectToDocs', ['302', '405', '408', '429', '431', '500']],
  ])('%s answers %j', (id, statuses) => {
    expect(Object.keys(operation(id).responses).sort()).toEqual(statuses);
  });

  it('lets every operation that takes lang answer the 400 of a language the dataset does not have', () => {
    const taking = operations().filter(({ parameters = [] }) =>
      parameters.some((p) => p.name === 'lang'),
    );
    expect(taking.map((o) => o.operationId)).toContain('listStats');
    for (const { operationId, responses } of taking)
      expect(responses['400'], operationId).toEqual({ $ref: '#/components/responses/BadRequest' });
  });

  it('gives lang every language of the dataset as examples, the default first, and no enum: a tag is served in any case', () => {
    const taking = operations().flatMap(({ operationId, parameters = [] }) =>
      parameters.filter((p) => p.name === 'lang').map((p) => [operationId, p.schema] as const),
    );
    expect(taking.length).toBeGreaterThan(0);
    for (const [operationId, schema] of taking)
      expect(schema, operationId).toEqual({
        type: 'string',
        examples: [dataset().language, ...Object.keys(dataset().translations)],
        default: dataset().language,
      });
  });

  it('gives each 304 the headers of its own 200, the content type and length aside', () => {
    for (const { operationId, responses } of operations()) {
      if (!responses['304']) continue;
      expect(resolve(responses['304']).headers, operationId).toEqual(
        resolve(responses['200'] as Json).headers,
      );
    }
  });

  it('documents the CORS preflight (204) on every path', () => {
    for (const item of Object.values(doc().paths)) {
      expect(resolve(item.options.responses['204'] as Json).headers).toHaveProperty(
        'access-control-allow-headers',
      );
    }
  });

  it.each<[string, string]>([
    ['/v1/items/{id}', 'id'],
    ['/v1/followers/{id}', 'id'],
    ['/v1/bulk/{collection}.json', 'collection'],
    ['/v1/sqlite/{file}', 'file'],
    ['/v1/img/{spriteId}.png', 'spriteId'],
  ])(
    "declares %s's path parameter %s once, on the path item, so GET, HEAD and the preflight all have it",
    (path, name) => {
      const item = doc().paths[path] as PathItem;
      expect(item.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
        [name, 'path', true],
      ]);
      for (const method of ['get', 'head', 'options'] as const)
        expect(item[method].parameters?.some((p) => p.in === 'path') ?? false, method).toBe(false);
    },
  );

  it('answers HEAD wherever it answers GET, with the same statuses and headers and no body', () => {
    for (const [path, item] of Object.entries(doc().paths)) {
      expect(Object.keys(item.head.responses), path).toEqual(Object.keys(item.get.responses));
      expect(item.head.parameters, path).toEqual(item.get.parameters);
      for (const [status, response] of Object.entries(item.head.responses)) {
        expect(response.headers ?? response.$ref, `${path} ${status}`).toBeDefined();
        expect(response.content, `${path} ${status}`).toBeUndefined();
      }
    }
  });

  it('documents the refusals a preflight can get (a request too slow or too large), and no 405 or 429', () => {
    for (const item of Object.values(doc().paths))
      expect(Object.keys(item.options.responses)).toEqual(['204', '408', '431']);
  });

  it('types each roll as exactly two numbers, with `items` a number schema that every OpenAPI tool reads', () => {
    const roll = (
      doc().components.schemas?.Item as {
        properties: Record<string, { additionalProperties: Json }>;
      }
    ).properties.roll?.additionalProperties;
    expect(roll).toEqual({
      type: 'array',
      prefixItems: [{ type: 'number' }, { type: 'number' }],
      items: { type: 'number' },
      minItems: 2,
      maxItems: 2,
    });
  });

  it('names among its properties every field a schema requires', () => {
    const visit = (value: unknown, where: string): void => {
      if (typeof value !== 'object' || value === null) return;
      const schema = value as { required?: string[]; properties?: Json };
      if (Array.isArray(schema.required))
        expect(
          schema.required.filter((name) => !(name in (schema.properties ?? {}))),
          where,
        ).toEqual([]);
      for (const [key, child] of Object.entries(value)) visit(child, `${where}/${key}`);
    };
    visit(doc(), '#');
  });

  it("quotes the dataset's licence in its description, and links nowhere by a relative URL", () => {
    expect((doc().info as Json).description).toContain(dataset().meta.license);
    expect(doc()).not.toHaveProperty('externalDocs');
  });

  it.each<[string, string, Json | 'slots' | 'subtypes' | 'categories']>([
    ['listItems', 'limit', { type: 'integer', minimum: 1, default: 50 }],
    ['listItems', 'q', { type: 'string', maxLength: 100 }],
    ['listItems', 'cosmetic', { type: 'boolean' }],
    ['listItems', 'slot', 'slots'],
    ['listItems', 'subtype', 'subtypes'],
    [
      'listItems',
      'rarity',
      {
        type: 'string',
        examples: [
          ...['0', 'common', '1', 'uncommon', '2', 'rare', '3', 'epic', '4', 'legendary'],
          ...['rare..legendary', '2..'],
        ],
      },
    ],
    ['listAbilities', 'category', 'categories'],
    ['listRelics', 'cursor', { type: 'string' }],
    ['getItem', 'id', { type: 'string', pattern: '^[A-Za-z0-9._-]+$', examples: ['ashbringer'] }],
    [
      'getImage',
      'spriteId',
      { type: 'string', pattern: '^[A-Za-z0-9._-]+$', examples: ['sword.4'] },
    ],
  ])('%s parameter %s has schema %j', (id, name, schema) => {
    const { path, parameters = [] } = operation(id);
    const all = [...(doc().paths[path]?.parameters ?? []), ...parameters] as Array<
      Json & { name: string; schema: Json }
    >;
    // A text filter's examples are the dataset's own values (`distinctValues`).
    const expected =
      typeof schema === 'string' ? { type: 'string', examples: vocabulary()[schema] } : schema;
    expect(all.find((p) => p.name === name)?.schema).toEqual(expected);
  });

  it("takes the text filters' examples from the dataset", () => {
    expect(
      operation('listItems').parameters?.find((p) => p.name === 'slot')?.schema.examples,
    ).toEqual(['head', 'mainhand', 'ring']);
  });

  // A validator refuses what a schema excludes, so no parameter's schema may exclude a value the
  // server serves: `limit` above the maximum is clamped, filters ignore case and an exact-text
  // value no record has is an empty page (README, "Choices the contract leaves open").
  it('constrains no list parameter beyond what the server refuses', () => {
    for (const { operationId, parameters = [] } of operations().filter((o) =>
      o.operationId.startsWith('list'),
    )) {
      for (const { name, schema } of parameters) {
        // lang takes the languages its examples list, in any case (as BCP 47 tags are); filters take more than their examples.
        expect(schema, `${operationId} ${name}`).not.toHaveProperty('enum');
        expect(schema, `${operationId} ${name}`).not.toHaveProperty('maximum');
      }
    }
  });

  it('offers the discouraged ?key= on every operation, deprecated, beside the bearer key', () => {
    for (const { operationId, parameters } of operations()) {
      expect(
        parameters?.find((p) => p.name === 'key'),
        operationId,
      ).toMatchObject({ in: 'query', deprecated: true });
    }
    expect(doc().security).toEqual([{}, { bearerKey: [] }, { queryKey: [] }]);
    expect(doc().components.securitySchemes).toMatchObject({
      bearerKey: { type: 'http', scheme: 'bearer' },
      queryKey: { type: 'apiKey', in: 'query', name: 'key' },
    });
  });

  it('puts the policy headers on every response, retry-after only on 429 and allow only on 405', () => {
    for (const { operationId, responses } of operations()) {
      for (const [status, response] of Object.entries(responses)) {
        const headers = Object.keys(resolve(response).headers as Json);
        const label = `${operationId} ${status}`;
        expect(headers, label).toEqual(
          expect.arrayContaining([
            'x-dataset-version',
            'x-request-id',
            'ratelimit-limit',
            'ratelimit-remaining',
            'ratelimit-reset',
            'access-control-allow-origin',
          ]),
        );
        expect(headers.includes('retry-after'), label).toBe(status === '429');
        expect(headers.includes('allow'), label).toBe(status === '405');
      }
    }
  });

  it('lists the error codes in the Error schema', () => {
    expect(doc().components.schemas?.Error).toMatchObject({
      properties: {
        error: {
          properties: {
            code: {
              enum: ['not_found', 'bad_request', 'rate_limited', 'method_not_allowed', 'internal'],
            },
          },
        },
      },
    });
  });

  it('describes the three rate tiers from the limiter’s own table', () => {
    const tiers = doc()['x-rate-limit-tiers'] as Array<{
      name: string;
      limit: number;
      windowSeconds: number;
    }>;
    expect(
      tiers.map(({ name, limit, windowSeconds }) => ({
        name,
        limit,
        windowMs: windowSeconds * 1000,
      })),
    ).toEqual(Object.values(TIERS));
  });

  it('resolves every $ref', () => {
    const refs = JSON.stringify(doc()).match(/"\$ref":"#\/components\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const [, section, name] = /#\/components\/(\w+)\/(\w+)/.exec(ref) ?? [];
      expect(doc().components[section as string]?.[name as string], ref).toBeDefined();
    }
  });

  it('has the public record schemas as allowlists', () => {
    const item = doc().components.schemas?.Item as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
      required: string[];
    };
    expect(Object.keys(item.properties)).toEqual([
      'id',
      'name',
      'description',
      'type',
      'slot',
      'subtype',
      'rarity',
      'rarityName',
      'cosmetic',
      'icon',
      'stats',
      'roll',
      'effects',
      'requirements',
      'dungeons',
    ]);
    expect(item.required).toEqual(['id', 'name', 'rarity', 'rarityName']);
    expect(item.additionalProperties).toBe(false);
  });
});
