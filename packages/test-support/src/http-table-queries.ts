import { expect } from 'vitest';
import { COLLECTIONS, createApp, facetsOf, sortKeys } from '@gamedata/core';
import { demo, readExport } from './demo.js';
import type { HttpCase } from './http-case.js';
import {
  expectError,
  expectJsonHeaders,
  expectPolicyHeaders,
  type ListBody,
} from './http-expect.js';
import type { Reply } from './send.js';

// Sorts, ranges, `fields` and facets, as rows of the HTTP table generated from each list's
// descriptor: every sort key, every facet and every optional field a list declares gets its rows.
// What each row expects is worked out here, plainly, from the export as the operator wrote it
// (private fields and all): not from the server's indexes.

type Raw = {
  id: string;
  name: string;
  rarity?: number;
  stats?: Array<{ stat: string; value: number }>;
  roll?: Record<string, [number, number]>;
} & Record<string, unknown>;

type ListName = keyof typeof COLLECTIONS;
const LISTS = Object.keys(COLLECTIONS) as ListName[];
const raw = Object.fromEntries(
  await Promise.all(
    LISTS.map(async (list) => [list, await readExport<Raw>(`${list}.json`)] as const),
  ),
) as Record<ListName, Raw[]>;
const collator = new Intl.Collator(demo.language, { sensitivity: 'base' });

const hasOwn = (object: object | undefined, key: string) =>
  object !== undefined && Object.hasOwn(object, key);

/** An item's value under a sort key, as the README defines it; undefined when it has none. */
function valueOf(record: Raw, key: string): string | number | undefined {
  const [family, stat = '', end] = key.split('.');
  if (family === 'stat') {
    const entries = (record.stats ?? []).filter((entry) => entry.stat === stat);
    return entries.length ? entries.reduce((sum, entry) => sum + entry.value, 0) : undefined;
  }
  if (family === 'roll')
    return hasOwn(record.roll, stat) ? record.roll![stat]![end === 'min' ? 0 : 1] : undefined;
  return record[key] as string | number | undefined;
}

/** `records` ordered by `sort`: missing values last either way, the id breaking ties. */
function ordered(records: readonly Raw[], sort: string): string[] {
  const keys = sort
    .split(',')
    .map((part) => ({ key: part.replace(/^-/, ''), down: part.startsWith('-') }));
  return [...records]
    .sort((a, b) => {
      for (const { key, down } of keys) {
        const [x, y] = [valueOf(a, key), valueOf(b, key)];
        if (x === undefined || y === undefined) {
          if (x !== y) return x === undefined ? 1 : -1;
          continue;
        }
        const order =
          key === 'name' ? collator.compare(String(x), String(y)) : x < y ? -1 : x > y ? 1 : 0;
        if (order !== 0) return down ? -order : order;
      }
      return a.id < b.id ? -1 : 1;
    })
    .map((record) => record.id);
}

/** The stat key most items have: the one the rows range over and sort by. */
const statCounts = new Map<string, number>();
for (const item of raw.items)
  for (const key of new Set(item.stats?.map((entry) => entry.stat)))
    statCounts.set(key, (statCounts.get(key) ?? 0) + 1);
const stat = [...statCounts].sort((a, b) => b[1] - a[1])[0]![0];

function expectFirstPage(expected: string[], limit: number) {
  return (reply: Reply) => {
    expectJsonHeaders(reply);
    expectPolicyHeaders(reply);
    const body = reply.json<ListBody>();
    expect(body.data.map((record) => record.id)).toEqual(expected.slice(0, limit));
    expect(body.meta.total).toBe(expected.length);
    expect('cursor' in body.meta).toBe(expected.length > limit);
  };
}

function sortRows(list: ListName): HttpCase[] {
  const keys = [...sortKeys(COLLECTIONS[list], demo).keys()].filter(
    (key) => !/^(stat|roll)\./.test(key) || key.split('.')[1] === stat,
  );
  const sorts = [
    ...keys.flatMap((key) => [key, `-${key}`]),
    '-rarity,name',
    `-stat.${stat}`,
    `roll.${stat}.max,-rarity`,
  ];
  const known = new Set(sortKeys(COLLECTIONS[list], demo).keys());
  return [...new Set(sorts)]
    .filter((sort) => sort.split(',').every((key) => known.has(key.replace(/^-/, ''))))
    .map((sort) => {
      const expected = ordered(raw[list], sort);
      return {
        name: `${list}: sort=${sort}, walked page by page`,
        request: { path: `/v1/${list}?sort=${sort}&limit=97` },
        status: 200,
        check: expectFirstPage(expected, 97),
        walk: (ids) => expect(ids).toEqual(expected),
      };
    });
}

const ids = (records: readonly Raw[]) => records.map((record) => record.id).sort();
const statOf = (item: Raw) => valueOf(item, `stat.${stat}`) as number | undefined;

function rangeRows(): HttpCase[] {
  const rows: Array<[string, string, (item: Raw) => boolean, string?]> = [
    ['rarity by names', 'rarity=rare..legendary', (item) => item.rarity! >= 2],
    ['rarity open above', 'rarity=..1', (item) => item.rarity! <= 1],
    [
      'a stat range',
      `stat[${stat}]=10..20`,
      (item) => (statOf(item) ?? NaN) >= 10 && statOf(item)! <= 20,
    ],
    [
      'a stat range, brackets percent-encoded',
      `stat%5B${stat}%5D=10..`,
      (item) => statOf(item)! >= 10,
    ],
    ['any value of a stat', `stat[${stat}]=*`, (item) => statOf(item) !== undefined],
    [
      'one stat value exactly',
      `stat[${stat}]=${statOf(raw.items.find((item) => statOf(item) !== undefined)!)}`,
      (item) => statOf(item) === statOf(raw.items.find((i) => statOf(i) !== undefined)!),
    ],
    [
      'a roll that overlaps',
      `roll[${stat}]=40..45`,
      (item) => hasOwn(item.roll, stat) && item.roll![stat]![0] <= 45 && item.roll![stat]![1] >= 40,
    ],
    [
      'ranges with the other filters',
      `slot=head&rarity=epic..&stat[${stat}]=5..`,
      (item) => item.slot === 'head' && item.rarity! >= 3 && statOf(item)! >= 5,
      `-stat.${stat}`,
    ],
  ];
  return rows.map(([title, query, matches, sort]) => {
    const matching = raw.items.filter(matches);
    const expected = sort ? ordered(matching, sort) : ids(matching);
    return {
      name: `items: ${title} (${query})`,
      request: { path: `/v1/items?${query}${sort ? `&sort=${sort}` : ''}&limit=200` },
      status: 200,
      check: expectFirstPage(expected, 200),
    };
  });
}

/**
 * A row per value of each boolean filter, and one per text filter (its most common value, in capitals:
 * matched ignoring case), from the list's descriptor.
 */
function filterRows(list: ListName): HttpCase[] {
  return COLLECTIONS[list].fields.flatMap((entry): HttpCase[] => {
    const source = entry.facet?.source;
    if (!entry.filter || source?.kind !== 'column' || entry.field === 'rarity') return [];
    const param = entry.filter.param;
    const values: Array<[string, (record: Raw) => boolean]> =
      source.absent === false
        ? [
            ['true', (record) => record[param] === true],
            ['false', (record) => record[param] !== true],
          ]
        : (() => {
            const common = counted(raw[list].flatMap((record) => facetValues(record, param)))[0];
            const value = String(common?.value ?? 'none');
            return [
              [value.toUpperCase(), (record) => String(record[param]).toLowerCase() === value],
            ];
          })();
    return values.map(([value, matches]) => ({
      name: `${list}: ${param}=${value}`,
      request: { path: `/v1/${list}?${param}=${value}&limit=200` },
      status: 200,
      check: expectFirstPage(ids(raw[list].filter(matches)), 200),
    }));
  });
}

/** Counts of each value, the largest first, then by value: written plainly over the export. */
function counted(values: Array<string | number | boolean>) {
  const counts = new Map<string | number | boolean, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** The values a record has for a facet, as the filters read them. */
function facetValues(record: Raw, facet: string): Array<string | number | boolean> {
  if (facet === 'stat') return [...new Set(record.stats?.map((entry) => entry.stat))];
  const value = record[facet];
  if (facet === 'cosmetic' || facet === 'unique') return [value === true];
  if (value === undefined || value === null) return [];
  return [typeof value === 'string' ? value.toLowerCase() : (value as number)];
}

function facetRows(list: ListName): HttpCase[] {
  const facets = [...facetsOf(COLLECTIONS[list]).keys()];
  const filtered: Array<[string, (record: Raw) => boolean]> = [['', () => true]];
  if (list === 'items')
    filtered.push([
      `slot=head&stat[${stat}]=1..`,
      (item) => item.slot === 'head' && statOf(item)! >= 1,
    ]);
  return filtered.map(([query, matches]) => {
    const records = raw[list].filter(matches);
    return {
      name: `facets/${list}${query ? `?${query}` : ''}: every facet, counted over the matches`,
      request: { path: `/v1/facets/${list}${query ? `?${query}` : ''}` },
      status: 200,
      check: (reply: Reply) => {
        expectJsonHeaders(reply);
        expectPolicyHeaders(reply);
        expect(reply.json()).toEqual({
          data: Object.fromEntries(
            facets.map((facet) => [
              facet,
              counted(records.flatMap((record) => facetValues(record, facet))),
            ]),
          ),
          meta: { total: records.length },
        });
      },
    };
  });
}

function fieldRows(list: ListName): HttpCase[] {
  const { fields } = COLLECTIONS[list];
  const required = fields.filter((entry) => entry.required).map((entry) => entry.field as string);
  return fields
    .filter((entry) => !entry.required)
    .map(({ field }) => {
      const name = field as string;
      return {
        name: `${list}: fields=${name}, the required fields and ${name} alone`,
        request: { path: `/v1/${list}?fields=${name}&limit=200` },
        status: 200,
        check: (reply: Reply) => {
          expectJsonHeaders(reply);
          const body = reply.json<ListBody>();
          const byId = new Map(raw[list].map((record) => [record.id, record]));
          expect(body.data.map((record) => record.id)).toEqual(ids(raw[list]).slice(0, 200));
          for (const record of body.data) {
            const source = byId.get(record.id as string)!;
            // `rarityName` is not in the export: the server names the record's rarity.
            const has =
              name === 'rarityName' ? source.rarity !== undefined : source[name] !== undefined;
            const present = [...required, ...(has ? [name] : [])];
            expect(Object.keys(record).sort()).toEqual(present.sort());
            expect(record.name).toBe(source.name);
            if (name === 'roll' || name === 'slot' || name === 'icon')
              expect(record[name]).toEqual(source[name]);
          }
        },
      };
    });
}

/** A cursor the server issued for `sort=name`, to be refused under another sort. */
const app = createApp({ dataset: demo });
const firstByName = await app.fetch(new Request('http://api.test/v1/items?sort=name&limit=2'), {
  clientIp: '192.0.2.9',
});
const nameCursor = ((await firstByName.json()) as ListBody).meta.cursor as string;

const badRequests: Array<[string, string]> = [
  ['/v1/items?sort=weight', 'an unknown sort key'],
  ['/v1/items?sort=name,id,rarity,-stat.mgt', 'four sort keys'],
  ['/v1/abilities?sort=rarity', 'a sort key the list lacks'],
  ['/v1/items?stat[nope]=1', 'a stat key not in /v1/stats'],
  ['/v1/items?stat=10', 'a stat range without its key'],
  [`/v1/items?stat[${stat}]=ten`, 'a malformed range'],
  [`/v1/items?roll[${stat}]=9..1`, 'an empty range'],
  ['/v1/items?rarity=legendary..common', 'an empty rarity range'],
  ['/v1/items?fields=weight', 'an unknown field'],
  ['/v1/items?fields=dropRate', 'a private field'],
  ['/v1/items/ashbringers-oath?fields=lootTableId', 'a private field of one record'],
  ['/v1/facets/items?facet=dropRate', 'an unknown facet'],
  ['/v1/facets/relics?stat[mgt]=1', 'a stat range where there is none (ignored, so 200)'],
  [
    `/v1/items?sort=-name&limit=2&cursor=${encodeURIComponent(nameCursor)}`,
    'a cursor under another sort',
  ],
  [`/v1/items?limit=2&cursor=${encodeURIComponent(nameCursor)}`, 'a cursor of a sort, without it'],
];

/** Every row of sorts, ranges, `fields` and facets. */
export function queryCases(): HttpCase[] {
  return [
    ...LISTS.flatMap(sortRows),
    ...rangeRows(),
    ...LISTS.flatMap(filterRows),
    ...LISTS.flatMap(facetRows),
    ...LISTS.flatMap(fieldRows),
    ...badRequests.map(([path, what]): HttpCase => {
      const ignored = what.includes('ignored');
      return {
        name: `${what}: ${ignored ? 200 : 400}`,
        request: { path },
        status: ignored ? 200 : 400,
        ...(ignored ? {} : { check: expectError('bad_request') }),
      };
    }),
  ];
}
