import { expect } from 'vitest';
import { COLLECTION_NAMES, SEARCH_MAX_LIMIT } from '@gamedata/core';
import { readExport } from './demo.js';
import type { HttpCase } from './http-case.js';
import { expectError, expectJsonHeaders, expectPolicyHeaders } from './http-expect.js';
import type { Reply } from './send.js';

// `/v1/search` as rows of the HTTP table, checked against the demo export's names.

interface Hit {
  collection: string;
  id: string;
  name: string;
  match: string;
  icon?: string;
}
type Hits = { data: Hit[]; meta: { total: number; count: number } };

const items = await readExport<{ id: string; name: string; icon?: string }>('items.json');
const stats = await readExport<{ key: string; name: string }>('stats.json');
// A language's translations are an object by id, not a list.
const german = (await readExport('translations/de/items.json')) as unknown as Record<
  string,
  { name?: string }
>;
const [germanId, germanName] = Object.entries(german).flatMap(([id, { name }]) =>
  name === undefined ? [] : [[id, name] as const],
)[0]!;
const amulet = items.find((item) => item.id === 'amber-amulet-of-the-fox')!;

/** A search answer: the JSON and policy headers, `meta.count` the hits, and `check` on the hits. */
function searchRow(
  name: string,
  path: string,
  check: (hits: Hits) => void,
  headers?: Record<string, string>,
): HttpCase {
  return {
    name: `search: ${name}`,
    request: { path, ...(headers ? { headers } : {}) },
    status: 200,
    check: (reply: Reply) => {
      expectJsonHeaders(reply);
      expectPolicyHeaders(reply);
      const hits = reply.json<Hits>();
      expect(hits.meta.count).toBe(hits.data.length);
      expect(hits.meta.total).toBeGreaterThanOrEqual(hits.data.length);
      check(hits);
    },
  };
}

const q = (text: string) => `/v1/search?q=${encodeURIComponent(text)}`;

const badRequests: Array<[string, string]> = [
  ['/v1/search', 'no q'],
  ['/v1/search?q=', 'an empty q'],
  [q('a'.repeat(101)), 'a q of 101 characters'],
  ['/v1/search?q=amber&collections=spells', 'an unknown collection'],
  ['/v1/search?q=amber&limit=0', 'limit=0'],
];

/** Every row of `/v1/search`. */
export function searchCases(): HttpCase[] {
  return [
    searchRow('the whole name, upper-cased, first', q(amulet.name.toUpperCase()), ({ data }) =>
      expect(data[0]).toEqual({
        collection: 'items',
        id: amulet.id,
        name: amulet.name,
        match: 'exact',
        ...(amulet.icon ? { icon: amulet.icon } : {}),
      }),
    ),
    searchRow(
      'names that start with the text before others',
      `${q('AMBER AM')}&limit=50`,
      ({ data }) => {
        const starting = items.filter((item) => item.name.toLowerCase().startsWith('amber am'));
        expect(new Set(data.slice(0, starting.length).map((hit) => hit.id))).toEqual(
          new Set(starting.map((item) => item.id)),
        );
        expect(data.map((hit) => hit.match)).toEqual(
          data.map((_, at) =>
            at < starting.length ? 'prefix' : expect.not.stringMatching(/^(exact|prefix)$/),
          ),
        );
      },
    ),
    searchRow('words in any order', q('amulet fox'), ({ data }) =>
      expect(data.find((hit) => hit.id === amulet.id)?.match).toBe('words'),
    ),
    searchRow('a letter dropped and two swapped', q('Amber Amlet fo the Fox'), ({ data }) =>
      expect(data[0]).toMatchObject({ id: amulet.id, match: 'fuzzy' }),
    ),
    searchRow(`a German name with lang=de`, `${q(germanName)}&lang=de`, ({ data }) =>
      expect(data[0]).toMatchObject({ id: germanId, name: germanName, match: 'exact' }),
    ),
    searchRow(
      `a German name with Accept-Language: de-DE`,
      q(germanName),
      ({ data }) => expect(data[0]).toMatchObject({ id: germanId, name: germanName }),
      { 'accept-language': 'de-DE' },
    ),
    searchRow(
      'collections=relics: relics only',
      `${q('a')}&collections=relics&limit=50`,
      ({ data }) => {
        expect(data.length).toBeGreaterThan(0);
        for (const hit of data) expect(hit.collection).toBe('relics');
      },
    ),
    searchRow('a stat by its name, its key the id', q(stats[0]!.name), ({ data }) =>
      expect(data[0]).toEqual({
        collection: 'stats',
        id: stats[0]!.key,
        name: stats[0]!.name,
        match: 'exact',
      }),
    ),
    searchRow(`limit above ${SEARCH_MAX_LIMIT} clamped`, `${q('e')}&limit=5000`, ({ data }) => {
      expect(data.length).toBe(SEARCH_MAX_LIMIT);
      for (const hit of data) expect(COLLECTION_NAMES).toContain(hit.collection);
    }),
    searchRow('no match: no hits', q('zzqqxxzz'), (hits) =>
      expect(hits).toEqual({ data: [], meta: { total: 0, count: 0 } }),
    ),
    {
      name: 'search: revalidated with its etag: 304',
      request: { path: q('amulet fox') },
      revalidate: true,
      status: 304,
      check: (reply: Reply) => expectPolicyHeaders(reply),
    },
    ...badRequests.map(([path, what]): HttpCase => ({
      name: `search: ${what}: 400`,
      request: { path },
      status: 400,
      check: expectError('bad_request'),
    })),
  ];
}
