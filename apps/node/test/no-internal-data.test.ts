import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS, createApp, sortKeys } from '@gamedata/core';
import { readRelease } from '@gamedata/server-io/release';
import { DEMO_EXPORT_DIR, publishForTest } from '@gamedata/test-support/demo';
import { languagesOf } from '@gamedata/test-support/document-languages';
import { sendInProcess } from '@gamedata/test-support/send';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/**
 * Drop rates and loot tables must never leak (README, the opening list). Copy the demo export, plant distinctive canary
 * values in every internal field (and add a few the schemas have never heard of), publish it as a
 * release, then look for them in every file of the release and in every page of every list, every
 * single record and every other endpoint served from it — and, for each endpoint that takes `lang`
 * (as the served document lists them), in every language of the release, a translated record being
 * made from the published one.
 */
const INTERNAL_FIELDS = [
  'dropRate',
  'dropChance',
  'lootTableId',
  'lootWeight',
  'lootTable',
  'devNotes',
  'devNote',
  'internalId',
  'rollWeight',
  'procTableId',
  'dungeonId',
  'dropWeight',
  'recruitWeight',
  'formula',
  'secretField',
];
const CANARY_TEXT = 'CANARY-7f3a9c';
const CANARY_NUMBER = 0.00073915;

function plant(record: Record<string, unknown>, n: number): void {
  record.dropRate = CANARY_NUMBER;
  record.dropChance = CANARY_NUMBER;
  record.lootTableId = `${CANARY_TEXT}-lt-${n}`;
  record.lootWeight = CANARY_NUMBER;
  record.lootTable = {
    id: `${CANARY_TEXT}-lt-${n}`,
    rolls: 3,
    entries: [{ itemId: 'x', weight: CANARY_NUMBER, chance: CANARY_NUMBER }],
  };
  record.devNotes = `${CANARY_TEXT} do not ship`;
  record.internalId = 987654321;
  record.dropWeight = CANARY_NUMBER;
  record.recruitWeight = CANARY_NUMBER;
  record.formula = `${CANARY_TEXT}*2`;
  record.secretField = CANARY_TEXT;
  for (const stat of (record.stats as Array<Record<string, unknown>> | undefined) ?? [])
    stat.rollWeight = CANARY_NUMBER;
  for (const effect of (record.effects as Array<Record<string, unknown>> | undefined) ?? []) {
    effect.procTableId = `${CANARY_TEXT}-pt`;
    effect.devNote = CANARY_TEXT;
  }
  if (Array.isArray(record.dungeons)) {
    record.dungeons = record.dungeons.map((d: unknown) => ({
      name: typeof d === 'string' ? d : (d as { name: string }).name,
      dungeonId: `${CANARY_TEXT}-dg`,
      dropChance: CANARY_NUMBER,
    }));
  }
}

async function canaryDataset(): Promise<string> {
  const dir = await makeTempDir('canary');
  await cp(DEMO_EXPORT_DIR, dir, {
    recursive: true,
    filter: (src) => !src.includes('tools') && !src.includes('node_modules'),
  });
  for (const file of [
    'items.json',
    'abilities.json',
    'relics.json',
    'followers.json',
    'stats.json',
  ]) {
    const records = JSON.parse(await readFile(join(dir, file), 'utf8')) as Array<
      Record<string, unknown>
    >;
    records.forEach(plant);
    await writeFile(join(dir, file), JSON.stringify(records));
  }
  return dir;
}

/**
 * The canary export as an earlier release had it: every tenth item's first stat one higher, and
 * without its first three items (added since). Published first, so that records have a history with
 * changed values in it, and a past to fetch with `at=`.
 */
async function earlierCanary(canary: string): Promise<string> {
  const dir = await makeTempDir('canary-before');
  await cp(canary, dir, { recursive: true });
  const file = join(dir, 'items.json');
  const items = JSON.parse(await readFile(file, 'utf8')) as Array<{
    id: string;
    stats?: Array<{ value: number }>;
  }>;
  items.forEach((item, n) => {
    if (n % 10 === 0 && item.stats?.[0]) item.stats[0].value += 1;
  });
  await writeFile(file, JSON.stringify(items.slice(3)));
  const added = new Set(items.slice(0, 3).map((item) => item.id));
  for (const tag of await readdir(join(dir, 'translations'))) {
    const translated = join(dir, 'translations', tag, 'items.json');
    if (!(await readdir(join(dir, 'translations', tag))).includes('items.json')) continue;
    const text = JSON.parse(await readFile(translated, 'utf8')) as Record<string, unknown>;
    for (const id of added) delete text[id];
    await writeFile(translated, JSON.stringify(text));
  }
  return dir;
}

describe('nothing internal is ever published or served', async () => {
  const canary = await canaryDataset();
  const { releasesDir } = await publishForTest(await earlierCanary(canary), {
    at: new Date(Date.now() - 3_600_000),
  });
  await publishForTest(canary, { releasesDir });
  const { dataset, dir: releaseDir } = await readRelease(releasesDir);
  const earlier = dataset.history.base;
  // Compressed files (the SQLite file's forms) are read as what they hold.
  const inflate = (name: string, bytes: Buffer) =>
    name.endsWith('.gz')
      ? gunzipSync(bytes)
      : name.endsWith('.br')
        ? brotliDecompressSync(bytes)
        : bytes;
  const releaseFiles = await Promise.all(
    (await readdir(releaseDir)).map(
      async (name) =>
        [name, inflate(name, await readFile(join(releaseDir, name))).toString('latin1')] as const,
    ),
  );
  const send = sendInProcess(createApp({ dataset, rateLimitStore: { consume: async () => 1 } }));
  const bodies: Array<[string, string]> = [];
  const get = async (path: string, headers?: Record<string, string>) => {
    const reply = await send({ path, headers });
    expect(reply.status, path).toBe(200);
    // An answer asked for in a language is in it (some records perhaps falling back to the default).
    const language =
      new URLSearchParams(path.split('?')[1]).get('lang') ?? headers?.['accept-language'];
    if (language)
      expect(reply.headers.get('content-language')?.split(', ')[0], path).toBe(language);
    bodies.push([headers ? `${path} (${JSON.stringify(headers)})` : path, reply.text]);
    return reply;
  };

  const lists = ['items', 'abilities', 'relics', 'followers'] as const;
  /** Every page of a list and every one of its records, in a language (`&lang=de`) or as asked without. */
  const readList = async (list: (typeof lists)[number], lang = '') => {
    let cursor: string | undefined;
    let pages = 0;
    do {
      const reply = await get(`/v1/${list}?limit=200${cursor ? `&cursor=${cursor}` : ''}${lang}`);
      cursor = reply.json<{ meta: { cursor?: string } }>().meta.cursor;
      pages++;
    } while (cursor && pages < 1000);
    for (const record of dataset.lists[list].records)
      await get(`/v1/${list}/${record.id}${lang.replace('&', '?')}`);
  };
  for (const list of lists) await readList(list);

  // Every language of the release, on every path that takes lang; and each language chosen by Accept-Language.
  const languages = languagesOf((await get('/v1/openapi.json')).json());
  const collections = ['items', 'abilities', 'relics', 'followers', 'stats'];
  const read = new Set([
    '/v1/stats',
    '/v1/changes',
    '/v1/bulk/{collection}.json',
    ...lists.flatMap((list) => [
      `/v1/${list}`,
      `/v1/${list}/{id}`,
      `/v1/${list}/{id}/history`,
      `/v1/facets/${list}`,
    ]),
  ]);
  // Every record's history, and every record as the earlier release served it, in every language.
  const earlierDataset = (await readRelease(releasesDir, earlier)).dataset;
  for (const tag of ['', ...languages.tags.map((tag) => `&lang=${tag}`)])
    for (const list of lists) {
      for (const record of dataset.lists[list].records)
        await get(`/v1/${list}/${record.id}/history?limit=200${tag}`);
      for (const record of earlierDataset.lists[list].records)
        await get(`/v1/${list}/${record.id}?at=${earlier}${tag}`);
    }
  // The records the later release changed, as /v1/changes carries them to a copy, in every language.
  for (const tag of ['', ...languages.tags.map((tag) => `&lang=${tag}`)]) {
    let cursor: string | undefined;
    do {
      const reply = await get(
        `/v1/changes?since=${earlier}&include=records&limit=200${tag}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      cursor = reply.json<{ meta: { cursor?: string } }>().meta.cursor;
    } while (cursor);
  }
  for (const tag of languages.tags) {
    for (const list of lists) await readList(list, `&lang=${tag}`);
    await get(`/v1/stats?lang=${tag}`);
    for (const name of collections) await get(`/v1/bulk/${name}.json?lang=${tag}`);
    for (const list of lists) await get(`/v1/facets/${list}?lang=${tag}`);
    for (const path of [
      '/v1/stats',
      `/v1/items?limit=200`,
      `/v1/items/${dataset.lists.items.records[0]?.id}`,
    ])
      await get(path, { 'accept-language': tag });
  }
  // Every sort key of each list, with every optional field, and its facets: none reaches an internal field.
  for (const list of lists) {
    const optional = COLLECTIONS[list].fields.filter((entry) => !entry.required);
    const fields = optional.map((entry) => entry.field).join(',');
    for (const key of sortKeys(COLLECTIONS[list], dataset).keys())
      await get(`/v1/${list}?sort=-${key}&fields=${fields}&limit=200`);
    await get(`/v1/${list}/${dataset.lists[list].records[0]?.id}?fields=${fields}`);
    await get(`/v1/facets/${list}`);
  }
  // Search by every name, by the planted texts (found nowhere: search reads names alone), in every language.
  const names = [...lists.flatMap((list) => dataset.lists[list].records), ...dataset.stats].map(
    (record) => record.name,
  );
  for (const name of names) await get(`/v1/search?q=${encodeURIComponent(name)}&limit=50`);
  for (const tag of languages.tags) {
    for (const name of names.slice(0, 50))
      await get(`/v1/search?q=${encodeURIComponent(name)}&limit=50&lang=${tag}`);
    for (const text of [CANARY_TEXT, `${CANARY_TEXT} do not ship`, String(CANARY_NUMBER)]) {
      const reply = await get(`/v1/search?q=${encodeURIComponent(text)}&limit=50&lang=${tag}`);
      expect(reply.json<{ data: unknown[] }>().data, text).toEqual([]);
    }
  }
  read.add('/v1/search');
  const someIds = dataset.lists.items.records
    .slice(0, 200)
    .map((item) => item.id)
    .join(',');
  const bulkFiles = collections.map((name) => `/v1/bulk/${name}.json`);
  for (const path of [
    '/v1/stats',
    '/v1/meta',
    '/v1/status',
    '/v1/languages',
    `/v1/changes?since=${dataset.history.base}`,
    '/v1/changes.atom',
    `/v1/items?ids=${someIds}&limit=200`,
    '/v1/bulk',
    ...bulkFiles,
    '/docs',
  ]) {
    await get(path);
  }
  // The bulk files as published, compressed, in every language: what a client that accepts br or gzip downloads.
  for (const [tag, files] of [
    ['', dataset.bulk!],
    ...Object.entries(dataset.translatedBulk ?? {}),
  ] as const) {
    for (const name of ['items', 'abilities', 'relics', 'followers', 'stats'] as const) {
      bodies.push(
        [`${name}.json ${tag} (br)`, brotliDecompressSync(files[name]!.br).toString()],
        [`${name}.json ${tag} (gzip)`, gunzipSync(files[name]!.gzip).toString()],
      );
    }
  }

  it('read every record of every collection, as published and in every language', () => {
    const records =
      dataset.lists.items.records.length +
      dataset.lists.abilities.records.length +
      dataset.lists.relics.records.length +
      dataset.lists.followers.records.length;
    const singles = (lang: string) =>
      bodies.filter(([path]) => new RegExp(`^/v1/(?!bulk|facets)\\w+/[^?\\s]+${lang}$`).test(path))
        .length;
    expect(singles('')).toBe(records);
    expect(records).toBeGreaterThan(1000);
    expect(languages.tags).toEqual([dataset.language, ...Object.keys(dataset.translations)]);
    expect(languages.tags.length).toBeGreaterThan(1);
    for (const tag of languages.tags) expect(singles(`\\?lang=${tag}`), tag).toBe(records);
  });

  it('read every path that takes lang, in every language', () => {
    expect(
      languages.paths.map(({ template }) => template).filter((template) => !read.has(template)),
    ).toEqual([]);
  });

  it('no sort key, field or facet names an internal field: each is a 400', async () => {
    for (const list of lists) {
      for (const field of INTERNAL_FIELDS) {
        for (const path of [
          `/v1/${list}?sort=${field}`,
          `/v1/${list}?fields=${field}`,
          `/v1/${list}/${dataset.lists[list].records[0]?.id}?fields=${field}`,
          `/v1/facets/${list}?facet=${field}`,
        ])
          expect((await send({ path })).status, path).toBe(400);
      }
    }
  });

  it('no file of the release holds a canary value or an internal field name', () => {
    expect(releaseFiles.map(([name]) => name).sort()).toEqual([
      'dataset.snapshot',
      'diff.json',
      `gamedata-${dataset.meta.version}.sqlite`,
      `gamedata-${dataset.meta.version}.sqlite.br`,
      `gamedata-${dataset.meta.version}.sqlite.gz`,
      'hashes.json',
      'manifest.json',
    ]);
    for (const [name, text] of releaseFiles) {
      for (const canary of [CANARY_TEXT, String(CANARY_NUMBER), '987654321'])
        expect(text.includes(canary), `${name} holds ${canary}`).toBe(false);
      for (const field of INTERNAL_FIELDS)
        expect(text.includes(`"${field}"`), `${name} holds "${field}"`).toBe(false);
    }
  });

  it("no cell of the SQLite file, nor a table's or column's name, holds a canary value or an internal field name", () => {
    const db = new sqlite.Database(join(releaseDir, `gamedata-${dataset.meta.version}.sqlite`), {
      readOnly: true,
    });
    try {
      const tables = db.all(`SELECT name FROM sqlite_schema WHERE type = 'table'`) as Array<{
        name: string;
      }>;
      expect(tables.length).toBeGreaterThan(20);
      let cells = 0;
      const found: string[] = [];
      for (const { name } of tables) {
        if (INTERNAL_FIELDS.some((field) => name.includes(field))) found.push(`table ${name}`);
        for (const row of db.all(`SELECT * FROM "${name}"`)) {
          for (const [column, value] of Object.entries(row)) {
            if (INTERNAL_FIELDS.includes(column)) found.push(`column ${name}.${column}`);
            const text =
              value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : String(value);
            if (text.includes(CANARY_TEXT) || value === CANARY_NUMBER || value === 987654321)
              found.push(`${name}.${column}: ${text.slice(0, 80)}`);
            cells++;
          }
        }
      }
      expect(found).toEqual([]);
      expect(cells).toBeGreaterThan(10_000);
    } finally {
      db.close();
    }
  });

  it('no response holds an internal field name', () => {
    for (const [path, body] of bodies) {
      for (const field of INTERNAL_FIELDS)
        expect(body.includes(`"${field}"`), `${path} holds "${field}"`).toBe(false);
    }
  });

  it('no response holds a canary value', () => {
    for (const [path, body] of bodies) {
      expect(body.includes(CANARY_TEXT), `${path} leaks ${CANARY_TEXT}`).toBe(false);
      expect(body.includes(String(CANARY_NUMBER)), `${path} leaks ${CANARY_NUMBER}`).toBe(false);
      expect(body.includes('987654321'), `${path} leaks an internal id`).toBe(false);
    }
  });

  it('no description keeps colour markup', () => {
    for (const [path, body] of bodies)
      expect(/<\/?(?:color|size|b|i)(?:=[^>]*)?>/i.test(body), path).toBe(false);
  });
});
