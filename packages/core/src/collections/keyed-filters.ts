import type { Vocabulary } from './vocabulary.js';
import { badRequest } from '../errors.js';
import { readParam } from '../read-param.js';
import type { FilterKind, ListFilter, NumberBound, ReadFilter } from './filters.js';
import { parseNumber, parseRange, rangeText, RANGE_SYNTAX, type Range } from './ranges.js';

const KEYED: FilterKind = {
  rule: (params) =>
    `${params} take a stat key of \`/v1/stats\` in brackets and a range: ${RANGE_SYNTAX}, where \`*\` means the item has the key. Brackets may be sent raw or percent-encoded; several combine with AND; a key not in \`/v1/stats\`, a malformed range or an empty one (\`5..1\`) is a 400.`,
  sdk: {
    type: (dataset) =>
      `{ readonly [key in ${dataset.stats.map((s) => `'${s.key.replace(/['\\]/g, '\\$&')}'`).join(' | ') || 'never'} | (string & {})]?: string | number | undefined }`,
    doc: 'Ranges by stat key of `/v1/stats`: `{ mgt: "10.." }` (`a..b`, `a..`, `..b`, one number, or `"*"` for "has it").',
  },
};

/** The query parameters of `family` that name a key (`stat[mgt]`), by key, in key order. */
function keyedParams(params: URLSearchParams, family: string, dataset: Vocabulary): string[] {
  const keys = new Set<string>();
  for (const name of params.keys()) {
    if (name === family)
      throw badRequest(`${family} takes a stat key in brackets: ${family}[<key>]=<range>`);
    if (name.startsWith(`${family}[`) && name.endsWith(']'))
      keys.add(name.slice(family.length + 1, -1));
  }
  if (keys.size === 0) return [];
  const known = new Set(dataset.stats.map((stat) => stat.key));
  for (const key of keys)
    if (!known.has(key))
      throw badRequest(`${family}[${key}]: "${key}" is not a stat key; /v1/stats lists them`);
  return [...keys].sort();
}

/**
 * A filter that takes a range per stat key (`stat[<key>]=<range>`), each key its own parameter, as
 * OpenAPI's `deepObject` style writes them. `bounds` says what a record within `range` under `key`
 * holds: the filter passes the records within every bound, and leaves finding them to the query.
 */
function keyedRange(
  family: string,
  description: string,
  bounds: (key: string, range: Range) => NumberBound[],
): ListFilter<never> {
  return {
    param: family,
    kind: KEYED,
    read: (params, dataset) =>
      keyedParams(params, family, dataset).flatMap((key): ReadFilter[] => {
        const param = `${family}[${key}]`;
        const raw = readParam(params, param);
        if (raw === undefined) return [];
        const range = parseRange(param, raw, parseNumber);
        const within = bounds(key, range);
        return [
          {
            param,
            parsed: { value: rangeText(range), bounds: within },
          },
        ];
      }),
    describe: (dataset) => ({
      description,
      style: 'deepObject',
      schema: {
        type: 'object',
        additionalProperties: { type: 'string' },
        ...(dataset.stats[0] ? { examples: [{ [dataset.stats[0].key]: '10..' }] } : {}),
      },
    }),
  };
}

/** `stat[<key>]=<range>`: items that have the stat, its value (the sum of its entries) within the range. */
export function statRange(): ListFilter<never> {
  return keyedRange(
    'stat',
    `Our extension: \`stat[<key>]=<range>\`, items that have the stat (a key of /v1/stats) with its value within the range: ${RANGE_SYNTAX}, \`*\` for any value. An item listing a stat twice has their sum. Several combine with AND.`,
    (key, range) => [{ field: 'stat', key, ...range }],
  );
}

/** `roll[<key>]=<range>`: items whose roll range for the stat overlaps the range (it can roll a value in it). */
export function rollRange(): ListFilter<never> {
  return keyedRange(
    'roll',
    `Our extension: \`roll[<key>]=<range>\`, items whose roll range for the stat overlaps the range, so the item can roll a value within it: ${RANGE_SYNTAX}, \`*\` for any roll of the stat. Several combine with AND.`,
    // [min, max] overlaps [a, b] when min ≤ b and max ≥ a.
    (key, range) => [
      { field: 'roll.min', key, min: -Infinity, max: range.max },
      { field: 'roll.max', key, min: range.min, max: Infinity },
    ],
  );
}
