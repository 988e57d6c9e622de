import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { demo } from './demo.js';
import { createOpenApiValidator } from './openapi-validator.js';
import { sendInProcess, type Outgoing, type Reply } from './send.js';

const send = sendInProcess(createApp({ dataset: demo }));
const validator = createOpenApiValidator(
  (await send({ path: '/v1/openapi.json' })).json<OpenAPIV3_1.Document>(),
);

/** A real reply, edited: `edit` may change its status, headers or body. */
async function edited(request: Outgoing, edit: (reply: Reply) => Partial<Reply>): Promise<Reply> {
  const reply = await send(request);
  const changed = { ...reply, headers: new Headers(reply.headers), ...edit(reply) };
  if (changed.text !== reply.text) changed.bytes = new TextEncoder().encode(changed.text);
  return changed;
}

const withHeader = (name: string, value: string | null) => (reply: Reply) => {
  const headers = new Headers(reply.headers);
  if (value === null) headers.delete(name);
  else headers.set(name, value);
  return { headers };
};
const withBody =
  (change: (body: { data: Record<string, unknown> }) => unknown) => (reply: Reply) => ({
    text: JSON.stringify(change(reply.json())),
  });

const icon = demo.lists.items.records.find((item) => item.icon)?.icon as string;

// The validator is what makes the HTTP table fail when code and document disagree; here it must bite.
describe('the OpenAPI reply validator', () => {
  it.each<[string, Outgoing]>([
    ['a list', { path: '/v1/items?limit=2' }],
    ['HEAD', { method: 'HEAD', path: '/v1/meta' }],
    ['a 304', { path: '/v1/meta', headers: { 'if-none-match': '*' } }],
    ['a sprite', { path: `/v1/img/${icon}.png` }],
    ['a preflight', { method: 'OPTIONS', path: '/v1/items' }],
    ['a 405', { method: 'DELETE', path: '/v1/items' }],
    ['a 404 on a path the document does not list', { path: '/v2/items' }],
  ])('accepts a real reply: %s', async (_name, request) => {
    expect(
      validator.problemsWith(
        { method: request.method ?? 'GET', path: request.path },
        await send(request),
      ),
    ).toEqual([]);
  });

  it('accepts a real 429', async () => {
    const limited = sendInProcess(createApp({ dataset: demo }), '192.0.2.77');
    for (let i = 0; i < 60; i++) await limited({ path: '/v1/meta' });
    const reply = await limited({ path: '/v1/meta' });
    expect(reply.status).toBe(429);
    expect(validator.problemsWith({ method: 'GET', path: '/v1/meta' }, reply)).toEqual([]);
  });

  it.each<[string, Outgoing, (reply: Reply) => Partial<Reply>, RegExp]>([
    [
      'a status the operation does not document',
      { path: '/v1/meta' },
      () => ({ status: 404 }),
      /status 404 is not documented/,
    ],
    [
      'a 200 on a path the document does not list',
      { path: '/v2/items' },
      () => ({ status: 200 }),
      /not a documented path/,
    ],
    [
      'a required header missing',
      { path: '/v1/meta' },
      withHeader('x-request-id', null),
      /required header x-request-id is missing/,
    ],
    [
      'a header with a wrong value',
      { path: '/v1/meta' },
      withHeader('cache-control', 'no-store'),
      /header cache-control/,
    ],
    [
      'a non-numeric rate-limit header',
      { path: '/v1/meta' },
      withHeader('ratelimit-remaining', 'lots'),
      /header ratelimit-remaining/,
    ],
    [
      'an undocumented content type',
      { path: '/v1/meta' },
      withHeader('content-type', 'text/plain'),
      /content-type text\/plain is not documented/,
    ],
    [
      'a field the schema does not allow',
      { path: '/v1/meta' },
      withBody((b) => ({ data: { ...b.data, dropRate: 0.1 } })),
      /additional properties/,
    ],
    [
      'a required field missing',
      { path: '/v1/meta' },
      withBody((b) => ({ data: { ...b.data, version: undefined } })),
      /must have required property 'version'/,
    ],
    [
      'an error code off the enum',
      { path: '/v1/items/nope' },
      withBody(() => ({ error: { code: 'gone', message: 'x' } })),
      /must be equal to one of the allowed values/,
    ],
    [
      'a body on a 304',
      { path: '/v1/meta', headers: { 'if-none-match': '*' } },
      () => ({ text: '{}', bytes: new Uint8Array(2) }),
      /without a body/,
    ],
    [
      'a 429 without retry-after',
      { path: '/v1/meta' },
      (reply) => ({ status: 429, ...withHeader('cache-control', 'no-store')(reply) }),
      /required header retry-after is missing/,
    ],
  ])('rejects %s', async (_name, request, edit, problem) => {
    const problems = validator.problemsWith(
      { method: request.method ?? 'GET', path: request.path },
      await edited(request, edit),
    );
    expect(problems.join('\n')).toMatch(problem);
  });
});
