import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFile, cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS_PAGE = join('packages', 'core', 'src', 'docs', 'render-docs-page.ts');
const HEADING = '<h1>Game Data API</h1>';

/**
 * The sources `pnpm dev` builds from (the Node adapter and the packages it uses), copied so that the
 * test can edit them; their dependencies and the demo releases are the checkout's.
 */
async function copyOfTheSources(): Promise<string> {
  const dir = await makeTempDir('dev');
  for (const name of ['core', 'server-io', 'redis-store']) {
    const from = join(REPO, 'packages', name);
    const to = join(dir, 'packages', name);
    await mkdir(to, { recursive: true });
    await cp(join(from, 'src'), join(to, 'src'), { recursive: true });
    await cp(join(from, 'package.json'), join(to, 'package.json'));
    await symlink(join(from, 'node_modules'), join(to, 'node_modules'));
  }
  const app = join(dir, 'apps', 'node');
  await mkdir(app, { recursive: true });
  for (const entry of ['src', 'scripts', 'package.json'])
    await cp(join(REPO, 'apps', 'node', entry), join(app, entry), { recursive: true });
  await symlink(join(REPO, 'apps', 'node', 'node_modules'), join(app, 'node_modules'));
  await symlink(join(REPO, 'releases'), join(dir, 'releases'));
  return dir;
}

/** `pnpm dev` running on a copy of the sources, with what it has printed. */
interface Dev {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Settles once the output has something `since` did not, matching `pattern`; gives the match. */
  next(pattern: RegExp, since: number): Promise<RegExpExecArray>;
}

function startDev(dir: string): Dev {
  const child = spawn(process.execPath, [join(dir, 'apps', 'node', 'scripts', 'dev.mjs')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
  });
  let output = '';
  const waiting = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiting) check();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  return {
    child,
    output: () => output,
    next: (pattern, since) =>
      new Promise((resolve) => {
        const check = () => {
          const match = pattern.exec(output.slice(since));
          if (!match) return;
          waiting.delete(check);
          resolve(match);
        };
        waiting.add(check);
        check();
      }),
  };
}

const READY = /"msg":"ready","url":"([^"]+)"/;
const docsHeading = async (url: string) =>
  /<h1>[^<]*<\/h1>/.exec(await (await fetch(`${url}/docs`)).text())?.[0];

describe('pnpm dev', () => {
  let dir: string;
  let dev: Dev;
  beforeAll(async () => {
    dir = await copyOfTheSources();
    dev = startDev(dir);
  });
  afterAll(async () => {
    if (dev.child.exitCode === null) {
      dev.child.kill('SIGTERM');
      await new Promise((resolve) => dev.child.once('exit', resolve));
    }
  });

  it('serves an edit to core, keeps the last good build serving through a syntax error, then serves the revert', async () => {
    const page = join(dir, DOCS_PAGE);
    const original = await readFile(page, 'utf8');
    expect(original).toContain(HEADING);
    let url = (await dev.next(READY, 0))[1] as string;
    expect(await docsHeading(url)).toBe(HEADING);

    let since = dev.output().length;
    await writeFile(page, original.replace(HEADING, '<h1>Game Data API, edited</h1>'));
    url = (await dev.next(READY, since))[1] as string;
    expect(await docsHeading(url)).toBe('<h1>Game Data API, edited</h1>');

    since = dev.output().length;
    await appendFile(page, '\nexport const broken = ;\n');
    await dev.next(/build failed; the last good build keeps serving/, since);
    expect(dev.output().slice(since)).toContain('render-docs-page.ts');
    expect(await docsHeading(url)).toBe('<h1>Game Data API, edited</h1>');

    since = dev.output().length;
    await writeFile(page, original);
    url = (await dev.next(READY, since))[1] as string;
    expect(await docsHeading(url)).toBe(HEADING);
  });

  it('stops its server when it is stopped', async () => {
    const url = [...dev.output().matchAll(new RegExp(READY, 'g'))].at(-1)?.[1] as string;
    dev.child.kill('SIGTERM');
    expect(await new Promise((resolve) => dev.child.once('exit', resolve))).toBe(0);
    await expect(fetch(`${url}/docs`)).rejects.toThrow();
  });
});
