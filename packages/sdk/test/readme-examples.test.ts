import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import type { ServerProcess } from '@gamedata/test-support/spawn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prepareReadmeProject,
  runsUntilStopped,
  typeScriptBlocks,
  type ReadmeProject,
} from './support/readme-blocks.js';
import {
  demo,
  RELEASES_DIR,
  spawnNodeAdapter,
  TEST_KEY,
  writeTestKeyFile,
} from './support/fixtures.js';

// Every TypeScript block of the SDK's README and of the root README's "TypeScript client" section,
// compiled under strict settings and run against the Node server, as a user would paste it: only the
// server's address is changed. Fragments that continue an earlier block use `gd`, `baseUrl` and the
// stand-ins test/readme-project/prelude.mjs defines; a block that sets an interval (a service) is
// watched for a few seconds, with its intervals shortened, then stopped.
const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const SDK_README = join(SDK_DIR, 'README.md');
const ROOT_README = join(SDK_DIR, '..', '..', 'README.md');
const run = promisify(execFile);

const sdkReadme = await readFile(SDK_README, 'utf8');
const rootReadme = await readFile(ROOT_README, 'utf8');
const blocks = [
  ...typeScriptBlocks(sdkReadme, 'packages/sdk/README.md'),
  ...typeScriptBlocks(rootReadme, 'README.md', '## TypeScript client'),
];
const services = blocks.filter(runsUntilStopped);
const WATCH = { windowMs: 4_000, intervalMs: 300 };

/** An address nothing listens on: a port the system handed out, then closed. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe("the READMEs' TypeScript blocks", () => {
  let server: ServerProcess;
  let project: ReadmeProject;
  beforeAll(async () => {
    [server, project] = await Promise.all([
      spawnNodeAdapter({
        GAMEDATA_RELEASES_DIR: RELEASES_DIR,
        GAMEDATA_KEYS_FILE: await writeTestKeyFile(),
      }),
      prepareReadmeProject(blocks),
    ]);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('are found: the quick start, the sync example and the root README’s', () => {
    expect(blocks.length).toBeGreaterThan(10);
    expect(blocks.some((block) => block.where.startsWith('README.md:'))).toBe(true);
    expect(services.length).toBeGreaterThan(0);
  });

  it('compile under strict settings', () => {
    expect(project.compileOutput).toBe('');
  });

  // A key in the environment, as the quick start reads it: the runs share one address and the anonymous limit.
  it.each(blocks.map((block) => [block.where, block] as const))(
    '%s runs against the Node server',
    async (_where, block) => {
      const result = await project.run(block, server.url, {
        ...WATCH,
        env: { GAMEDATA_KEY: TEST_KEY },
      });
      // A service is still running when stopped; anything else has finished, without an error.
      expect({ exitCode: result.exitCode, stderr: result.stderr }).toEqual({
        exitCode: runsUntilStopped(block) ? null : 0,
        stderr: expect.any(String),
      });
      if (!runsUntilStopped(block)) expect(result.stderr).not.toMatch(/Error/);
    },
  );

  it.each(services.map((block) => [block.where, block] as const))(
    '%s keeps running while the API is down, and says so',
    async (_where, block) => {
      const result = await project.run(block, await closedPortUrl(), WATCH);
      expect(result.exitCode, result.stderr).toBeNull();
      expect(result.stderr).toMatch(/NetworkError/);
    },
  );

  it('the sync example keeps a copy of every item of the current release in its file', async () => {
    const example = services.find((block) => block.code.includes('gd.sync('));
    if (!example) throw new Error('the SDK README has no sync example');
    const { cwd } = await project.run(example, server.url, WATCH);
    const [file] = (await readdir(cwd)).filter((name) => name.endsWith('.json'));
    const state = JSON.parse(await readFile(join(cwd, file as string), 'utf8'));
    expect(state).toEqual({
      version: demo.meta.version,
      baseUrl: server.url,
      items: demo.lists.items.records,
    });
  });

  it('the browser example adds one image per epic follower', async () => {
    const example = blocks.find((block) => block.code.includes('document.createElement'));
    if (!example) throw new Error('the SDK README has no browser example');
    const { stdout } = await project.run(example, server.url, WATCH);
    const images = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { src: string; alt: string });
    const epic = demo.lists.followers.records.filter((follower) => follower.rarity === 3);
    expect(images).toEqual(
      epic.map((follower) => ({
        src: `${server.url}/v1/img/${follower.icon}.png`,
        alt: follower.name,
      })),
    );
  });
});

describe('what the READMEs say of the SDK and the API', () => {
  it('quote the size size-limit measures, and the budget it enforces', async () => {
    // The package's own size-limit, as `pnpm lint:package` runs it, on the built dist.
    // Colours stripped: size-limit colours its figures wherever it sees CI, terminal or not.
    const stdout = stripVTControlCharacters(
      (await run(join(SDK_DIR, 'node_modules', '.bin', 'size-limit'), [], { cwd: SDK_DIR })).stdout,
    );
    const size = /Size:\s+([\d.]+ kB)/.exec(stdout)?.[1];
    const budget = /Size limit:\s+([\d.]+ kB)/.exec(stdout)?.[1];
    expect([size, budget]).toEqual([expect.any(String), expect.any(String)]);
    for (const readme of [sdkReadme, rootReadme]) {
      expect(readme).toContain(`${size} min+gzip`);
      for (const [figure] of readme.matchAll(/[\d.]+ kB/g))
        expect([size, budget]).toContain(figure);
    }
  });

  it("the root README's account of the four filters' values is the served document's", async () => {
    const server = await spawnNodeAdapter({ GAMEDATA_RELEASES_DIR: RELEASES_DIR });
    try {
      const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
        paths: Record<
          string,
          { get: { parameters: Array<{ name: string; schema: Record<string, unknown> }> } }
        >;
      };
      const schemas = ['items', 'abilities', 'relics', 'followers'].flatMap((list) =>
        document.paths[`/v1/${list}`]!.get.parameters.filter((parameter) =>
          ['slot', 'subtype', 'category', 'rarity'].includes(parameter.name),
        ).map((parameter) => parameter.schema),
      );
      expect(schemas).toHaveLength(6);
      for (const schema of schemas)
        expect([schema.enum, Array.isArray(schema.examples)]).toEqual([undefined, true]);
      expect(rootReadme).toContain(
        'list the canonical values that exist as `examples`, not as an `enum`',
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
