import { badRequest } from './errors.js';
import { hashText } from './hash.js';

/** Where a walk through a filtered list stands: after which id, for which filters, on which dataset. */
export interface CursorPosition {
  /** Dataset version the cursor was issued for. */
  version: string;
  /** Fingerprint of the normalised filters of the query that issued it. */
  filters: string;
  /** Id of the last record of the previous page; the next page starts after it. */
  after: string;
}

const CURSOR_FORMAT = 1;
const MAX_CURSOR_LENGTH = 512;

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
}

/**
 * Encodes a position as an opaque, URL-safe cursor with a checksum, so a truncated or edited cursor is
 * detected rather than silently walking from the wrong place. Every part is ASCII (ids, versions and
 * fingerprints are), which keeps `btoa` safe.
 *
 * @example encodeCursor({ version: '2026-11-20.1', filters: 'abc', after: 'iron-sword' })
 */
export function encodeCursor(position: CursorPosition): string {
  const json = JSON.stringify([CURSOR_FORMAT, position.version, position.filters, position.after]);
  return `${toBase64Url(json)}.${hashText(json)}`;
}

/** The 400's message for a cursor no page issued. */
export const MALFORMED = 'cursor is malformed; pass meta.cursor from the previous page unchanged';

/**
 * Decodes a cursor made by `encodeCursor`. Anything else — wrong alphabet, bad checksum, wrong shape,
 * too long — is a 400 `bad_request`, never a 500.
 *
 * @example decodeCursor(encodeCursor(position)) // deep-equals position
 */
export function decodeCursor(cursor: string): CursorPosition {
  const dot = cursor.indexOf('.');
  if (cursor.length > MAX_CURSOR_LENGTH || dot < 1) throw badRequest(MALFORMED);
  let json: string;
  try {
    json = fromBase64Url(cursor.slice(0, dot));
  } catch {
    throw badRequest(MALFORMED);
  }
  if (hashText(json) !== cursor.slice(dot + 1)) throw badRequest(MALFORMED);
  let parts: unknown;
  try {
    parts = JSON.parse(json);
  } catch {
    throw badRequest(MALFORMED);
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== 4 ||
    parts[0] !== CURSOR_FORMAT ||
    !parts.slice(1).every((part) => typeof part === 'string')
  ) {
    throw badRequest(MALFORMED);
  }
  const [, version, filters, after] = parts as [number, string, string, string];
  return { version, filters, after };
}

/**
 * Throws the 400 for a cursor another dataset version issued: the walk starts again, as a page of it
 * could skip or repeat records.
 */
export function checkCursorVersion(position: CursorPosition, version: string): void {
  if (position.version !== version)
    throw badRequest(
      `cursor belongs to dataset version ${position.version}, but the dataset is now ${version}; start again from the first page`,
    );
}
