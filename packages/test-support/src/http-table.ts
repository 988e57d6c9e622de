import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { collectionFile, collectionNames, generateApiKey, REGISTRY } from '@gamedata/core';
import {
  DEMO_EXPORT_DIR,
  DEMO_RELEASES_DIR,
  demo,
  readExport,
  REVOKED_KEY,
  TEST_KEY,
} from './demo.js';
import {
  expectedChange,
  readManifest,
  sortedChanges,
  type ManifestHashes,
  type SortedChange,
} from './manifest-changes.js';
import type { HttpCase } from './http-case.js';
import { languageCases } from './http-table-languages.js';
import { queryCases } from './http-table-queries.js';
import { searchCases } from './http-table-search.js';
import { decodeReply, type Outgoing, type Reply, type Send } from './send.js';
import {
  expectError,
  expectJsonHeaders,
  expectPage,
  expectPolicyHeaders,
  type ListBody,
} from './http-expect.js';
import { expectDescribedByOpenApi } from './served-openapi.js';

const UNKNOWN_KEY = generateApiKey();

export type { HttpCase } from './http-case.js';

type RawItem = {
  id: string;
  name: string;
  slot?: string;
  subtype?: string;
  rarity: number;
  cosmetic?: boolean;
};
/** Each collection's records as the export gives them, by name, in the registry's order. */
const rawRecords: Record<string, unknown[]> = Object.fromEntries(
  await Promise.all(
    collectionNames(REGISTRY).map(async (name) => [name, await readExport(collectionFile(name))]),
  ),
);
const rawCounts = Object.fromEntries(
  Object.entries(rawRecords).map(([name, records]) => [name, records.length]),
);
const rawItems = rawRecords.items as RawItem[];
const rawAbilities = rawRecords.abilities as Array<{ id: string; name: string; category?: string }>;
const rawRelics = rawRecords.relics as Array<{ id: string; rarity?: number }>;
const rawFollowers = rawRecords.followers as Array<{ id: string; rarity?: number }>;
const rawStats = rawRecords.stats as Array<{ key: string }>;

const version = demo.meta.version;

/**
 * What each demo release changed, worked out from the per-record and per-sprite hashes in the
 * releases' manifests rather than from the history the server reads, oldest first.
 */
const releaseManifests = await Promise.all(
  ['2026-11-20.1', '2026-11-21.1', '2026-11-22.1'].map((v) => readManifest(DEMO_RELEASES_DIR, v)),
);
const expectedChanges = releaseManifests
  .slice(1)
  .map((after, i) => expectedChange(releaseManifests[i] as ManifestHashes, after));
type ChangesBody = { data: SortedChange[]; meta: { total: number; count: number } };
/** The current release's SQLite file as published, and what its manifest records of it. */
const sqliteName = `gamedata-${version}.sqlite`;
const sqliteBytes = await readFile(join(DEMO_RELEASES_DIR, version, sqliteName));
const sqliteEntry = (
  JSON.parse(await readFile(join(DEMO_RELEASES_DIR, version, 'manifest.json'), 'utf8')) as {
    sqlite: { file: string; bytes: number; sha256: string; schema: number };
  }
).sqlite;
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sampleItem = rawItems.find((i) => i.rarity === 4) ?? (rawItems[0] as RawItem);
const sampleIcon = demo.lists.items.records.find((i) => i.icon)?.icon as string;
const sampleCategory = rawAbilities.find((a) => a.category)?.category as string;
const sampleSubtype = rawItems.find((i) => i.subtype)?.subtype as string;
const ids = (records: ReadonlyArray<{ id: string }>) => records.map((r) => r.id).sort();
/** Three item ids in list order, and the head items' ids (at least three). */
const idsSample = ids(rawItems)
  .filter((_, i) => i % 97 === 5)
  .slice(0, 3);
const headIds = ids(rawItems.filter((i) => i.slot === 'head')).slice(0, 3);

const items = (filter: (item: RawItem) => boolean) => ids(rawItems.filter(filter));
const lower = (value: string | undefined) => value?.toLowerCase();

const badRequests: Array<[string, string]> = [
  ['limit=0', 'limit 0'],
  ['limit=-1', 'negative limit'],
  ['limit=1.5', 'decimal limit'],
  ['limit=abc', 'non-numeric limit'],
  ['limit=1e2', 'exponent limit'],
  ['limit=5&limit=6', 'repeated limit'],
  ['rarity=mythic', 'unknown rarity name'],
  ['rarity=99', 'rarity off the scale'],
  ['rarity=-1', 'negative rarity'],
  ['cosmetic=yes', 'cosmetic neither true nor false'],
  ['cosmetic=TRUE', 'cosmetic in capitals'],
  ['slot=head&slot=chest', 'repeated slot'],
  ['cursor=garbage', 'malformed cursor'],
  ['cursor=..%2F..%2Fetc%2Fpasswd', 'cursor with a path'],
  [`q=${'x'.repeat(101)}`, 'q over 100 characters'],
  ['ids=a,,b', 'ids with an empty entry'],
  ['ids=a%20b', 'ids with a space'],
  [`ids=${Array.from({ length: 201 }, (_, i) => `id-${i}`).join(',')}`, 'more than 200 ids'],
  ['ids=a&ids=b', 'repeated ids'],
];

/**
 * What a list page varies on without `lang`: Accept-Encoding, the key, and Accept-Language, which
 * picks its language among the demo's.
 */
const NEGOTIATED_VARY = 'accept-encoding, authorization, accept-language';

/**
 * A reply sent in `coding` (undefined: uncompressed), and what it varies on: a list page by
 * Accept-Encoding, the key and Accept-Language, an error by the key alone, a sprite by neither.
 */
function expectCoding(coding: 'br' | 'gzip' | undefined, vary: string | null = NEGOTIATED_VARY) {
  return (reply: Reply) => {
    expect(reply.headers.get('content-encoding')).toBe(coding ?? null);
    expect(reply.headers.get('vary')).toBe(vary);
  };
}

/** A compressed 200-item page: the coding, and the page it decompresses to. */
function expectCompressedPage(coding: 'br' | 'gzip') {
  return (reply: Reply) => {
    expectCoding(coding)(reply);
    expect(reply.bytes.length).toBeLessThan(decodeReply(reply).bytes.length / 4);
    expectPage(ids(rawItems), 200)(decodeReply(reply));
  };
}

/** Every coding, q-values, identity, a client that accepts neither, HEAD, 304, HTML, PNG and errors. */
function compressionCases(): HttpCase[] {
  const page = '/v1/items?limit=200';
  const asking = (acceptEncoding: string, path = page, method = 'GET') => ({
    method,
    path,
    headers: { 'accept-encoding': acceptEncoding },
  });
  return [
    {
      name: 'Accept-Encoding: br compresses a page with br',
      request: asking('br'),
      status: 200,
      check: expectCompressedPage('br'),
    },
    {
      name: 'Accept-Encoding: gzip compresses a page with gzip',
      request: asking('gzip'),
      status: 200,
      check: expectCompressedPage('gzip'),
    },
    {
      name: "a browser's Accept-Encoding gets br",
      request: asking('gzip, deflate, br, zstd'),
      status: 200,
      check: expectCompressedPage('br'),
    },
    {
      name: 'q-values are honoured: br;q=0.5, gzip gets gzip',
      request: asking('br;q=0.5, gzip'),
      status: 200,
      check: expectCompressedPage('gzip'),
    },
    {
      name: 'without Accept-Encoding the page is sent as it is',
      request: { path: page },
      status: 200,
      check: expectCoding(undefined),
    },
    {
      name: 'Accept-Encoding: identity is respected',
      request: asking('identity'),
      status: 200,
      check: expectCoding(undefined),
    },
    {
      name: 'a client that accepts neither br nor gzip gets identity',
      request: asking('deflate, compress'),
      status: 200,
      check: expectCoding(undefined),
    },
    {
      name: 'br;q=0, gzip;q=0 gets identity',
      request: asking('br;q=0, gzip;q=0'),
      status: 200,
      check: expectCoding(undefined),
    },
    {
      name: 'HEAD with Accept-Encoding: br has the coding and no body',
      request: asking('br', page, 'HEAD'),
      status: 200,
      check: (r) => {
        expectCoding('br')(r);
        expect(r.bytes.length).toBe(0);
      },
    },
    {
      name: 'a 304 to a client asking for br has no coding, and keeps vary',
      request: asking('br', '/v1/items?limit=20'),
      revalidate: true,
      status: 304,
      check: (r) => {
        expectCoding(undefined)(r);
        expect(r.bytes.length).toBe(0);
      },
    },
    {
      name: '/docs is compressed too, and is the same page in every language',
      request: asking('br', '/docs'),
      status: 200,
      check: (r) => {
        expect(decodeReply(r).text).toMatch(/^<!doctype html>/i);
        expectCoding('br', 'accept-encoding, authorization')(r);
      },
    },
    {
      name: '/v1/openapi.json is compressed too',
      request: asking('gzip', '/v1/openapi.json'),
      status: 200,
      check: (r) => expect(decodeReply(r).json<{ openapi: string }>().openapi).toBe('3.1.0'),
    },
    {
      name: 'a sprite is never recompressed',
      request: asking('br, gzip', `/v1/img/${sampleIcon}.png`),
      status: 200,
      check: expectCoding(undefined, null),
    },
    // Its language was negotiated from Accept-Language (none sent: the default), so it varies on it too.
    {
      name: 'an error is sent as it is',
      request: asking('br', '/v1/items/nope'),
      status: 404,
      check: expectCoding(undefined, 'authorization, accept-language'),
    },
  ];
}

/**
 * Text as a client that writes it in UTF-8 puts it in a header: its bytes, one Latin-1 character
 * each, which is what Node's client sends and its parser reads back. The Lambda events carry the
 * text those bytes encode, as AWS's services do.
 */
const onTheWire = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

export const HTTP_TABLE: HttpCase[] = [
  ...languageCases(),
  ...queryCases(),
  ...searchCases(),
  {
    name: 'GET / redirects to /docs',
    request: { path: '/' },
    status: 302,
    check: (r) => {
      expect(r.headers.get('location')).toBe('/docs');
      expectPolicyHeaders(r);
    },
  },
  {
    name: 'GET /docs is a self-contained HTML reference',
    request: { path: '/docs' },
    status: 200,
    check: (r) => {
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/,
      );
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      for (const path of [
        '/v1/items',
        '/v1/items/{id}',
        '/v1/abilities',
        '/v1/relics',
        '/v1/followers',
        '/v1/stats',
        '/v1/meta',
        '/v1/status',
        '/v1/changes',
        '/v1/changes.atom',
        '/v1/bulk',
        '/v1/bulk/{collection}.json',
        '/v1/img/{spriteId}.png',
      ]) {
        expect(r.text).toContain(`GET ${path}`);
      }
      expect(r.text).toContain('cross-origin-resource-policy: cross-origin');
      // The deprecation policy, where every rel="deprecation" link points.
      expect(r.text).toContain('<section id="deprecations">');
      expect(r.text).not.toMatch(/<script|https?:\/\//);
      expectPolicyHeaders(r);
    },
  },
  {
    name: 'GET /v1/openapi.json is an OpenAPI 3.1 document',
    request: { path: '/v1/openapi.json' },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      const doc = r.json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/v1/items', '/v1/items/{id}', '/v1/img/{spriteId}.png']),
      );
    },
  },
  {
    name: 'items: first page of 50, ordered by id',
    request: { path: '/v1/items' },
    status: 200,
    check: expectPage(ids(rawItems)),
  },
  {
    name: 'items: limit=7',
    request: { path: '/v1/items?limit=7' },
    status: 200,
    check: expectPage(ids(rawItems), 7),
  },
  {
    name: 'items: limit=200',
    request: { path: '/v1/items?limit=200' },
    status: 200,
    check: expectPage(ids(rawItems), 200),
  },
  {
    name: 'items: limit=5000 is clamped to 200',
    request: { path: '/v1/items?limit=5000' },
    status: 200,
    check: expectPage(ids(rawItems), 200),
  },
  {
    name: 'items: limit=007 is 7',
    request: { path: '/v1/items?limit=007' },
    status: 200,
    check: expectPage(ids(rawItems), 7),
  },
  {
    name: 'items: empty parameters count as absent',
    request: { path: '/v1/items?slot=&limit=&cursor=' },
    status: 200,
    check: expectPage(ids(rawItems)),
  },
  {
    name: 'items: unknown parameters are ignored',
    request: { path: '/v1/items?colour=red&order=name' },
    status: 200,
    check: expectPage(ids(rawItems)),
  },
  {
    name: 'items: slot, case-insensitive',
    request: { path: '/v1/items?slot=HEAD&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => lower(i.slot) === 'head'),
      200,
    ),
  },
  {
    name: 'items: rarity by name',
    request: { path: '/v1/items?rarity=legendary&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => i.rarity === 4),
      200,
    ),
  },
  {
    name: 'items: rarity by name, any case',
    request: { path: '/v1/items?rarity=LeGeNdArY&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => i.rarity === 4),
      200,
    ),
  },
  {
    name: 'items: rarity by number',
    request: { path: '/v1/items?rarity=0&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => i.rarity === 0),
      200,
    ),
  },
  {
    name: 'items: subtype, case-insensitive',
    request: { path: `/v1/items?subtype=${sampleSubtype.toUpperCase()}&limit=200` },
    status: 200,
    check: expectPage(
      items((i) => lower(i.subtype) === lower(sampleSubtype)),
      200,
    ),
  },
  {
    name: 'items: cosmetic=true',
    request: { path: '/v1/items?cosmetic=true&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => i.cosmetic === true),
      200,
    ),
  },
  {
    name: 'items: cosmetic=false includes items without the field',
    request: { path: '/v1/items?cosmetic=false&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => i.cosmetic !== true),
      200,
    ),
  },
  {
    name: 'items: q is a case-insensitive substring of the name',
    request: { path: '/v1/items?q=SWORD&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => i.name.toLowerCase().includes('sword')),
      200,
    ),
  },
  {
    name: 'items: q with no match is an empty page',
    request: { path: '/v1/items?q=zzzzqqq' },
    status: 200,
    check: expectPage([]),
  },
  {
    name: 'items: an unknown slot matches nothing',
    request: { path: '/v1/items?slot=tail' },
    status: 200,
    check: expectPage([]),
  },
  {
    name: 'items: filters combine with AND',
    request: { path: '/v1/items?slot=mainhand&rarity=4&cosmetic=false&limit=200' },
    status: 200,
    check: expectPage(
      items((i) => lower(i.slot) === 'mainhand' && i.rarity === 4 && i.cosmetic !== true),
      200,
    ),
  },
  ...badRequests.map(([query, what]): HttpCase => ({
    name: `items: ${what} is 400`,
    request: { path: `/v1/items?${query}` },
    status: 400,
    check: expectError('bad_request'),
  })),
  {
    name: 'items/{id}: one public item',
    request: { path: `/v1/items/${sampleItem.id}` },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      expectPolicyHeaders(r);
      const { data } = r.json<{ data: Record<string, unknown> }>();
      expect(data).toEqual(demo.lists.items.get(sampleItem.id));
      expect(data.rarityName).toBe('legendary');
    },
  },
  {
    name: 'items/{id}: unknown id is 404',
    request: { path: '/v1/items/no-such-item' },
    status: 404,
    check: expectError('not_found'),
  },
  {
    name: 'items/{id}: encoded traversal is 404',
    request: { path: '/v1/items/..%2F..%2Fpackage.json' },
    status: 404,
    check: expectError('not_found'),
  },
  {
    name: 'abilities: category, case-insensitive',
    request: { path: `/v1/abilities?category=${sampleCategory.toUpperCase()}&limit=200` },
    status: 200,
    check: expectPage(
      ids(rawAbilities.filter((a) => lower(a.category) === lower(sampleCategory))),
      200,
    ),
  },
  {
    name: 'abilities: q',
    request: { path: '/v1/abilities?q=a&limit=200' },
    status: 200,
    check: expectPage(ids(rawAbilities.filter((a) => a.name.toLowerCase().includes('a'))), 200),
  },
  {
    name: 'relics: rarity=epic',
    request: { path: '/v1/relics?rarity=epic&limit=200' },
    status: 200,
    check: expectPage(ids(rawRelics.filter((r) => r.rarity === 3)), 200),
  },
  {
    name: 'relics: bad rarity is 400',
    request: { path: '/v1/relics?rarity=shiny' },
    status: 400,
    check: expectError('bad_request'),
  },
  {
    name: 'followers: rarity=2',
    request: { path: '/v1/followers?rarity=2&limit=200' },
    status: 200,
    check: expectPage(ids(rawFollowers.filter((f) => f.rarity === 2)), 200),
  },
  {
    name: 'stats: the whole vocabulary, unpaginated, with meta',
    request: { path: '/v1/stats?limit=1' },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      const body = r.json<ListBody>();
      expect(body.data.map((s) => s.key).sort()).toEqual(rawStats.map((s) => s.key).sort());
      expect(body.meta).toEqual({ total: rawStats.length, count: rawStats.length });
    },
  },
  {
    name: 'meta: version, published, counts computed at load',
    request: { path: '/v1/meta' },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      const { data } = r.json<{ data: { version: string; counts: Record<string, number> } }>();
      expect(data.version).toBe(version);
      expect(data.counts).toEqual(rawCounts);
    },
  },
  {
    name: 'status: the version served and when it was published, the versions since accepts, how limits are counted, the start',
    request: { path: '/v1/status' },
    instanceBound: true,
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      expectPolicyHeaders(r);
      expect(r.headers.get('cache-control')).toBe('public, max-age=5');
      const { data } = r.json<{ data: Record<string, unknown> }>();
      expect(Object.keys(data)).toEqual([
        'version',
        'published',
        'sinceVersions',
        'rateLimits',
        'started',
      ]);
      expect(data).toMatchObject({
        version,
        published: demo.meta.published,
        sinceVersions: releaseManifests.length,
        rateLimits: 'per-instance',
      });
      // Started before this request, and not long before: each run starts its own server.
      const started = Date.parse(data.started as string);
      expect(new Date(started).toISOString()).toBe(data.started);
      expect(started).toBeLessThanOrEqual(Date.now());
      expect(started).toBeGreaterThan(Date.now() - 10 * 60_000);
    },
  },
  {
    name: 'status: If-None-Match is 304, cacheable for a few seconds',
    request: { path: '/v1/status' },
    instanceBound: true,
    revalidate: true,
    status: 304,
    check: (r) => expect(r.headers.get('cache-control')).toBe('public, max-age=5'),
  },
  {
    name: 'status: HEAD has the headers and no body',
    request: { method: 'HEAD', path: '/v1/status' },
    instanceBound: true,
    status: 200,
    check: (r) =>
      expect([r.headers.get('cache-control'), r.text]).toEqual(['public, max-age=5', '']),
  },
  {
    name: 'items: ids gives those records in list order, skipping ids that do not exist',
    request: {
      path: `/v1/items?ids=${idsSample[2]},nope,${idsSample[0]},${idsSample[1]},${idsSample[0]}`,
    },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      const body = r.json<ListBody>();
      expect(body.data.map((i) => i.id)).toEqual(idsSample);
      expect(body.meta).toEqual({ total: 3, count: 3 });
    },
  },
  {
    name: 'items: ids combine with filters and page like any list',
    request: {
      path: `/v1/items?ids=${headIds.join(',')},${idsSample.join(',')}&slot=head&limit=2`,
    },
    status: 200,
    check: (r) => {
      const body = r.json<ListBody>();
      expect(body.data.map((i) => i.id)).toEqual(headIds.slice(0, 2));
      expect(body.meta.total).toBe(headIds.length);
      expect(body.meta.cursor).toEqual(expect.any(String));
    },
  },
  {
    name: "bulk: every collection's file with its version, count, size, SHA-256 and a versioned URL, the default language's first",
    request: { path: '/v1/bulk' },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      const body = r.json<{
        data: Array<{
          collection: string;
          language: string;
          version: string;
          count: number;
          bytes: number;
          sha256: string;
          url: string;
        }>;
        meta: unknown;
      }>();
      expect(
        body.data
          .slice(0, 5)
          .map(({ collection, language, version: v, count, url }) => [
            collection,
            language,
            v,
            count,
            url,
          ]),
      ).toEqual(
        Object.entries(rawCounts).map(([collection, count]) => [
          collection,
          'en',
          version,
          count,
          `/v1/bulk/${collection}.json?version=${version}`,
        ]),
      );
      for (const entry of body.data) expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
      // Then each translated language's five (http-table-languages.ts holds them).
      expect(body.meta).toEqual({ total: body.data.length, count: body.data.length });
    },
  },
  {
    name: 'bulk: a file is every public record as one JSON array, strong SHA-256 etag, JSON lifetime without a version',
    request: { path: '/v1/bulk/items.json' },
    status: 200,
    check: (r) => {
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.headers.get('x-dataset-version')).toBe(version);
      expect(r.headers.get('cache-control')).toBe('public, max-age=300');
      expect(r.headers.get('vary')).toBe('accept-encoding, authorization');
      expect(r.headers.get('content-encoding')).toBeNull();
      expect(r.headers.get('etag')).toBe(`"${createHash('sha256').update(r.bytes).digest('hex')}"`);
      expect(r.json<Array<{ id: string }>>().map((item) => item.id)).toEqual(ids(rawItems));
      expectPolicyHeaders(r);
    },
  },
  {
    name: 'bulk: asked for with its version, cached for a year',
    request: { path: `/v1/bulk/stats.json?version=${version}` },
    status: 200,
    check: (r) => {
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(
        r
          .json<Array<{ key: string }>>()
          .map((stat) => stat.key)
          .sort(),
      ).toEqual(rawStats.map((stat) => stat.key).sort());
    },
  },
  ...(['br', 'gzip'] as const).map((coding): HttpCase => ({
    name: `bulk: Accept-Encoding ${coding} gets the file compressed, the same records and etag`,
    request: { path: '/v1/bulk/abilities.json', headers: { 'accept-encoding': coding } },
    status: 200,
    check: (r) => {
      expect(r.headers.get('content-encoding')).toBe(coding);
      const decoded = decodeReply(r);
      expect(r.bytes.length).toBeLessThan(decoded.bytes.length / 3);
      expect(r.headers.get('etag')).toBe(
        `"${createHash('sha256').update(decoded.bytes).digest('hex')}"`,
      );
      expect(decoded.json<Array<{ id: string }>>().map((ability) => ability.id)).toEqual(
        ids(rawAbilities),
      );
    },
  })),
  {
    name: 'bulk: If-None-Match is 304',
    request: { path: '/v1/bulk/relics.json' },
    revalidate: true,
    status: 304,
  },
  ...(
    [
      [
        '/v1/bulk/items.json?version=2026-11-21.1',
        'No bulk file of version 2026-11-21.1; those of the current version, 2026-11-22.1, are listed at /v1/bulk.',
      ],
      ['/v1/bulk/loot.json', 'No bulk file "loot.json"; the bulk files are listed at /v1/bulk.'],
      ['/v1/bulk/items', 'No bulk file "items"; the bulk files are listed at /v1/bulk.'],
    ] as const
  ).map(([path, message]): HttpCase => ({
    name: `bulk: ${path} is 404`,
    request: { path },
    status: 404,
    check: (r) => {
      expectError('not_found')(r);
      expect(r.json<{ error: { message: string } }>().error.message).toBe(message);
    },
  })),
  ...sqliteCases(),
  {
    name: 'changes: since the oldest known release, every release after it with the ids each added, changed and removed',
    request: { path: `/v1/changes?since=${releaseManifests[0]?.version}` },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      const body = r.json<ChangesBody>();
      expect(body.meta).toEqual({ total: 2, count: 2 });
      expect(sortedChanges(body)).toEqual(expectedChanges);
      expect(expectedChanges[1]?.collections.items?.changed.length).toBeGreaterThan(0);
      // The first patch added a sprite: the feed lists it, as the manifests do.
      expect(expectedChanges[0]?.sprites.added.length).toBeGreaterThan(0);
      // Each patch changed German and French text and left Spanish as it was: listed per language.
      for (const change of expectedChanges)
        expect(Object.keys(change.translations)).toEqual(['de', 'fr']);
      expect(
        expectedChanges[0]?.translations.de?.collections.abilities?.changed.length,
      ).toBeGreaterThan(0);
    },
  },
  {
    name: 'changes: since the release before, only the current one',
    request: { path: '/v1/changes?since=2026-11-21.1' },
    status: 200,
    check: (r) => expect(sortedChanges(r.json<ChangesBody>())).toEqual(expectedChanges.slice(1)),
  },
  {
    name: 'changes: since the current version, an empty list',
    request: { path: `/v1/changes?since=${version}` },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      expect(r.json<ChangesBody>()).toEqual({ data: [], meta: { total: 0, count: 0 } });
    },
  },
  {
    name: 'changes: If-None-Match is 304',
    request: { path: '/v1/changes?since=2026-11-20.1' },
    revalidate: true,
    status: 304,
  },
  {
    name: 'changes.atom: an Atom feed with an entry per release served, newest first, linking to its changes',
    request: { path: '/v1/changes.atom' },
    status: 200,
    check: (r) => {
      expect(r.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
      expect(r.headers.get('etag')).toMatch(new RegExp(`^W/"${version}-`));
      expect(r.headers.get('cache-control')).toBe('public, max-age=300');
      expectPolicyHeaders(r);
      expect(r.text).toMatch(
        /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
      );
      const titles = [...r.text.matchAll(/<title>Release ([^<]+)<\/title>/g)].map(
        (match) => match[1],
      );
      // Every release the demo's directory served, the first included.
      expect(titles).toEqual([
        ...expectedChanges.map((change) => change.version).reverse(),
        releaseManifests[0]?.version,
      ]);
      expect(r.text).toContain(`href="changes?since=${releaseManifests[0]?.version}"`);
    },
  },
  {
    name: 'changes.atom: If-None-Match is 304',
    request: { path: '/v1/changes.atom' },
    revalidate: true,
    status: 304,
  },
  ...(
    [
      [
        '',
        'since is required: the dataset version you hold (known versions: 2026-11-20.1, 2026-11-21.1, 2026-11-22.1)',
      ],
      [
        '?since=latest',
        'since must be a dataset version, YYYY-MM-DD.n (known versions: 2026-11-20.1, 2026-11-21.1, 2026-11-22.1)',
      ],
      [
        '?since=2026-11-21.7',
        'since 2026-11-21.7 is not a dataset version this server knows (known versions: 2026-11-20.1, 2026-11-21.1, 2026-11-22.1): start again from the bulk files listed at /v1/bulk',
      ],
      [
        '?since=2026-12-01.1',
        'since 2026-12-01.1 is not a dataset version this server knows (known versions: 2026-11-20.1, 2026-11-21.1, 2026-11-22.1): start again from the bulk files listed at /v1/bulk',
      ],
      [
        '?since=2026-11-19.3',
        'since 2026-11-19.3 is older than the changes this server keeps (from 2026-11-20.1): start again from the bulk files listed at /v1/bulk',
      ],
      ['?since=2026-11-20.1&since=2026-11-21.1', 'since may be given only once'],
    ] as const
  ).map(([query, message]): HttpCase => ({
    name: `changes: ${query || 'no since'} is 400`,
    request: { path: `/v1/changes${query}` },
    status: 400,
    check: (r) => {
      expectError('bad_request')(r);
      expect(r.json<{ error: { message: string } }>().error.message).toBe(message);
    },
  })),
  {
    name: 'img: the sprite PNG, content etag, long cache, images tier',
    request: { path: `/v1/img/${sampleIcon}.png` },
    status: 200,
    check: async (r) => {
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(r.headers.get('etag')).toMatch(/^"[0-9a-z]+"$/);
      expect(r.headers.get('cache-control')).toBe('public, max-age=2592000');
      expectPolicyHeaders(r, 1200);
      expect(
        Buffer.from(r.bytes).equals(
          await readFile(join(DEMO_EXPORT_DIR, 'sprites', `${sampleIcon}.png`)),
        ),
      ).toBe(true);
    },
  },
  ...[
    'nope.png',
    `${sampleIcon}`,
    `${sampleIcon}.PNG`,
    '.env',
    '..%2F..%2Fpackage.json',
    '%2e%2e',
    '%2e%2e%2fmanifest.json',
    '..',
    'manifest.json',
  ].map((file): HttpCase => ({
    name: `img: ${file} is 404`,
    request: { path: `/v1/img/${file}` },
    status: 404,
    check: (r) => expect(r.json()).toMatchObject({ error: { code: 'not_found' } }),
  })),
  {
    name: 'unknown path is 404',
    request: { path: '/v2/items' },
    status: 404,
    check: expectError('not_found'),
  },
  {
    name: 'HEAD answers like GET without a body',
    request: { method: 'HEAD', path: '/v1/items?limit=3' },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      expectPolicyHeaders(r);
      expect(r.text).toBe('');
    },
  },
  {
    name: 'OPTIONS is a CORS preflight: 204 with methods, headers and max-age',
    request: {
      method: 'OPTIONS',
      path: '/v1/items',
      headers: {
        origin: 'https://tools.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, if-none-match',
      },
    },
    status: 204,
    check: (r) => {
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toBe(
        'authorization, if-none-match',
      );
      expect(Number(r.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(r.text).toBe('');
    },
  },
  ...['POST', 'PUT', 'PATCH', 'DELETE'].map((method): HttpCase => ({
    name: `${method} is 405 with allow`,
    request: { method, path: '/v1/items' },
    status: 405,
    check: (r) => {
      expectError('method_not_allowed')(r);
      expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    },
  })),
  {
    name: 'If-None-Match with the current etag is 304 keeping etag, cache-control, CORS and ratelimit headers',
    request: { path: '/v1/items?slot=head' },
    revalidate: true,
    status: 304,
    check: (r) => {
      expect(r.text).toBe('');
      expect(r.headers.get('etag')).toMatch(/^W\//);
      expect(r.headers.get('cache-control')).toBe('public, max-age=300');
      expect(r.headers.get('x-dataset-version')).toBe(version);
      expectPolicyHeaders(r);
    },
  },
  ...compressionCases(),
  {
    name: 'If-None-Match on a sprite is 304',
    request: { path: `/v1/img/${sampleIcon}.png` },
    revalidate: true,
    status: 304,
    check: (r) => expectPolicyHeaders(r, 1200),
  },
  {
    name: 'If-None-Match on /v1/meta is 304',
    request: { path: '/v1/meta' },
    revalidate: true,
    status: 304,
  },
  {
    name: 'a stale If-None-Match gets the full 200',
    request: { path: '/v1/meta', headers: { 'if-none-match': 'W/"2000-01-01.1-abc"' } },
    status: 200,
  },
  {
    name: 'If-None-Match: * on a 404 is still 404',
    request: { path: '/v1/items/nope', headers: { 'if-none-match': '*' } },
    status: 404,
    check: expectError('not_found'),
  },
  {
    name: 'If-None-Match: * on a 405 is still 405',
    request: { method: 'POST', path: '/v1/items', headers: { 'if-none-match': '*' } },
    status: 405,
  },
  {
    name: 'Host: an IPv6 literal with the default port is served (RFC 9110 §7.2)',
    request: { path: '/v1/meta', headers: { host: '[::1]:80' } },
    status: 200,
    check: expectJsonHeaders,
  },
  {
    name: 'header values in UTF-8 past Latin-1 are read as their bytes and change nothing: an unknown key is anonymous (60)',
    anonymous: true,
    request: {
      path: '/v1/meta',
      headers: {
        authorization: `Bearer ${onTheWire('gd_🙂_key')}`,
        'if-none-match': onTheWire('"🙂"'),
        'accept-language': onTheWire('dé, 日本語;q=0.5'),
        'accept-encoding': onTheWire('gzip🙂'),
        'x-forwarded-for': onTheWire('203.0.113.7🙂'),
        'cloudfront-viewer-address': onTheWire('🙂:443'),
        origin: onTheWire('https://🙂.example'),
      },
    },
    status: 200,
    check: (r) => {
      expectJsonHeaders(r);
      expectPolicyHeaders(r, 60);
      expect(r.headers.has('content-encoding')).toBe(false);
    },
  },
  {
    name: 'no key: anonymous tier (60)',
    request: { path: '/v1/meta' },
    anonymous: true,
    status: 200,
    check: (r) => expectPolicyHeaders(r, 60),
  },
  {
    name: 'malformed key: anonymous, not an error',
    request: { path: '/v1/meta', headers: { authorization: 'Bearer gd_not_a_real_key' } },
    anonymous: true,
    status: 200,
    check: (r) => expectPolicyHeaders(r, 60),
  },
  {
    name: 'well-formed unknown key: anonymous, not an error',
    request: { path: '/v1/meta', headers: { authorization: `Bearer ${UNKNOWN_KEY}` } },
    anonymous: true,
    status: 200,
    check: (r) => expectPolicyHeaders(r, 60),
  },
  {
    name: 'revoked key: anonymous, not an error',
    request: { path: '/v1/meta', headers: { authorization: `Bearer ${REVOKED_KEY}` } },
    anonymous: true,
    status: 200,
    check: (r) => expectPolicyHeaders(r, 60),
  },
  {
    name: 'key in ?key=: community tier (600), and deprecated: Deprecation and a Link to the policy',
    request: { path: `/v1/meta?key=${TEST_KEY}` },
    anonymous: true,
    status: 200,
    check: (r) => {
      expectPolicyHeaders(r, 600);
      expectQueryKeyDeprecation(r);
    },
  },
  {
    name: 'key in ?key=: its 304 is deprecated too',
    request: { path: `/v1/stats?key=${TEST_KEY}` },
    anonymous: true,
    revalidate: true,
    status: 304,
    check: expectQueryKeyDeprecation,
  },
  {
    name: 'key in ?key=: its 404 is deprecated too',
    request: { path: `/v1/items/nope?key=${TEST_KEY}` },
    anonymous: true,
    status: 404,
    check: (r) => {
      expectError('not_found')(r);
      expectQueryKeyDeprecation(r);
    },
  },
  {
    name: 'key in ?key= of an image: deprecated too',
    request: { path: `/v1/img/${sampleIcon}.png?key=${UNKNOWN_KEY}` },
    status: 200,
    check: expectQueryKeyDeprecation,
  },
  {
    name: 'key in ?key= beside Bearer: deprecated, as the URL still holds it',
    request: { path: `/v1/meta?key=${UNKNOWN_KEY}` },
    status: 200,
    check: expectQueryKeyDeprecation,
  },
  {
    name: 'an empty ?key= presents no key: not deprecated',
    request: { path: '/v1/meta?key=' },
    anonymous: true,
    status: 200,
    check: (r) => expectPolicyHeaders(r, 60),
  },
];

/**
 * A request that puts a key in its URL uses what is deprecated (README, "Deprecation policy"): the
 * answer says since when (RFC 9745, a structured-field date), links to the policy
 * (rel="deprecation") and sets no removal date (no Sunset) yet. Scripts on other origins may read
 * all three.
 */
function expectQueryKeyDeprecation(reply: Reply): void {
  expect(reply.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 10, 25) / 1000}`);
  expect(reply.headers.get('link')).toBe(
    '</docs#deprecations>; rel="deprecation"; type="text/html"',
  );
  expect(reply.headers.get('sunset')).toBeNull();
  const exposed = (reply.headers.get('access-control-expose-headers') ?? '').split(', ');
  for (const name of ['deprecation', 'link', 'sunset']) expect(exposed).toContain(name);
}

/** Whether a request puts a non-empty `key` in its query string: what the deprecation policy flags. */
const keyInQuery = (path: string) => /[?&]key=[^&]/.test(path);

/**
 * Runs one case with `send`, adding the test key unless the case is anonymous. Every reply is also
 * held to the OpenAPI document the server serves, so code and document cannot drift apart.
 */
export async function runCase(send: Send, testCase: HttpCase): Promise<Reply> {
  const headers: Record<string, string> = {
    ...(testCase.anonymous ? {} : { authorization: `Bearer ${TEST_KEY}` }),
    ...testCase.request.headers,
  };
  let request = { ...testCase.request, headers };
  if (testCase.revalidate) {
    const first = await send(request);
    expect(first.status).toBe(200);
    await expectDescribedByOpenApi(send, request, decodeReply(first));
    request = {
      ...request,
      headers: { ...headers, 'if-none-match': first.headers.get('etag') as string },
    };
  }
  const reply = await send(request);
  expect(reply.status, `${testCase.name}: ${reply.text.slice(0, 200)}`).toBe(testCase.status);
  // Only answers to a request with ?key= say it is deprecated; a key sent as Bearer is the way to go.
  expect(reply.headers.has('deprecation'), `${testCase.name}: deprecation`).toBe(
    keyInQuery(request.path),
  );
  expect(reply.headers.has('link'), `${testCase.name}: link`).toBe(keyInQuery(request.path));
  await expectDescribedByOpenApi(send, request, decodeReply(reply));
  await testCase.check?.(reply);
  if (testCase.walk) testCase.walk(await walkPages(send, request, reply));
  return reply;
}

/** Every record id of a list walked from `first`, its reply to `request`, by following its cursors. */
async function walkPages(send: Send, request: Outgoing, first: Reply): Promise<string[]> {
  const ids: string[] = [];
  let body = first.json<ListBody>();
  for (;;) {
    ids.push(...body.data.map((record) => record.id as string));
    const { cursor } = body.meta;
    if (cursor === undefined) return ids;
    const next = { ...request, path: `${request.path}&cursor=${encodeURIComponent(cursor)}` };
    const reply = await send(next);
    expect(reply.status, reply.text.slice(0, 200)).toBe(200);
    await expectDescribedByOpenApi(send, next, decodeReply(reply));
    body = reply.json<ListBody>();
  }
}

/** `/v1/sqlite/{file}`: the release's SQLite file, listed by `/v1/bulk`, whole, in ranges and compressed. */
function sqliteCases(): HttpCase[] {
  const versioned = `/v1/sqlite/${sqliteName}`;
  return [
    {
      name: "sqlite: /v1/bulk names the release's SQLite file: its size, SHA-256, layout and versioned URL",
      request: { path: '/v1/bulk' },
      status: 200,
      check: (r) => {
        const { sqlite } = r.json<{ sqlite: unknown }>();
        expect(sqlite).toEqual({
          file: sqliteName,
          version,
          bytes: sqliteBytes.length,
          sha256: sha256Of(sqliteBytes),
          schema: sqliteEntry.schema,
          url: versioned,
        });
        expect(sqliteEntry).toMatchObject({
          bytes: sqliteBytes.length,
          sha256: sha256Of(sqliteBytes),
        });
      },
    },
    {
      name: 'sqlite: named by its version, the file as published, to save under its name, cached for a year',
      // Compressed, as the smallest limit of a Lambda without an edge (an ALB's 1 MB) takes it too.
      request: { path: versioned, headers: { 'accept-encoding': 'br' } },
      status: 200,
      check: (r) => {
        expect(r.headers.get('content-type')).toBe('application/vnd.sqlite3');
        expect(r.headers.get('etag')).toBe(`"${sha256Of(sqliteBytes)}-br"`);
        expect(r.headers.get('accept-ranges')).toBe('bytes');
        expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${sqliteName}"`);
        expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(r.headers.get('access-control-expose-headers')).toContain('content-range');
        const decoded = decodeReply(r);
        expect(sha256Of(decoded.bytes)).toBe(sha256Of(sqliteBytes));
        expect(Buffer.from(decoded.bytes.subarray(0, 16)).toString('latin1')).toBe(
          'SQLite format 3\0',
        );
        expectPolicyHeaders(r);
      },
    },
    {
      name: "sqlite: gamedata.sqlite is the current release's, for the JSON lifetime",
      request: { path: '/v1/sqlite/gamedata.sqlite', headers: { 'accept-encoding': 'br' } },
      status: 200,
      check: (r) => {
        expect(r.headers.get('cache-control')).toBe('public, max-age=300');
        expect(r.headers.get('x-dataset-version')).toBe(version);
        expect(sha256Of(decodeReply(r).bytes)).toBe(sha256Of(sqliteBytes));
      },
    },
    ...(
      [
        ['bytes=0-15', 0, 16],
        ['bytes=4096-8191', 4096, 8192],
        ['bytes=-100', sqliteBytes.length - 100, sqliteBytes.length],
      ] as const
    ).map(([range, start, end]): HttpCase => ({
      name: `sqlite: Range ${range} is that part of the file (206), even asked for compressed`,
      request: { path: versioned, headers: { range, 'accept-encoding': 'br, gzip' } },
      status: 206,
      check: (r) => {
        expect(r.headers.get('content-range')).toBe(
          `bytes ${start}-${end - 1}/${sqliteBytes.length}`,
        );
        expect(r.headers.get('content-encoding')).toBeNull();
        expect(Buffer.from(r.bytes).equals(sqliteBytes.subarray(start, end))).toBe(true);
      },
    })),
    ...(['br', 'gzip'] as const).map((coding): HttpCase => ({
      name: `sqlite: Accept-Encoding ${coding} gets the file compressed as published, with a strong etag of its own`,
      request: { path: versioned, headers: { 'accept-encoding': coding } },
      status: 200,
      check: (r) => {
        expect(r.headers.get('content-encoding')).toBe(coding);
        expect(r.headers.get('etag')).toBe(`"${sha256Of(sqliteBytes)}-${coding}"`);
        const decoded = decodeReply(r);
        expect(r.bytes.length).toBeLessThan(decoded.bytes.length / 3);
        expect(sha256Of(decoded.bytes)).toBe(sha256Of(sqliteBytes));
      },
    })),
    ...(['br', 'gzip'] as const).map((coding): HttpCase => ({
      // A download of the compressed form, resumed: the rest of the file as it is would corrupt it.
      name: `sqlite: a Range whose If-Range is the ${coding} form's etag is ignored: that form whole, not a part of another`,
      request: {
        path: versioned,
        headers: {
          range: 'bytes=16-',
          'if-range': `"${sha256Of(sqliteBytes)}-${coding}"`,
          'accept-encoding': coding,
        },
      },
      status: 200,
      check: (r) => {
        expect(r.headers.get('content-range')).toBeNull();
        expect(r.headers.get('content-encoding')).toBe(coding);
        expect(r.headers.get('etag')).toBe(`"${sha256Of(sqliteBytes)}-${coding}"`);
        expect(Buffer.from(decodeReply(r).bytes).equals(sqliteBytes)).toBe(true);
      },
    })),
    {
      name: 'sqlite: If-None-Match is 304',
      request: { path: versioned, headers: { 'accept-encoding': 'gzip' } },
      revalidate: true,
      status: 304,
    },
    ...(
      [
        [
          '/v1/sqlite/gamedata-2026-11-21.1.sqlite',
          `No SQLite file "gamedata-2026-11-21.1.sqlite"; that of the current release, ${version}, is listed at /v1/bulk.`,
        ],
        [
          '/v1/sqlite/items.json',
          `No SQLite file "items.json"; that of the current release, ${version}, is listed at /v1/bulk.`,
        ],
      ] as const
    ).map(([path, message]): HttpCase => ({
      name: `sqlite: ${path} is 404`,
      request: { path },
      status: 404,
      check: (r) => {
        expectError('not_found')(r);
        expect(r.json<{ error: { message: string } }>().error.message).toBe(message);
      },
    })),
  ];
}
