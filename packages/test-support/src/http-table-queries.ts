import { createApp } from '@gamedata/core';
import { demo, readExport } from './demo.js';
import type { HttpCase } from './http-case.js';
import { expectError, type ListBody } from './http-expect.js';
import {
  expectFirstPage,
  idsOf,
  listRows,
  ordered as orderedBy,
  valueOf,
  type RawRecord,
} from './list-table.js';

// The demo's lists: the rows every list gets from its descriptor (list-table.ts) — pages, records,
// sorts, filters, facets, fields — the items' ranges, and the requests each is a 400 for.

const lists = listRows({
  dataset: demo,
  raw: Object.fromEntries(
    await Promise.all(
      demo.registry.lists.map(
        async ({ name }) => [name, await readExport<RawRecord>(`${name}.json`)] as const,
      ),
    ),
  ),
});
const items = lists.find((list) => list.name === 'items')!.records;
const stat = lists[0]!.stat!;
const ordered = (records: readonly RawRecord[], sort: string) =>
  orderedBy(records, sort, demo.language);

const statOf = (item: RawRecord) => valueOf(item, `stat.${stat}`) as number | undefined;

function rangeRows(): HttpCase[] {
  const rows: Array<[string, string, (item: RawRecord) => boolean, string?]> = [
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
      `stat[${stat}]=${statOf(items.find((item) => statOf(item) !== undefined)!)}`,
      (item) => statOf(item) === statOf(items.find((i) => statOf(i) !== undefined)!),
    ],
    [
      'a roll that overlaps',
      `roll[${stat}]=40..45`,
      (item) =>
        item.roll !== undefined &&
        Object.hasOwn(item.roll, stat) &&
        item.roll[stat]![0] <= 45 &&
        item.roll[stat]![1] >= 40,
    ],
    [
      'ranges with the other filters',
      `slot=head&rarity=epic..&stat[${stat}]=5..`,
      (item) => item.slot === 'head' && item.rarity! >= 3 && statOf(item)! >= 5,
      `-stat.${stat}`,
    ],
  ];
  return rows.map(([title, query, matches, sort]) => {
    const matching = items.filter(matches);
    const expected = sort ? ordered(matching, sort) : idsOf(matching);
    return {
      name: `items: ${title} (${query})`,
      request: { path: `/v1/items?${query}${sort ? `&sort=${sort}` : ''}&limit=200` },
      status: 200,
      check: expectFirstPage(expected, 200),
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

/** Every row each list gets from its descriptor, the items' ranges, and the 400s of queries. */
export function queryCases(): HttpCase[] {
  return [
    ...lists.flatMap((list) => list.basics()),
    ...lists.flatMap((list) => list.sorts()),
    ...rangeRows(),
    ...lists.flatMap((list) => list.filters()),
    ...lists.flatMap((list) =>
      list.facets(
        list.name === 'items'
          ? [[`slot=head&stat[${stat}]=1..`, (item) => item.slot === 'head' && statOf(item)! >= 1]]
          : [],
      ),
    ),
    ...lists.flatMap((list) => list.fields()),
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
