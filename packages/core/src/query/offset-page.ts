import { checkCursorVersion, decodeCursor, encodeCursor, MALFORMED } from '../cursor.js';
import { badRequest } from '../errors.js';
import { readParam } from '../read-param.js';
import { parseLimit } from './list-query.js';

/** A page of a list answered whole and paged by position: where it starts and how long it is. */
export interface OffsetWindow {
  offset: number;
  limit: number;
}

/** What an offset cursor is bound to: the dataset version, and a fingerprint of the question. */
export interface OffsetQuestion {
  version: string;
  fingerprint: string;
  /** The 400's message for a cursor another question issued: what to keep unchanged. */
  otherQuestion: string;
}

/**
 * `limit` and `cursor` of a list paged by position (a record's history, the records of
 * `/v1/changes`): a cursor of another dataset version or question, or one naming no position, is a 400.
 */
export function offsetWindow(params: URLSearchParams, question: OffsetQuestion): OffsetWindow {
  const limit = parseLimit(readParam(params, 'limit'));
  const cursor = readParam(params, 'cursor');
  if (cursor === undefined) return { offset: 0, limit };
  const position = decodeCursor(cursor);
  checkCursorVersion(position, question.version);
  if (position.filters !== question.fingerprint) throw badRequest(question.otherQuestion);
  if (!/^(0|[1-9]\d{0,8})$/.test(position.after)) throw badRequest(MALFORMED);
  return { offset: Number(position.after), limit };
}

/** The cursor to the page that starts at `end`, while it is before `total`. */
export function offsetCursor(question: OffsetQuestion, end: number, total: number) {
  return end < total
    ? encodeCursor({ version: question.version, filters: question.fingerprint, after: String(end) })
    : undefined;
}
