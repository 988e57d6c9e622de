import { expect } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { TEST_KEY } from './demo.js';
import { createOpenApiValidator, type OpenApiValidator } from './openapi-validator.js';
import type { Outgoing, Reply, Send } from './send.js';

/**
 * One validator per server and dataset version: the document is a function of the dataset, so it is
 * fetched once — from /v1/openapi.json of the server under test, with the test key (community tier),
 * so it never spends an anonymous case's allowance — and reused for every later reply of that version
 * from that server (`send.target`: suites that share a module graph serve other lists under the
 * same versions).
 */
const validators = new Map<string, Promise<OpenApiValidator>>();

async function fetchValidator(send: Send): Promise<OpenApiValidator> {
  const reply = await send({
    path: '/v1/openapi.json',
    headers: { authorization: `Bearer ${TEST_KEY}` },
  });
  if (reply.status !== 200)
    throw new Error(`GET /v1/openapi.json answered ${reply.status}: ${reply.text.slice(0, 200)}`);
  return createOpenApiValidator(reply.json<OpenAPIV3_1.Document>());
}

/**
 * Fails unless `reply` is exactly what the served OpenAPI document says `request` may get: a
 * documented operation and status, its required headers with valid values, its content type and a
 * body that matches the schema. When code and document disagree, the test (and the build) fails.
 */
export async function expectDescribedByOpenApi(
  send: Send,
  request: Outgoing,
  reply: Reply,
): Promise<void> {
  const key = `${send.target ?? ''} ${reply.headers.get('x-dataset-version') ?? ''}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = fetchValidator(send);
    validators.set(key, validator);
  }
  const problems = (await validator).problemsWith(
    { method: request.method ?? 'GET', path: request.path },
    reply,
  );
  expect(
    problems,
    `${request.method ?? 'GET'} ${request.path} is not as /v1/openapi.json describes it`,
  ).toEqual([]);
}
