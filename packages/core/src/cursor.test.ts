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

  const valid = encodeCursor(position);
  const [body = '', check = ''] = valid.split('.');
  const flip = (s: string, i: number) =>
    s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  const forged = (parts: unknown) => {
    const json = JSON.stringify(parts);
    return `${btoa(json).replace(/=+$/, '')}.${check}`;
  };

  it.each([
    ['empty', ''],
    ['no checksum', body],
    ['empty body', `.${check}`],
    ['edited body', `${flip(body, 5)}.${check}`],
    ['edited checksum', `${body}.${flip(check, 0)}`],
    ['truncated', valid.slice(0, -3)],
    ['not base64', `!!!@@@.${check}`],
    ['path traversal', '../../etc/passwd'],
    ['percent junk', '%2e%2e%2f'],
    ['too long', `${'A'.repeat(600)}.${check}`],
    ['forged shape', forged({ after: 'x' })],
    ['unicode', 'é.ü'],
  ])('rejects a %s cursor with bad_request', (_name, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(ApiError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as ApiError).code).toBe('bad_request');
      expect((error as ApiError).status).toBe(400);
    }
  });
});
