import { describe, expect, it } from 'vitest';
import { fitsResponse } from './response-limit.js';

const answer = (body: string | Uint8Array) => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
});
/** The size of a result carrying `body` as Lambda measures it: the JSON of the whole result. */
const resultBytes = (body: string) =>
  Buffer.byteLength(
    JSON.stringify({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body,
      isBase64Encoded: false,
    }),
  );

describe('fitsResponse', () => {
  it('counts a text body as the JSON string it is carried in: quotes and control characters escaped', () => {
    // 2,000 bytes that grow to 6,000 escaped: over a 5,000-byte limit, though the bytes alone are not.
    const escaped = '\u0001'.repeat(1000) + '"'.repeat(1000);
    expect(resultBytes(escaped)).toBeGreaterThan(5000);
    expect(fitsResponse(answer(escaped), false, 5000)).toBe(false);
    expect(fitsResponse(answer('a'.repeat(2000)), false, 5000)).toBe(true);
  });

  it('counts a binary body as base64, four bytes for every three', () => {
    const png = new Uint8Array(3000);
    expect(fitsResponse(answer(png), true, 1024 + 4000 + 100)).toBe(true);
    expect(fitsResponse(answer(png), true, 1024 + 3900)).toBe(false);
  });

  it('lets any answer without a body through', () => {
    expect(fitsResponse({ status: 304, headers: {}, body: null }, false, 2000)).toBe(true);
  });
});
