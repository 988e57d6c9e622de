import { badRequest } from '../errors.js';

/**
 * A range of a query (README, "Sorting, ranges, fields and facets"): `a..b` inclusive, `a..` or `..b`
 * open, one value exact, `*` any value at all (the record has the key). Unbounded ends are infinite.
 */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** The range `*`: every value. */
export const ANY: Range = { min: -Infinity, max: Infinity };

/** A bound written as a plain decimal number, or undefined. */
export function parseNumber(text: string): number | undefined {
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** The rule, for error messages and the docs. */
export const RANGE_SYNTAX = '`a..b` (inclusive), `a..`, `..b`, a single value, or `*`';

/**
 * Parses `raw` as a range of `param` whose bounds `bound` reads (undefined: not a bound). A
 * malformed range, or an empty one (`5..1`), is a 400 naming the parameter.
 *
 * @example parseRange('stat[mgt]', '10..', parseNumber) // { min: 10, max: Infinity }
 */
export function parseRange(
  param: string,
  raw: string,
  bound: (text: string) => number | undefined,
): Range {
  if (raw === '*') return ANY;
  const dots = raw.indexOf('..');
  const parts = dots < 0 ? [raw, raw] : [raw.slice(0, dots), raw.slice(dots + 2)];
  const [low, high] = parts.map((part, end) =>
    dots >= 0 && part === '' ? (end === 0 ? -Infinity : Infinity) : bound(part),
  );
  if (low === undefined || high === undefined || (low === -Infinity && high === Infinity))
    throw badRequest(`${param} must be a range: ${RANGE_SYNTAX}; got "${raw}"`);
  if (low > high) throw badRequest(`${param} is an empty range: ${raw} (the low end comes first)`);
  return { min: low, max: high };
}

/**
 * A range as the text it is normalised to, so `10..10`, `10` and `10.0` are one query to caches and
 * cursors.
 *
 * @example rangeText({ min: 10, max: Infinity }) // '10..'
 */
export function rangeText({ min, max }: Range): string {
  if (min === max) return String(min);
  if (min === -Infinity && max === Infinity) return '*';
  return `${min === -Infinity ? '' : min}..${max === Infinity ? '' : max}`;
}
