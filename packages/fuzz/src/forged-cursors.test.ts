import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../core/src/cursor.js';
import { hashText } from '../../core/src/hash.js';
import { CURSOR_SHAPES, checksummed, forgedCursor } from './forged-cursors.js';
import { Random } from './random.js';

const issued = encodeCursor({
  version: '2026-11-20.1',
  filters: '0abc123def4',
  after: 'iron-helm',
});

/** What decoding `cursor` throws, as the code and status of a 400; undefined if it decodes. */
function refusal(cursor: string) {
  try {
    decodeCursor(cursor);
    return undefined;
  } catch (error) {
    const { code, status } = error as { code?: string; status?: number };
    return { code, status };
  }
}

describe('forged cursors', () => {
  it('are checksummed as the API checksums its own', () => {
    const random = new Random(1);
    for (let i = 0; i < 200; i++) {
      const [body = '', check] = forgedCursor(random, [issued]).split('.');
      expect(hashText(atob(body.replace(/-/g, '+').replace(/_/g, '/')))).toBe(check);
    }
    expect(checksummed(atob(issued.split('.')[0]!))).toBe(issued);
  });

  const parts = [1, '2026-11-20.1', '0abc123def4', 'iron-helm'] as [
    unknown,
    unknown,
    unknown,
    unknown,
  ];
  it.each(Object.keys(CURSOR_SHAPES).filter((name) => name !== 'unknown id'))(
    '%s: every one is a 400 to the API',
    (name) => {
      const random = new Random(7);
      for (let i = 0; i < 50; i++)
        expect(refusal(checksummed(CURSOR_SHAPES[name]!(parts, random)))).toEqual({
          code: 'bad_request',
          status: 400,
        });
    },
  );

  it('unknown id: keeps the version and filters and names another id', () => {
    const decoded = decodeCursor(checksummed(CURSOR_SHAPES['unknown id']!(parts, new Random(3))));
    expect(decoded).toMatchObject({ version: '2026-11-20.1', filters: '0abc123def4' });
    expect(decoded.after).toMatch(/^iron-helm-\d$/);
  });
});
