import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, facetsOf, listFilters } from '@gamedata/core';
import { demo } from '@gamedata/test-support/demo';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { readmeShellBlock, runShell } from './support/readme-blocks.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

const README = fileURLToPath(new URL('../../../README.md', import.meta.url));

/** The README's curl examples: the shell block that starts with the legendary head items. */
const readCurlExamples = () =>
  readmeShellBlock('curl examples', (block) => block.includes('# Legendary head items'));

/** Runs a README shell block against `url`, in a fresh directory, and gives what it printed. */
async function runBlock(block: string, url: string): Promise<string> {
  // Each answer on a line of its own: curl adds no newline after a body.
  const script = `curl() { command curl "$@"; echo; }\n${block.replaceAll('http://127.0.0.1:3000', url)}`;
  const cwd = await makeTempDir('readme');
  return new Promise((resolve, reject) =>
    execFile('sh', ['-e', '-c', script], { cwd }, (error, out, err) =>
      error ? reject(new Error(`${String(error)}\n${err}`)) : resolve(out),
    ),
  );
}

// Pasted into a shell against `pnpm start`, the examples run as written; only the server's address differs.
describe("README.md's curl examples and lists", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer();
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('run as written: the revalidation gets its 304, and the German example is German', async () => {
    const script = (await readCurlExamples()).replaceAll('http://127.0.0.1:3000', server.url);
    const { code, stdout, stderr, cwd } = await runShell(script, { GAMEDATA_KEY: '' });
    expect(code, stderr).toBe(0);
    expect(stdout.match(/HTTP\/1\.1 \d{3}/g)).toEqual([
      'HTTP/1.1 200',
      'HTTP/1.1 200',
      'HTTP/1.1 304',
    ]);
    expect(stdout).not.toContain('"error"');
    expect((await readFile(`${cwd}/icon.png`)).subarray(1, 4).toString()).toBe('PNG');
    // The German example answers in German: the name the demo's German translation gives.
    const german = JSON.parse(
      await readFile(
        new URL('../../../dataset/translations/de/items.json', import.meta.url),
        'utf8',
      ),
    ) as Record<string, { name: string }>;
    expect(stdout).toContain(`"name":"${german['ashbringers-reckoning']?.name}"`);
    expect(stdout).toContain('"tag":"fr"');
  });

  it('sorting, ranges, fields and facets: the examples run as written and answer what their comments say', async () => {
    const block = await readmeShellBlock('sorting examples', (text) =>
      text.includes("# A build planner's question"),
    );
    const [planner, selected, facets] = (await runBlock(block, server.url))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    type Item = { slot: string; stats?: Array<{ stat: string; value: number }>; roll?: unknown };
    const might = (item: Item) =>
      (item.stats ?? []).filter((s) => s.stat === 'mgt').reduce((sum, s) => sum + s.value, 0);
    const items = (planner as { data: Item[] }).data;
    expect(items.length).toBe(5);
    for (const item of items) expect([item.slot, might(item) >= 10]).toEqual(['head', true]);
    expect(items.map(might)).toEqual(items.map(might).sort((a, b) => b - a));
    const slim = (selected as { data: Array<Record<string, unknown>> }).data;
    expect(slim.map((item) => item.id)).toEqual(items.map((item) => (item as { id?: string }).id));
    for (const item of slim)
      expect(
        Object.keys(item).every((key) =>
          ['id', 'name', 'rarity', 'rarityName', 'stats', 'roll'].includes(key),
        ),
      ).toBe(true);
    const counts = facets as {
      data: { slot: unknown[]; stat: unknown[] };
      meta: { total: number };
    };
    expect(Object.keys(counts.data)).toEqual(['slot', 'stat']);
    expect(counts.meta.total).toBeGreaterThan(0);
  });

  it('search: the examples run as written and answer what their comments say', async () => {
    const block = await readmeShellBlock('search examples', (text) =>
      text.includes('/v1/search?q=AMBER%20AM'),
    );
    type Hits = { data: Array<{ collection: string; id: string; name: string; match: string }> };
    const [prefix, words, typo, stats] = (await runBlock(block, server.url))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Hits);
    expect(
      prefix!.data.map((hit) => [hit.name.toLowerCase().startsWith('amber am'), hit.match]),
    ).toEqual(prefix!.data.map(() => [true, 'prefix']));
    for (const [answer, match] of [
      [words, 'words'],
      [typo, 'fuzzy'],
    ] as const)
      expect(answer!.data.find((hit) => hit.id === 'amber-amulet-of-the-fox')?.match).toBe(match);
    expect(stats!.data.length).toBeGreaterThan(0);
    for (const hit of stats!.data) expect(hit.collection).toBe('stats');
  });

  it("a record's history: the examples run as written and answer what their comments say", async () => {
    const block = await readmeShellBlock('history examples', (text) =>
      text.includes('/v1/items/bronze-partisan/history'),
    );
    type Entry = { version: string; change: string; fields: Array<Record<string, unknown>> };
    const [history, before, removed] = (await runBlock(block, server.url))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { data: unknown });
    const entries = (history!.data as Entry[]).map(({ version, change }) => [version, change]);
    expect(entries).toEqual([
      ['2026-11-22.1', 'changed'],
      ['2026-11-20.1', 'added'],
    ]);
    const [change] = (history!.data as Entry[])[0]!.fields;
    expect(change).toMatchObject({ path: 'stats[mgt].value' });
    // The release before served the value the change started from.
    const stats = (before!.data as { stats: Array<{ stat: string; value: number }> }).stats;
    expect(stats.find((stat) => stat.stat === 'mgt')?.value).toBe(change!.from);
    expect((removed!.data as Entry[]).map((entry) => entry.change)).toEqual(['removed', 'added']);
  });

  it("the API overview names each list's filters as its descriptor declares them", async () => {
    const readme = await readFile(README, 'utf8');
    for (const list of ['items', 'abilities', 'relics', 'followers'] as const) {
      const params = listFilters(COLLECTIONS[list]).map((filter) =>
        filter.describe(demo, []).style === 'deepObject' ? `${filter.param}[<key>]` : filter.param,
      );
      expect(readme).toContain(
        `${list} (filters: ${params.map((p) => `\`${p}\``).join(', ')}; \`sort\`, \`fields\`)`,
      );
      const facets = [...facetsOf(COLLECTIONS[list]).keys()];
      expect(readme).toMatch(new RegExp(`Facets.*${facets.map((f) => `\`${f}\``).join('.*')}`));
    }
  });
});
