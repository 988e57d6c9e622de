import { cp, mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemoReleases, DEMO_EXPORT_DIR, DEMO_RELEASES_DIR } from '@gamedata/test-support/demo';
import { runPublishDataset } from './support/publish-command.js';
import { runToExit, runWithOpenFileLimit, spawnServer, PUBLISH_CLI } from './support/spawn.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/** After the demo's last release (2026-11-22.1), so the next version is predictable. */
const LATER = '2026-12-01T08:00:00Z';

const publish = (args: string[]) => runPublishDataset(args);

async function copyExport(): Promise<string> {
  const dir = await makeTempDir('export');
  await cp(DEMO_EXPORT_DIR, dir, {
    recursive: true,
    filter: (src) => !src.includes('tools') && !src.includes('node_modules'),
  });
  return dir;
}

/** An export record as these tests edit it. */
interface ExportRecord {
  id: string;
  name?: unknown;
  max?: number;
  stats?: Array<{ stat: string; value: number; tags: string[] }>;
  [field: string]: unknown;
}

async function editJson(
  dir: string,
  file: string,
  edit: (records: ExportRecord[]) => void,
): Promise<void> {
  const records = JSON.parse(await readFile(join(dir, file), 'utf8'));
  edit(records);
  await writeFile(join(dir, file), JSON.stringify(records));
}

/** Everything in a releases directory, file by file, to prove a refused publish wrote nothing. */
async function snapshotOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return Promise.all(
    entries
      .sort()
      .map(
        async (entry) =>
          `${entry}:${(await readFile(join(dir, entry)).catch(() => Buffer.from('dir'))).length}`,
      ),
  );
}

/** Drops a retired record from every language of translations/ too, as the studio's export would. */
async function dropTranslations(dir: string, file: string, id: string): Promise<string[]> {
  const root = join(dir, 'translations');
  const dropped: string[] = [];
  for (const language of (await readdir(root)).sort()) {
    const path = join(root, language, file);
    const translated = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as Record<
      string,
      unknown
    >;
    if (!(id in translated)) continue;
    delete translated[id];
    await writeFile(path, JSON.stringify(translated));
    dropped.push(language);
  }
  return dropped;
}

/** A patch an operator might ship: one stat rebalanced, one item retired, one added. */
async function patchedExport(): Promise<{
  dir: string;
  changed: string;
  changedId: string;
  removed: string;
  added: string;
  translatedIn: string[];
}> {
  const dir = await copyExport();
  let changed = '';
  let removed = '';
  let before = 0;
  await editJson(dir, 'items.json', (items) => {
    const item = items.find((i) => i.stats?.length)!;
    const stat = item.stats![0]!;
    changed = item.id;
    before = stat.value;
    stat.value = before + 2;
    removed = items.at(-1)!.id;
    items.pop();
    items.push({
      id: 'zz-new-blade',
      name: 'New Blade',
      type: 'weapon',
      slot: 'mainhand',
      rarity: 1,
      dropRate: 0.5,
    });
  });
  const translatedIn = await dropTranslations(dir, 'items.json', removed);
  return {
    dir,
    changed: `${changed} › stats[0].value ${before} → ${before + 2}`,
    changedId: changed,
    removed,
    added: 'zz-new-blade',
    translatedIn,
  };
}

describe('pnpm publish-dataset', () => {
  it('--dry-run on the demo export compares it with the current release and writes nothing', async () => {
    const releasesDir = await copyDemoReleases();
    const before = await snapshotOf(releasesDir);
    const { code, stdout, stderr } = await publish(['--releases', releasesDir, '--dry-run']);
    // The demo export is the content of the current release: an unchanged export is refused.
    expect(code).toBe(1);
    expect(stdout).toMatch(/^2026-11-22\.1 → \d{4}-\d{2}-\d{2}\.\d+\nitems: no change\n/);
    expect(stderr).toContain(
      'Refused: the content is the same as the current release, 2026-11-22.1',
    );
    expect(await snapshotOf(releasesDir)).toEqual(before);
  });

  it('refuses a changed image under a sprite id already served, warning of the 30 days caches keep it; --force publishes it', async () => {
    const releasesDir = await copyDemoReleases();
    const dir = await copyExport();
    // The issue's own example: another PNG copied over an existing sprite.
    await cp(
      join(dir, 'sprites', 'follower.beast.1.png'),
      join(dir, 'sprites', 'follower.beast.2.png'),
    );
    const before = await snapshotOf(releasesDir);
    const refused = await publish(['--from', dir, '--releases', releasesDir, '--published', LATER]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'sprites: 0 added, 0 removed, 1 changed\n  sprites ~ follower.beast.2\n',
    );
    const warning = [
      'Warning: the image of sprite follower.beast.2 changed under an id already served.',
      'Images are sent with cache-control: public, max-age=2592000: browsers and CDNs may keep showing the old image for up to 30 days.',
      "Give a new image a new id (follower.beast.2-v2, say) and point the records' icon at it.",
    ].join('\n');
    expect(refused.stderr).toContain(
      `${warning}\nRefused: nothing was published (--force publishes it anyway).`,
    );
    expect(await snapshotOf(releasesDir)).toEqual(before);

    const forced = await publish([
      '--from',
      dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
      '--force',
    ]);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toContain(warning);
    expect(forced.stderr).toContain('Published 2026-12-01.1');
  });

  it('prints every changed value, and --dry-run writes nothing', async () => {
    const releasesDir = await copyDemoReleases();
    const patch = await patchedExport();
    const before = await snapshotOf(releasesDir);
    const { code, stdout, stderr } = await publish([
      '--from',
      patch.dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
      '--dry-run',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('2026-11-22.1 → 2026-12-01.1\nitems: 1 added, 1 removed, 1 changed\n');
    expect(stdout).toContain(
      `  items + ${patch.added}\n  items − ${patch.removed}\n  items › ${patch.changed}\n`,
    );
    expect(stderr).toContain('Dry run: 2026-12-01.1 would be published; nothing was written.');
    expect(await snapshotOf(releasesDir)).toEqual(before);
  });

  it('publishes a changed export as the next version of the day, writes the diff as JSON, and makes it current', async () => {
    const releasesDir = await copyDemoReleases();
    const patch = await patchedExport();
    const first = await publish([
      '--from',
      patch.dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
      '--json',
    ]);
    expect(first.code).toBe(0);
    const outcome = JSON.parse(first.stdout) as {
      kind: string;
      version: string;
      diff: { collections: { items: { added: string[] } } };
    };
    expect(outcome).toMatchObject({ kind: 'published', version: '2026-12-01.1' });
    expect(outcome.diff.collections.items.added).toEqual([patch.added]);
    expect((await readFile(join(releasesDir, 'CURRENT'), 'utf8')).trim()).toBe('2026-12-01.1');
    const written = JSON.parse(
      await readFile(join(releasesDir, '2026-12-01.1', 'diff.json'), 'utf8'),
    );
    expect(written).toEqual(outcome.diff);

    await editJson(patch.dir, 'relics.json', (relics) => void (relics[0]!.max! += 1));
    const second = await publish([
      '--from',
      patch.dir,
      '--releases',
      releasesDir,
      '--published',
      '2026-12-01T09:00:00Z',
    ]);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Published 2026-12-01.2');
    const list = await publish(['list', '--releases', releasesDir]);
    expect(list.stdout).toBe(
      '  2026-11-20.1\n  2026-11-21.1\n  2026-11-22.1\n  2026-12-01.1\n* 2026-12-01.2\n',
    );
  });

  it('refuses unchanged content unless --force, then publishes it under a new version', async () => {
    const releasesDir = await copyDemoReleases();
    expect((await publish(['--releases', releasesDir, '--published', LATER])).code).toBe(1);
    expect(await readdir(releasesDir)).not.toContain('2026-12-01.1');
    const forced = await publish(['--releases', releasesDir, '--published', LATER, '--force']);
    expect(forced.code).toBe(0);
    expect((await readFile(join(releasesDir, 'CURRENT'), 'utf8')).trim()).toBe('2026-12-01.1');
  });

  it('refuses a broken export with the file, record and field of every problem, and changes nothing', async () => {
    const releasesDir = await copyDemoReleases();
    const dir = await copyExport();
    let firstId = '';
    let secondId = '';
    await editJson(dir, 'items.json', (items) => {
      firstId = items[0]!.id;
      secondId = items[1]!.id;
      delete items[0]!.name;
      items[1]!.stats = [{ stat: 'not-a-stat', value: 1, tags: [] }];
      items[2]!.id = items[3]!.id;
    });
    await editJson(dir, 'abilities.json', (abilities) => void (abilities[0]!.name = 42));
    const icon = (
      JSON.parse(await readFile(join(dir, 'relics.json'), 'utf8')) as Array<{ icon?: string }>
    ).find((r) => r.icon)?.icon;
    await rm(join(dir, 'sprites', `${icon}.png`));
    const before = await snapshotOf(releasesDir);
    const { code, stderr } = await publish([
      '--from',
      dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(`items.json › ${firstId} › name:`);
    expect(stderr).toContain(
      `items.json › ${secondId} › stats[0].stat: unknown stat key "not-a-stat"`,
    );
    expect(stderr).toMatch(/items\.json › [^\n]+ › id: duplicate id/);
    expect(stderr).toMatch(/abilities\.json › [^\n]+ › name:/);
    expect(stderr).toContain(`no sprite "sprites/${icon}.png"`);
    expect(stderr).toContain('Nothing was published.');
    expect(await snapshotOf(releasesDir)).toEqual(before);
  });

  it('reports a new language of translations/ with its coverage per collection, in its output and with --json', async () => {
    // Portuguese: a language the demo export does not translate into (dataset/README.md, "The demo's languages").
    const releasesDir = await copyDemoReleases();
    const dir = await copyExport();
    const [first, second] = JSON.parse(
      await readFile(join(dir, 'followers.json'), 'utf8'),
    ) as ExportRecord[];
    await mkdir(join(dir, 'translations', 'pt-br'), { recursive: true });
    await writeFile(
      join(dir, 'translations', 'pt-br', 'followers.json'),
      JSON.stringify({ [first!.id]: { name: 'Primeiro' }, [second!.id]: { name: 'Segundo' } }),
    );
    await writeFile(
      join(dir, 'translations', 'pt-br', 'manifest.json'),
      JSON.stringify({ rarities: { '4': 'Lendário' } }),
    );
    const followers = (
      JSON.parse(await readFile(join(dir, 'followers.json'), 'utf8')) as ExportRecord[]
    ).length;
    const share = `${(Math.floor((2 / followers) * 1000) / 10).toFixed(1)}%`;

    const human = await publish([
      '--from',
      dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
      '--dry-run',
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(
      'manifest: no change\ntranslations pt-BR (added): followers 2 added; rarities 1 changed\n',
    );
    expect(human.stdout).toMatch(
      new RegExp(
        `\\ncoverage pt-BR: items 0\\.0% \\(0/[\\d,]+\\); .*; followers ${share.replace('.', '\\.')} \\(2/${followers}\\); .*; rarities 20\\.0% \\(1/5\\)\\n$`,
      ),
    );

    const json = await publish([
      '--from',
      dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
      '--dry-run',
      '--json',
    ]);
    const outcome = JSON.parse(json.stdout) as {
      coverage: Record<string, Record<string, { translated: number; translatable: number }>>;
    };
    expect(Object.keys(outcome.coverage)).toEqual(['de', 'es', 'fr', 'pt-BR']);
    expect(outcome.coverage['pt-BR']?.followers).toMatchObject({
      translated: 2,
      translatable: followers,
    });

    await writeFile(
      join(dir, 'translations', 'pt-br', 'followers.json'),
      JSON.stringify({ [first!.id]: { name: 'Primeiro', rarity: 'raro' } }),
    );
    const refused = await publish(['--from', dir, '--releases', releasesDir, '--published', LATER]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `translations/pt-br/followers.json › ${first!.id} › rarity: not translatable here (translatable: name, aliases)`,
    );
    expect(refused.stderr).toContain('Nothing was published.');
  });

  it("knows the demo export's languages: German and French complete, Spanish partial on purpose", async () => {
    const releasesDir = await copyDemoReleases();
    const { stdout } = await publish(['--releases', releasesDir, '--dry-run', '--json']);
    const { coverage } = JSON.parse(stdout) as {
      coverage: Record<
        string,
        Record<string, { translated: number; translatable: number; fraction: number }>
      >;
    };
    expect(Object.keys(coverage)).toEqual(['de', 'es', 'fr']);
    for (const language of ['de', 'fr']) {
      expect(Object.keys(coverage[language] ?? {})).toHaveLength(6);
      for (const [collection, share] of Object.entries(coverage[language] ?? {}))
        expect({ language, collection, fraction: share.fraction }).toEqual({
          language,
          collection,
          fraction: 1,
        });
    }
    // What dataset/README.md says Spanish leaves out, so that fallback has untranslated records and fields to show.
    expect(coverage.es).toMatchObject({
      items: { translated: 0 },
      abilities: { translated: 0 },
      followers: { translated: 0 },
      rarities: { fraction: 1 },
    });
    expect(coverage.es?.stats?.fraction).toBeGreaterThan(0);
    expect(coverage.es?.stats?.fraction).toBeLessThan(1);
    expect(coverage.es?.relics?.fraction).toBeGreaterThan(0);
    expect(coverage.es?.relics?.fraction).toBeLessThan(1);
  });

  it('refuses bad JSON, naming the file', async () => {
    const releasesDir = await copyDemoReleases();
    const dir = await copyExport();
    await writeFile(join(dir, 'followers.json'), '[{"id": "x",');
    const { code, stderr } = await publish([
      '--from',
      dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain('followers.json: invalid JSON');
  });

  it('refuses a file too large to read without reading it, naming it with its size', async () => {
    const releasesDir = await copyDemoReleases();
    const dir = await copyExport();
    // 600 MB, sparse: more than V8 can hold as one string, and nothing written to disk.
    await truncate(join(dir, 'items.json'), 600_000_000);
    const { code, stderr } = await publish([
      '--from',
      dir,
      '--releases',
      releasesDir,
      '--published',
      LATER,
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain('items.json: 600,000,000 bytes, over the limit of 256 MiB');
    expect(stderr).toContain('Nothing was published.');
  });

  it('reads an export with more sprites than the process may have files open at once', async () => {
    const releasesDir = await copyDemoReleases();
    const sprites = (await readdir(join(DEMO_EXPORT_DIR, 'sprites'))).filter((name) =>
      name.endsWith('.png'),
    );
    const openFiles = 128;
    expect(sprites.length).toBeGreaterThan(2 * openFiles);
    const { code, stderr } = await runWithOpenFileLimit(openFiles, PUBLISH_CLI, [
      '--releases',
      releasesDir,
      '--published',
      LATER,
      '--dry-run',
      '--force',
    ]);
    expect(stderr).not.toContain('EMFILE');
    expect(code).toBe(0);
    expect(stderr).toContain('Dry run: 2026-12-01.1 would be published');
  });

  it.each([
    ['--releases', ['--releases', 'https://example.org/releases'], {}],
    ['GAMEDATA_RELEASES_DIR', [], { GAMEDATA_RELEASES_DIR: 'https://example.org/releases' }],
  ])(
    'refuses a URL other than s3:// in %s, naming the setting, and creates nothing',
    async (setting, args, env) => {
      const cwd = await makeTempDir('publish-cwd');
      for (const command of [[], ['list'], ['use', '2026-11-21.1']]) {
        const { code, stderr } = await runToExit(env, [...command, ...args], PUBLISH_CLI, { cwd });
        expect(code).toBe(2);
        expect(
          stderr.startsWith(
            `${setting} must name a directory or an S3 bucket (s3://bucket/prefix), got the URL "https://example.org/releases": releases at any other URL are not supported\n`,
          ),
        ).toBe(true);
      }
      expect(await readdir(cwd)).toEqual([]);
    },
  );

  it.each(['--from', 'GAMEDATA_EXPORT_DIR'])(
    'says an export named by %s that does not exist is no such directory, in one line, and writes nothing',
    async (setting) => {
      const releasesDir = await copyDemoReleases();
      const before = await snapshotOf(releasesDir);
      const missing = join(await makeTempDir('export'), 'no-export');
      const named: { env: Record<string, string>; args: string[] } =
        setting === '--from'
          ? { env: {}, args: ['--from', missing] }
          : { env: { GAMEDATA_EXPORT_DIR: missing }, args: [] };
      const { code, stderr } = await runToExit(
        named.env,
        [...named.args, '--releases', releasesDir],
        PUBLISH_CLI,
      );
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr: `publish-dataset: ${setting}: no such directory ${missing}\nNothing was published.\n`,
      });
      expect(await snapshotOf(releasesDir)).toEqual(before);
    },
  );

  describe("a game's own export and the demo's releases", () => {
    const demoRefusal =
      /^the export at .* is not the demo's, and .*releases holds the demo's releases: name your own releases directory with --releases DIR or GAMEDATA_RELEASES_DIR \(--into-demo publishes into the demo's history anyway\)\n/;

    it.each([
      ['no releases directory is named', []],
      ['--releases names the demo releases', ['--releases', DEMO_RELEASES_DIR]],
    ])('refuses to chain it onto the demo history when %s, and writes nothing', async (_, args) => {
      const exportDir = await copyExport();
      const before = await snapshotOf(DEMO_RELEASES_DIR);
      // --force, so that the unpatched fix would have written a release: the refusal must come first.
      const { code, stdout, stderr } = await runToExit(
        { GAMEDATA_RELEASES_DIR: '' },
        ['--from', exportDir, '--force', '--dry-run', ...args],
        PUBLISH_CLI,
      );
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toMatch(demoRefusal);
      expect(await snapshotOf(DEMO_RELEASES_DIR)).toEqual(before);
    });

    it('compares it with the demo history with --into-demo', async () => {
      const { code, stdout } = await publish([
        '--from',
        await copyExport(),
        '--into-demo',
        '--dry-run',
      ]);
      expect(code).toBe(1);
      expect(stdout).toMatch(/^2026-11-22\.1 → /);
    });

    it('publishes the demo export into the demo releases without being told', async () => {
      const { code, stderr } = await publish(['--dry-run']);
      expect(code).toBe(1);
      expect(stderr).toContain(
        'Refused: the content is the same as the current release, 2026-11-22.1',
      );
    });
  });

  it('use VERSION rolls back to an older release', async () => {
    const releasesDir = await copyDemoReleases();
    expect((await publish(['use', '2026-11-21.1', '--releases', releasesDir])).code).toBe(0);
    expect((await publish(['list', '--releases', releasesDir])).stdout).toBe(
      '  2026-11-20.1\n* 2026-11-21.1\n  2026-11-22.1\n',
    );
    const unknown = await publish(['use', '2026-01-01.1', '--releases', releasesDir]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no release 2026-01-01.1');
  });
});

describe('a running server and a new release', () => {
  it('switches to the new release on SIGHUP without failing a request; old cursors must start again', async () => {
    const releasesDir = await copyDemoReleases();
    const server = await spawnServer({
      GAMEDATA_RELEASES_DIR: releasesDir,
      GAMEDATA_TRUST_PROXY: '1',
    });
    try {
      const page = await fetch(`${server.url}/v1/items?limit=5`);
      expect(page.headers.get('x-dataset-version')).toBe('2026-11-22.1');
      const oldCursor = ((await page.json()) as { meta: { cursor: string } }).meta.cursor;

      const patch = await patchedExport();
      expect(
        (await publish(['--from', patch.dir, '--releases', releasesDir, '--published', LATER]))
          .code,
      ).toBe(0);

      // Requests from many clients keep coming while the release switches; every one must be answered.
      let switched = false;
      const statuses: number[] = [];
      const versions = new Set<string>();
      const traffic = (async () => {
        for (let i = 0; !switched || i < 50; i++) {
          const replies = await Promise.all(
            Array.from({ length: 8 }, (_, j) =>
              fetch(`${server.url}/v1/items?limit=20`, {
                headers: { 'x-forwarded-for': `10.9.${i % 250}.${j}` },
              }),
            ),
          );
          for (const reply of replies) {
            statuses.push(reply.status);
            versions.add(reply.headers.get('x-dataset-version') ?? '');
            await reply.arrayBuffer();
          }
          if (i > 2000) break;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      server.child.kill('SIGHUP');
      for (let tries = 0; tries < 100 && !switched; tries++) {
        const meta = (await (
          await fetch(`${server.url}/v1/meta`, {
            headers: { 'x-forwarded-for': `10.8.0.${tries}` },
          })
        ).json()) as { data: { version: string } };
        switched = meta.data.version === '2026-12-01.1';
        if (!switched) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await traffic;
      expect(switched).toBe(true);
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(versions).toEqual(new Set(['2026-11-22.1', '2026-12-01.1']));

      const changes = (await (
        await fetch(`${server.url}/v1/changes?since=2026-11-22.1`)
      ).json()) as { data: unknown[] };
      const none = { added: [], changed: [], removed: [] };
      expect(changes.data).toEqual([
        {
          version: '2026-12-01.1',
          published: LATER,
          collections: {
            items: { added: [patch.added], changed: [patch.changedId], removed: [patch.removed] },
            abilities: none,
            relics: none,
            followers: none,
            stats: none,
          },
          sprites: none,
          // The retired item's translations went with it, in every language that had one.
          translations: Object.fromEntries(
            patch.translatedIn.map((tag) => [
              tag,
              {
                collections: {
                  items: { ...none, removed: [patch.removed] },
                  abilities: none,
                  relics: none,
                  followers: none,
                  stats: none,
                },
                rarities: false,
              },
            ]),
          ),
        },
      ]);
      expect(patch.translatedIn.length).toBeGreaterThan(0);

      const stale = await fetch(`${server.url}/v1/items?limit=5&cursor=${oldCursor}`);
      expect(stale.status).toBe(400);
      const removed = await fetch(`${server.url}/v1/items/${patch.removed}`);
      expect([removed.status, removed.headers.get('x-dataset-version')]).toEqual([
        404,
        '2026-12-01.1',
      ]);
      expect((await fetch(`${server.url}/v1/items/${patch.added}`)).status).toBe(200);
      expect(server.output()).toContain(
        '"msg":"release switched","dataset":"2026-12-01.1","previous":"2026-11-22.1"',
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
