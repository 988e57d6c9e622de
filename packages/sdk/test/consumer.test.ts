import { execFile } from 'node:child_process';
import { access, copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '@gamedata/test-support/spawn';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import {
  RELEASES_DIR,
  demo,
  spawnNodeAdapter,
  TEST_KEY,
  writeTestKeyFile,
} from './support/fixtures.js';

// The package as a user gets it: packed with `pnpm pack`, installed with npm into a project outside
// the workspace, typechecked with strict settings and run as an ES module and as CommonJS against the
// Node adapter. Everything is local: the tarball has no dependencies, so npm installs it offline.
const run = promisify(execFile);
const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const NODE_TYPES = join(SDK_DIR, 'node_modules', '@types');

/** Packs the package exactly as `pnpm publish` would (workspace: ranges rewritten, only `files`). */
async function packTarball(): Promise<string> {
  const destination = await makeTempDir('pack');
  await run('pnpm', ['pack', '--pack-destination', destination], { cwd: SDK_DIR });
  const [tarball] = await readdir(destination);
  return join(destination, tarball as string);
}

async function createProject(tarball: string): Promise<string> {
  const project = await makeTempDir('consumer');
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'sdk-consumer', private: true, version: '0.0.0' }),
  );
  await run(
    'npm',
    [
      'install',
      tarball,
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    { cwd: project },
  );
  for (const program of ['esm.mts', 'cjs.cts'])
    await copyFile(join(SDK_DIR, 'test', 'consumer', program), join(project, program));
  // Strict, as a careful user sets it, and with skipLibCheck off so our .d.ts files are checked too.
  // Node's types come from the workspace (typeRoots) so the project needs nothing from a registry.
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      typeRoots: [NODE_TYPES],
      types: ['node'],
      outDir: 'out',
    },
    files: ['esm.mts', 'cjs.cts'],
  };
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return project;
}

describe('the packed package, installed in a project of its own', () => {
  let project: string;
  let server: ServerProcess;

  beforeAll(async () => {
    await access(join(SDK_DIR, 'dist', 'index.js')).catch(() => {
      throw new Error(
        'packages/sdk/dist is missing: build first (pnpm build, or turbo run test which builds).',
      );
    });
    project = await createProject(await packTarball());
    server = await spawnNodeAdapter({
      GAMEDATA_RELEASES_DIR: RELEASES_DIR,
      GAMEDATA_KEYS_FILE: await writeTestKeyFile(),
    });
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it('ships only dist, package.json and README', async () => {
    const installed = join(project, 'node_modules', '@gamedata', 'sdk');
    expect((await readdir(installed)).sort()).toEqual(['README.md', 'dist', 'package.json']);
    expect((await readdir(join(installed, 'dist'))).sort()).toEqual([
      'index.cjs',
      'index.d.cts',
      'index.d.ts',
      'index.js',
      'node.cjs',
      'node.d.cts',
      'node.d.ts',
      'node.js',
    ]);
  });

  it('has self-contained types: the .d.ts files import nothing (no @gamedata/core, no zod)', async () => {
    for (const [file, declared] of [
      ['index.d.ts', 'createClient'],
      ['index.d.cts', 'createClient'],
      ['node.d.ts', 'downloadSqlite'],
      ['node.d.cts', 'downloadSqlite'],
    ] as const) {
      const text = await readFile(
        join(project, 'node_modules', '@gamedata', 'sdk', 'dist', file),
        'utf8',
      );
      const declarations = text.replace(/\/\*[\s\S]*?\*\//g, ''); // TSDoc examples may show imports
      expect(declarations).toMatch(new RegExp(`declare function ${declared}`));
      expect(declarations).not.toMatch(/\bimport\b|\bfrom\s+['"]|\brequire\(|\/\/\/\s*<reference/);
      expect(declarations).not.toMatch(/@gamedata\/core|\bzod\b/);
    }
  });

  it('has no runtime dependencies', async () => {
    const manifest = JSON.parse(
      await readFile(join(project, 'node_modules', '@gamedata', 'sdk', 'package.json'), 'utf8'),
    );
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
  });

  it('typechecks an ES module and a CommonJS program under strict settings', async () => {
    await mkdir(join(project, 'out'), { recursive: true });
    const result = await run(process.execPath, [TSC, '-p', join(project, 'tsconfig.json')], {
      cwd: project,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(result.stdout).toBe('');
  });

  it.each([
    ['ES module', 'esm.mjs', /dist\/index\.js$/],
    ['CommonJS', 'cjs.cjs', /dist\/index\.cjs$/],
  ])('runs as %s against the Node adapter', async (_kind, program, entry) => {
    const { stdout } = await run(
      process.execPath,
      [join(project, 'out', program), server.url, TEST_KEY],
      { cwd: project },
    );
    const result = JSON.parse(stdout);
    expect(result.entry).toMatch(entry);
    expect(result).toMatchObject({
      version: demo.meta.version,
      counted: demo.lists.items.records.length,
      walked: demo.lists.items.records.length,
      legendary: true,
      limit: 600,
      notFound: true,
    });
    expect(result.pngBytes).toBeGreaterThan(8);
  });
});
