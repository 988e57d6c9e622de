/** A part of a file: from `start` to `end`, exclusive. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

/**
 * The one byte range of a file of `size` bytes that a request asks for (RFC 9110 §14.2), or undefined
 * to send the whole file: no Range, a Range this server does not serve (several ranges, another unit,
 * one it cannot read), none of it within the file, or an If-Range (§13.1.5) that is not the file's
 * strong etag. A server may always answer a Range with the whole representation (§14.2), and a
 * client asking for a part of the file gets either that part or all of it, never an error.
 *
 * @example byteRange('bytes=0-1023', 4096, undefined, '"ab"') // { start: 0, end: 1024 }
 * @example byteRange('bytes=-100', 4096, undefined, '"ab"') // { start: 3996, end: 4096 }
 */
export function byteRange(
  range: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): ByteRange | undefined {
  if (range === undefined || (ifRange !== undefined && ifRange.trim() !== etag)) return undefined;
  const [, first = '', last = ''] = SINGLE_RANGE.exec(range) ?? [];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size } : undefined;
  }
  const start = Number(first);
  const end = last === '' ? size : Number(last) + 1;
  return Number.isSafeInteger(start) && start < size && end > start
    ? { start, end: Math.min(end, size) }
    : undefined;
}
