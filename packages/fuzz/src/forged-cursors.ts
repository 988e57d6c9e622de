import { hashText } from '../../core/src/hash.js';
import type { Random } from './random.js';

/** A cursor's fields: format, dataset version, filters fingerprint, the id the page starts after. */
type Parts = [unknown, unknown, unknown, unknown];

/**
 * Ways to reshape a cursor's fields, each named. The checksum is public, so a client can send any
 * text under one that holds: all but `unknown id` are shapes no page issues (a 400); that one is
 * well formed and names an id the list lacks (a 400 on a sorted list, a page on an unsorted one).
 */
export const CURSOR_SHAPES: Record<string, (parts: Parts, random: Random) => string> = {
  // No quotes: never an array of strings, so never a cursor's shape.
  'not JSON': (_, random) => random.text('abcxyz{}[],:.0123456789 ', random.int(1, 24)),
  'not an array': (parts) =>
    JSON.stringify({ 0: parts[0], 1: parts[1], 2: parts[2], 3: parts[3], length: 4 }),
  'a plain value': (_, random) => random.pick(['null', '4', '"abcd"', 'true', '{}', '[]']),
  'a field missing': (parts, random) => {
    const missing = random.int(0, 3);
    return JSON.stringify(parts.filter((_, i) => i !== missing));
  },
  'a field more': (parts, random) => JSON.stringify([...parts, random.pick(['x', 0, null])]),
  'another format': (parts, random) =>
    JSON.stringify(parts).replace(
      /^\[1,/,
      `[${random.pick(['0', '2', '-1', '1.5', '1e400', '"1"', 'null', 'true'])},`,
    ),
  'a field of another kind': (parts, random) => {
    const reshaped = [...parts];
    reshaped[random.int(1, 3)] = random.pick([7, -1, 0.5, null, true, ['a'], { id: 'a' }]);
    return JSON.stringify(reshaped);
  },
  'too long': (parts) => JSON.stringify([parts[0], parts[1], parts[2], 'x'.repeat(400)]),
  'unknown id': (parts, random) =>
    JSON.stringify([parts[0], parts[1], parts[2], `${String(parts[3])}-${random.int(0, 9)}`]),
};

/** Encodes text as a cursor, base64url and a checksum that holds, as the API's own cursors are. */
export function checksummed(json: string): string {
  const body = btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${body}.${hashText(json)}`;
}

/** The fields of a cursor a page gave, or stand-ins when there is none (or it is not one). */
function partsOf(cursor: string | undefined): Parts {
  try {
    const body = (cursor ?? '').split('.')[0] ?? '';
    const parts: unknown = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    if (Array.isArray(parts) && parts.length === 4) return parts as Parts;
  } catch {
    // Not a cursor: the stand-ins below.
  }
  return [1, '2026-11-20.1', '0abc123def4', 'iron-helm'];
}

/**
 * A cursor whose checksum holds, made from one a page gave (so it keeps that page's version and
 * filters), in one of `CURSOR_SHAPES`.
 */
export function forgedCursor(random: Random, harvested: readonly string[]): string {
  const parts = partsOf(harvested.length > 0 ? random.pick(harvested) : undefined);
  const reshape = random.pick(Object.values(CURSOR_SHAPES));
  return checksummed(reshape(parts, random));
}
