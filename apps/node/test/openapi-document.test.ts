import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { demo, TEST_KEY, testKeyStore } from '@gamedata/test-support/demo';
import { createOpenApiValidator } from '@gamedata/test-support/openapi-validator';
import { sendInProcess } from '@gamedata/test-support/send';

type Json = Record<string, unknown>;

const send = sendInProcess(createApp({ dataset: demo, keyStore: await testKeyStore() }));
const auth = { authorization: `Bearer ${TEST_KEY}` };
const doc = (await send({ path: '/v1/openapi.json', headers: auth })).json<OpenAPIV3_1.Document>();

/** Every media-type example of the document: where it sits, its schema and its request line. */
function collectExamples(): Array<[string, Json, { summary: string; value: unknown }]> {
  const found: Array<[string, Json, { summary: string; value: unknown }]> = [];
  const visit = (value: unknown, where: string) => {
    if (typeof value !== 'object' || value === null) return;
    const media = value as {
      schema?: Json;
      examples?: Record<string, { summary: string; value: unknown }>;
    };
    if (media.schema && media.examples)
      for (const example of Object.values(media.examples))
        found.push([where, media.schema, example]);
    for (const [key, child] of Object.entries(value)) visit(child, `${where}/${key}`);
  };
  visit(doc, '#');
  return found;
}

describe('the served OpenAPI document', () => {
  it('passes an external validator (@apidevtools/swagger-parser) with no error', async () => {
    const api = (await SwaggerParser.validate(
      structuredClone(doc) as never,
    )) as OpenAPIV3_1.Document;
    expect(api.openapi).toBe('3.1.0');
  });

  it.each<[string, (broken: Json) => void]>([
    ['an info without a title', (broken) => delete (broken.info as Json).title],
    [
      'a $ref to nothing',
      (broken) =>
        (((broken.paths as Json)['/v1/meta'] as { get: { responses: Json } }).get.responses['429'] =
          { $ref: '#/components/responses/Nope' }),
    ],
    [
      'a parameter in the body (OpenAPI 2 style)',
      (broken) =>
        (((broken.paths as Json)['/v1/meta'] as { get: { parameters: Json[] } }).get.parameters[0] =
          { name: 'key', in: 'body' }),
    ],
  ])('and the validator does reject %s', async (_name, breakIt) => {
    const broken = structuredClone(doc) as unknown as Json;
    breakIt(broken);
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  const examples = collectExamples();
  const validator = createOpenApiValidator(doc);

  it('carries a real example for every data endpoint', () => {
    expect(
      examples.map(([, , example]) =>
        example.summary.split('?')[0]?.replace(/\/v1\/(\w+)\/[^/]+(\/history)?$/, '/v1/$1/{id}$2'),
      ),
    ).toEqual([
      'GET /v1/items',
      'GET /v1/items/{id}',
      'GET /v1/items/{id}/history',
      'GET /v1/abilities',
      'GET /v1/abilities/{id}',
      'GET /v1/abilities/{id}/history',
      'GET /v1/relics',
      'GET /v1/relics/{id}',
      'GET /v1/relics/{id}/history',
      'GET /v1/followers',
      'GET /v1/followers/{id}',
      'GET /v1/followers/{id}/history',
      'GET /v1/facets/{id}',
      'GET /v1/facets/{id}',
      'GET /v1/facets/{id}',
      'GET /v1/facets/{id}',
      'GET /v1/search',
      'GET /v1/stats',
      'GET /v1/meta',
      'GET /v1/changes',
      'GET /v1/languages',
      'GET /v1/bulk',
      'GET /v1/items',
    ]);
  });

  it.each(
    examples.map(([where, schema, example]) => [example.summary, where, schema, example] as const),
  )('%s: the real answer, and valid at %s', async (_request, _where, schema, example) => {
    expect(validator.problemsWithValue(schema, example.value, 'example')).toEqual([]);
    const reply = await send({ path: example.summary.replace(/^GET /, ''), headers: auth });
    expect(reply.json()).toEqual(example.value);
  });
});
