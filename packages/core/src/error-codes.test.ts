import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError } from './errors.js';
import { buildOpenApiDocument } from './openapi/document.js';
import { headersTooLarge, requestTimeout } from './policy/errors.js';
import { ERROR_CODES, type ErrorCode } from './schemas/records.js';
import { fixtureDataset } from './testing/fixture-dataset.js';

// The contract closes the set of error codes (ARCHITECTURE.md, "Errors are data"): a client may
// switch over exactly these five, so no status, however precise, may bring a code of its own.
const CONTRACT_CODES = [
  'not_found',
  'bad_request',
  'rate_limited',
  'method_not_allowed',
  'internal',
] as const;

type Json = Record<string, unknown>;

describe("the contract's five error codes", () => {
  it('are ERROR_CODES, no more and no fewer', () => {
    expect(ERROR_CODES).toEqual(CONTRACT_CODES);
    expectTypeOf<ErrorCode>().toEqualTypeOf<(typeof CONTRACT_CODES)[number]>();
  });

  it("are the OpenAPI document's Error code enum, and every documented error's example uses one", () => {
    const doc = buildOpenApiDocument(fixtureDataset()) as Json & {
      components: { schemas: Record<string, Json>; responses: Record<string, Json> };
    };
    const error = doc.components.schemas.Error as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(error.properties.error.properties.code.enum).toEqual(CONTRACT_CODES);
    const examples = Object.values(doc.components.responses).flatMap((response) => {
      const content = response.content as
        | Record<string, { examples?: Record<string, { value: { error?: { code?: string } } }> }>
        | undefined;
      return Object.values(content?.['application/json']?.examples ?? {}).map(
        (example) => example.value.error?.code,
      );
    });
    for (const code of examples) if (code !== undefined) expect(CONTRACT_CODES).toContain(code);
  });

  it('each have a status of their own; a 408 or a 431 is a bad_request that names its status', () => {
    expect(ERROR_CODES.map((code) => new ApiError(code, '').status)).toEqual([
      404, 400, 429, 405, 500,
    ]);
    expect([requestTimeout('').code, headersTooLarge('').code]).toEqual([
      'bad_request',
      'bad_request',
    ]);
  });
});
