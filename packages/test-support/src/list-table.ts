import { expect } from 'vitest';
import {
  collectionNames,
  facetsOf,
  sortKeys,
  type Dataset,
  type ListDescriptor,
} from '@gamedata/core';
import type { HttpCase } from './http-case.js';
import {
  expectError,
  expectJsonHeaders,
  expectPage,
  expectPolicyHeaders,
  type ListBody,
} from './http-expect.js';
import { decodeReply, type Reply } from './send.js';

// The rows of the HTTP table every list gets from its descriptor alone — its pages, records, ids,
// bulk file and count; every sort key, filter, facet and optional field — for any registry: the
// API's own over the demo, a list declared in test code over its fixture. What each row expects is
// worked out here, plainly, from the export as the operator wrote it (private fields and all): not
// from the server's indexes.

/** An export's record as the operator wrote it. */
export type RawRecord = {
  id: string;
  name: string;
  rarity?: number;
  stats?: Array<{ stat: string; value: number }>;
  roll?: Record<string, [number, number]>;
} & Record<string, unknown>;

/** What a list table is made from: the lists served, the dataset serving them, and their export. */
export interface ListTableSource {
  dataset: Dataset;
  /** Each list's records as exported, by list name. */
  raw: Readonly<Record<string, readonly RawRecord[]>>;
}

/** What a facet counts: each value of a column, or each key of a keyed column. */
type FacetSource = ReturnType<typeof facetsOf> extends ReadonlyMap<string, infer S> ? S : never;

const hasOwn = (object: object | undefined, key: string) =>
  object !== undefined && Object.hasOwn(object, key);

/** A record's value under a sort key, as the README defines it; undefined when it has none. */
export function valueOf(record: RawRecord, key: string): string | number | undefined {
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
export function ordered(records: readonly RawRecord[], sort: string, language: string): string[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
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

/** Ids in list order: code-unit order. */
export const idsOf = (records: readonly RawRecord[]) =>
  records.map((record) => record.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The stat key most of `records` have: the one the rows range over and sort by. */
export function commonStat(records: readonly RawRecord[]): string | undefined {
  const counts = new Map<string, number>();
  for (const record of records)
    for (const key of new Set(record.stats?.map((entry) => entry.stat)))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The first page of `expected`, `limit` to a page: its ids, total and whether a cursor follows. */
export function expectFirstPage(expected: string[], limit: number, version?: string) {
  return (reply: Reply) => {
    expectJsonHeaders(reply, version);
    expectPolicyHeaders(reply);
    const body = reply.json<ListBody>();
    expect(body.data.map((record) => record.id)).toEqual(expected.slice(0, limit));
    expect(body.meta.total).toBe(expected.length);
    expect('cursor' in body.meta).toBe(expected.length > limit);
  };
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
function facetValues(record: RawRecord, source: FacetSource): Array<string | number | boolean> {
  if (source.kind === 'keys') return [...new Set(record.stats?.map((entry) => entry.stat))];
  const value = record[source.field];
  if (source.absent === false) return [value === true];
  if (value === undefined || value === null) return [];
  return [typeof value === 'string' ? value.toLowerCase() : (value as number)];
}

/** The table of one list. */
class ListRows {
  readonly records: readonly RawRecord[];
  readonly name: string;
  /** The version every answer is of. */
  readonly version: string;

  constructor(
    readonly descriptor: ListDescriptor,
    readonly source: ListTableSource,
    /** The stat key the rows sort by. */
    readonly stat: string | undefined,
  ) {
    this.name = descriptor.name;
    this.version = source.dataset.meta.version;
    const records = source.raw[this.name];
    if (!records) throw new Error(`the list table has no export of ${this.name}`);
    this.records = records;
  }

  /** Its first page, its pages walked, a record, its 404, `ids`, its bulk file and its count. */
  basics(): HttpCase[] {
    const { name, records, descriptor } = this;
    const ids = idsOf(records);
    const first = ids[0] as string;
    const collection = this.source.dataset.lists[name];
    // Three pages or so, at most 200 to a page: cursors walked, in few requests.
    const limit = Math.min(200, Math.max(2, Math.ceil(ids.length / 3)));
    return [
      {
        name: `${name}: first page, walked page by page`,
        request: { path: `/v1/${name}?limit=${limit}` },
        status: 200,
        check: expectPage(ids, limit, this.version),
        walk: (walked) => expect(walked).toEqual(ids),
      },
      {
        name: `${name}/{id}: the record as served in every answer`,
        request: { path: `/v1/${name}/${first}` },
        status: 200,
        check: (reply) => expect(reply.json()).toEqual({ data: collection?.get(first) }),
      },
      {
        name: `${name}/{id}: the 404 names one ${descriptor.noun}`,
        request: { path: `/v1/${name}/nope` },
        status: 404,
        check: (reply) => {
          expectError('not_found', this.version)(reply);
          expect(reply.json<{ error: { message: string } }>().error.message).toBe(
            `No ${descriptor.noun} with id "nope".`,
          );
        },
      },
      {
        name: `${name}: ids`,
        request: { path: `/v1/${name}?ids=${ids.slice(0, 2).join(',')}` },
        status: 200,
        check: (reply) =>
          expect(reply.json<ListBody>().data.map((record) => record.id)).toEqual(ids.slice(0, 2)),
      },
      {
        name: `bulk/${name}.json: every record, compressed as asked`,
        request: { path: `/v1/bulk/${name}.json`, headers: { 'accept-encoding': 'gzip' } },
        status: 200,
        check: (reply) =>
          expect(decodeReply(reply).json()).toEqual(ids.map((id) => collection?.get(id))),
      },
    ];
  }

  sorts(): HttpCase[] {
    const { name, records, stat } = this;
    const known = new Set(sortKeys(this.descriptor, this.source.dataset).keys());
    const keys = [...known].filter(
      (key) => !/^(stat|roll)\./.test(key) || key.split('.')[1] === stat,
    );
    const sorts = [
      ...keys.flatMap((key) => [key, `-${key}`]),
      '-rarity,name',
      `-stat.${stat}`,
      `roll.${stat}.max,-rarity`,
    ];
    return [...new Set(sorts)]
      .filter((sort) => sort.split(',').every((key) => known.has(key.replace(/^-/, ''))))
      .map((sort) => {
        const expected = ordered(records, sort, this.source.dataset.language);
        return {
          name: `${name}: sort=${sort}, walked page by page`,
          request: { path: `/v1/${name}?sort=${sort}&limit=97` },
          status: 200,
          check: expectFirstPage(expected, 97, this.version),
          walk: (ids) => expect(ids).toEqual(expected),
        };
      });
  }

  /**
   * A row per value of each boolean filter, and one per other filter of a column (its most common
   * value, in capitals: text is matched ignoring case).
   */
  filters(): HttpCase[] {
    const { name, records } = this;
    return this.descriptor.fields.flatMap((entry): HttpCase[] => {
      const source = entry.facet?.source;
      if (!entry.filter || source?.kind !== 'column' || entry.field === 'rarity') return [];
      const param = entry.filter.param;
      const values: Array<[string, (record: RawRecord) => boolean]> =
        source.absent === false
          ? [
              ['true', (record) => record[param] === true],
              ['false', (record) => record[param] !== true],
            ]
          : (() => {
              const common = counted(records.flatMap((record) => facetValues(record, source)))[0];
              const value = String(common?.value ?? 'none');
              return [
                [value.toUpperCase(), (record) => String(record[param]).toLowerCase() === value],
              ];
            })();
      return values.map(([value, matches]) => ({
        name: `${name}: ${param}=${value}`,
        request: { path: `/v1/${name}?${param}=${value}&limit=200` },
        status: 200,
        check: expectFirstPage(idsOf(records.filter(matches)), 200, this.version),
      }));
    });
  }

  /** Every facet counted over the list, and over the matches of `query` where one is given. */
  facets(filtered: ReadonlyArray<[query: string, matches: (record: RawRecord) => boolean]>) {
    const { name } = this;
    const facets = [...facetsOf(this.descriptor)];
    return [['', () => true] as const, ...filtered].map(([query, matches]): HttpCase => {
      const records = this.records.filter(matches);
      return {
        name: `facets/${name}${query ? `?${query}` : ''}: every facet, counted over the matches`,
        request: { path: `/v1/facets/${name}${query ? `?${query}` : ''}` },
        status: 200,
        check: (reply: Reply) => {
          expectJsonHeaders(reply, this.version);
          expectPolicyHeaders(reply);
          expect(reply.json()).toEqual({
            data: Object.fromEntries(
              facets.map(([facet, source]) => [
                facet,
                counted(records.flatMap((record) => facetValues(record, source))),
              ]),
            ),
            meta: { total: records.length },
          });
        },
      };
    });
  }

  fields(): HttpCase[] {
    const { name, records } = this;
    const { fields } = this.descriptor;
    const required = fields.filter((entry) => entry.required).map((entry) => entry.field);
    return fields
      .filter((entry) => !entry.required)
      .map(({ field }) => ({
        name: `${name}: fields=${field}, the required fields and ${field} alone`,
        request: { path: `/v1/${name}?fields=${field}&limit=200` },
        status: 200,
        check: (reply: Reply) => {
          expectJsonHeaders(reply, this.version);
          const body = reply.json<ListBody>();
          const byId = new Map(records.map((record) => [record.id, record]));
          expect(body.data.map((record) => record.id)).toEqual(idsOf(records).slice(0, 200));
          for (const record of body.data) {
            const source = byId.get(record.id as string)!;
            // `rarityName` is not in the export: the server names the record's rarity.
            const has =
              field === 'rarityName' ? source.rarity !== undefined : source[field] !== undefined;
            const present = [...required, ...(has ? [field] : [])];
            expect(Object.keys(record).sort()).toEqual(present.sort());
            expect(record.name).toBe(source.name);
            if (field === 'roll' || field === 'slot' || field === 'icon')
              expect(record[field]).toEqual(source[field]);
          }
        },
      }));
  }
}

/** Each list of a dataset's registry, with its rows; `stat` the key sorts are tried on. */
export function listRows(source: ListTableSource, stat = commonStat(source.raw.items ?? [])) {
  return source.dataset.registry.lists.map((descriptor) => new ListRows(descriptor, source, stat));
}

/**
 * The whole table of every list a dataset serves: for a registry of lists no other table knows.
 * `meta.counts` is checked too, as each list's count and the stats'.
 */
export function listTable(source: ListTableSource): HttpCase[] {
  const lists = listRows(source);
  const counts = Object.fromEntries(
    collectionNames(source.dataset.registry).map((name) => [
      name,
      name === 'stats' ? source.dataset.stats.length : source.raw[name]?.length,
    ]),
  );
  return [
    ...lists.flatMap((list) => [
      ...list.basics(),
      ...list.sorts(),
      ...list.filters(),
      ...list.facets([]),
      ...list.fields(),
    ]),
    {
      name: 'meta: the count of every collection',
      request: { path: '/v1/meta' },
      status: 200,
      check: (reply) =>
        expect(reply.json<{ data: { counts: unknown } }>().data.counts).toEqual(counts),
    },
  ];
}
