import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { SQLITE_QUESTIONS, SQLITE_TABLES } from '@gamedata/server-io/release';
import { demo, DEMO_RELEASES_DIR } from '@gamedata/test-support/demo';
import { sendInProcess } from '@gamedata/test-support/send';
import { readmeShellBlock, runShell } from './support/readme-blocks.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';
import { privateCopy } from './support/sqlite-copy.js';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));
const version = demo.meta.version;
const file = join(DEMO_RELEASES_DIR, version, `gamedata-${version}.sqlite`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const send = sendInProcess(
  createApp({ dataset: demo, rateLimitStore: { consume: async () => 1 } }),
);

/** What the API answers `path` with, parsed: the whole answer on one page. */
async function api<T>(path: string): Promise<T> {
  const reply = await send({ path });
  expect(reply.status, path).toBe(200);
  const body = reply.json<T & { meta?: { cursor?: string } }>();
  expect(body.meta?.cursor, path).toBeUndefined();
  return body;
}

const readme = await readFile(README, 'utf8');
/** The README's SQL blocks, in order: the six questions. */
const blocks = [...readme.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] as string);

const copy = await privateCopy(file);

/** The rows a README block answers with, from the demo's file. */
function rows(index: number): Array<Record<string, unknown>> {
  const db = new sqlite.Database(copy, { readOnly: true });
  try {
    return db.all(blocks[index] as string);
  } finally {
    db.close();
  }
}

describe("README.md's SQLite file", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('is downloaded as written: the file published, under its own name', async () => {
    const block = await readmeShellBlock('the SQLite download', (text) =>
      text.includes('/v1/sqlite/gamedata.sqlite'),
    );
    const { code, stderr, cwd } = await runShell(
      block.replaceAll('http://127.0.0.1:3000', server.url),
    );
    expect(code, stderr).toBe(0);
    expect(sha256(await readFile(join(cwd, `gamedata-${version}.sqlite`)))).toBe(
      sha256(await readFile(file)),
    );
  });

  it("has the file's table of tables and six questions in SQL, as /docs has them", async () => {
    expect(blocks.map((block) => block.trimEnd())).toEqual(SQLITE_QUESTIONS.map(({ sql }) => sql));
    expect(blocks).toHaveLength(6);
    const start = readme.indexOf('### The release as a SQLite database');
    const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
    const rows = [...section.matchAll(/^\| (`.*?) +\| (.*?) +\|$/gm)].map(([, names, holds]) => [
      names,
      holds,
    ]);
    expect(rows).toEqual(SQLITE_TABLES);
    const docs = await send({ path: '/docs' });
    const html = docs.text;
    const escape = (text: string) =>
      text
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;')
        .replaceAll("'", '&#39;');
    const sqlite = html.slice(
      html.indexOf('<section id="sqlite">'),
      html.indexOf('</section>', html.indexOf('<section id="sqlite">')),
    );
    for (const { sql } of SQLITE_QUESTIONS) expect(sqlite).toContain(`<code>${escape(sql)}</code>`);
    for (const [names] of SQLITE_TABLES)
      expect(sqlite).toContain(escape(names).replaceAll(/`([^`]+)`/g, '<code>$1</code>'));
  });

  it('answers a stat range by name in German as the API does', async () => {
    const { data } = await api<{ data: Array<{ id: string; name: string }> }>(
      '/v1/items?slot=head&stat[mgt]=10..&sort=name&lang=de&fields=id,name&limit=200',
    );
    expect(data.length).toBeGreaterThan(2);
    expect(rows(0)).toEqual(data.map(({ id, name }) => ({ id, name })));
  });

  it("finds the items named with a word in any language, as the API's q finds that word", async () => {
    const named = new Set<string>();
    for (const tag of [demo.language, ...Object.keys(demo.translations)]) {
      const { data } = await api<{ data: Array<{ id: string; name: string }> }>(
        `/v1/items?q=amulet&lang=${tag}&fields=id,name&limit=200`,
      );
      // q finds a name that contains the text; the search, those with it as a word.
      for (const { id, name } of data)
        if (/(^|[^\p{L}\p{N}])amulet($|[^\p{L}\p{N}])/iu.test(name)) named.add(id);
    }
    expect(named.size).toBeGreaterThan(3);
    expect(rows(1).map((row) => row.id)).toEqual([...named].sort());
  });

  it('lists what the last release changed as /v1/changes does', async () => {
    type Changes = Record<string, { added: string[]; changed: string[]; removed: string[] }>;
    const { data } = await api<{
      data: Array<{
        version: string;
        collections: Changes;
        sprites: Changes[string];
        translations: Record<string, { collections: Changes; rarities: boolean }>;
      }>;
    }>(`/v1/changes?since=${demo.history.changes.at(-2)?.version ?? demo.history.base}`);
    expect(data.map((entry) => entry.version)).toEqual([version]);
    const entry = data[0]!;
    const flat = (changes: Changes, lang: string | null) =>
      Object.entries(changes).flatMap(([collection, ids]) =>
        (['added', 'changed', 'removed'] as const).flatMap((change) =>
          ids[change].map((id) => ({ collection, lang, change, id })),
        ),
      );
    const expected = [
      ...flat(entry.collections, null),
      ...flat({ sprites: entry.sprites }, null),
      ...Object.entries(entry.translations).flatMap(([tag, language]) => [
        ...flat(language.collections, tag),
        ...(language.rarities
          ? [{ collection: 'rarities', lang: tag, change: 'changed', id: null }]
          : []),
      ]),
    ];
    expect(expected.length).toBeGreaterThan(10);
    const key = (row: object) => JSON.stringify(row);
    expect(rows(2).map(key).sort()).toEqual(expected.map(key).sort());
  });

  it('answers a roll range as the API does', async () => {
    const { data } = await api<{
      data: Array<{ id: string; roll: Record<string, [number, number]> }>;
    }>('/v1/items?roll[mgt]=8..12&fields=id,roll&limit=200');
    expect(data.length).toBeGreaterThan(3);
    expect(rows(3)).toEqual(
      data
        .map(({ id, roll }) => ({ id, min: roll.mgt![0], max: roll.mgt![1] }))
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it('counts a facet with GROUP BY as /v1/facets does', async () => {
    const { data } = await api<{ data: { slot: Array<{ value: string; count: number }> } }>(
      '/v1/facets/items?rarity=epic..&facet=slot',
    );
    expect(data.slot.length).toBeGreaterThan(3);
    expect(rows(4)).toEqual(data.slot);
  });

  it("gives every item's effects in German as the API does", async () => {
    type Effect = Record<string, unknown>;
    const expected: Array<Record<string, unknown>> = [];
    type Page = { data: Array<{ id: string; effects?: Effect[] }>; meta: { cursor?: string } };
    let path: string | undefined = '/v1/items?lang=de&fields=id,effects&limit=200';
    while (path) {
      const body: Page = (await send({ path })).json<Page>();
      for (const { id, effects = [] } of body.data)
        for (const [position, effect] of effects.entries())
          expected.push({ item_id: id, position, ...effect });
      path = body.meta.cursor
        ? `/v1/items?lang=de&fields=id,effects&limit=200&cursor=${body.meta.cursor}`
        : undefined;
    }
    const english = new Set(
      demo.lists.items.records.flatMap((item) => item.effects ?? []).map((e) => e.label),
    );
    // Some of German's labels differ from English's: the test reads the translated text.
    expect(
      expected.filter((effect) => !english.has(effect.label as string)).length,
    ).toBeGreaterThan(5);
    const key = (row: object) => JSON.stringify(row, Object.keys(row).sort());
    expect(rows(5).map(key).sort()).toEqual(expected.map(key).sort());
  });
});
