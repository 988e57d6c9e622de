import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { decodeCursor, encodeCursor } from './cursor.js';

const position = {
  version: '2026-11-20.1',
  filters: '0abc123def4',
  after: 'emberforged-longsword',
};

describe('cursor codec', () => {
  it('round-trips a position through an opaque, URL-safe string', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-z]+$/);
    expect(cursor).not.toContain(position.after);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it('writes base64 `+` and `/` as `-` and `_`, drops its padding, and reads them back', () => {
    // `?` and `>` each end a group of three bytes here, as `/` and `+`; the JSON's length leaves one `=`.
    const odd = { ...position, after: 'aa?ab>' };
    const cursor = encodeCursor(odd);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-z]+$/);
    expect(cursor).toContain('-');
    expect(cursor).toContain('_');
    expect(decodeCursor(cursor)).toEqual(odd);
  });

  // Made in each test, not while the file is collected: mutation testing counts what runs then as
  // reached by every test (CONTRIBUTING.md, "Mutation testing").
  const parts = () => {
    const valid = encodeCursor(position);
    const [body = '', check = ''] = valid.split('.');
    return { valid, body, check };
  };
  const flip = (s: string, i: number) =>
    s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  const forged = (fields: unknown, check: string) =>
    `${btoa(JSON.stringify(fields)).replace(/=+$/, '')}.${check}`;

  it.each<[string, (cursor: ReturnType<typeof parts>) => string]>([
    ['empty', () => ''],
    ['no checksum', ({ body }) => body],
    ['empty body', ({ check }) => `.${check}`],
    ['edited body', ({ body, check }) => `${flip(body, 5)}.${check}`],
    ['edited checksum', ({ body, check }) => `${body}.${flip(check, 0)}`],
    ['truncated', ({ valid }) => valid.slice(0, -3)],
    ['not base64', ({ check }) => `!!!@@@.${check}`],
    ['path traversal', () => '../../etc/passwd'],
    ['percent junk', () => '%2e%2e%2f'],
    ['too long', ({ check }) => `${'A'.repeat(600)}.${check}`],
    ['forged shape', ({ check }) => forged({ after: 'x' }, check)],
    ['unicode', () => 'é.ü'],
  ])('rejects a %s cursor with bad_request', (_name, make) => {
    const cursor = make(parts());
    expect(() => decodeCursor(cursor)).toThrow(ApiError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as ApiError).code).toBe('bad_request');
      expect((error as ApiError).status).toBe(400);
    }
  });
});
