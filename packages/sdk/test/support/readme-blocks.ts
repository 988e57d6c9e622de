import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeBinary } from './runtime-binaries.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/** One TypeScript code block of a README: where it is, and its code. */
export interface CodeBlock {
  /** `README.md:217`, the file and the line its fence opens on. */
  where: string;
  code: string;
}

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SDK_DIR = join(REPO, 'packages', 'sdk');
const CORE_DIR = join(REPO, 'packages', 'core');
const PROJECT_FILES = join(SDK_DIR, 'test', 'readme-project');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The addresses the READMEs write for "your deployment" and for `pnpm start`: a run replaces them with the server under test's. */
const PLACEHOLDER_ADDRESSES = /https:\/\/gamedata\.example|http:\/\/127\.0\.0\.1:3000/g;

/**
 * Every ```ts block of a README, or of the part of it under `heading` (up to the next heading of the
 * same level or higher): a block added later is picked up without naming it anywhere.
 *
 * @example typeScriptBlocks(readme, 'README.md', '## TypeScript client')
 */
export function typeScriptBlocks(markdown: string, file: string, heading?: string): CodeBlock[] {
  const lines = markdown.split('\n');
  let first = 0;
  let end = lines.length;
  if (heading !== undefined) {
    first = lines.indexOf(heading);
    if (first < 0) throw new Error(`${file} has no heading "${heading}"`);
    const level = heading.indexOf(' ');
    const next = lines.findIndex(
      (line, index) => index > first && /^#+ /.test(line) && line.indexOf(' ') <= level,
    );
    end = next < 0 ? lines.length : next;
  }
  const blocks: CodeBlock[] = [];
  for (let index = first; index < end; index++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[index] as string)) continue;
    const close = lines.indexOf('```', index + 1);
    blocks.push({ where: `${file}:${index + 1}`, code: lines.slice(index + 1, close).join('\n') });
    index = close;
  }
  return blocks;
}

/** Deno's own examples import the client as `npm:@gamedata/sdk`; they run on Deno, the others on Node. */
const runsOnDeno = (block: CodeBlock) => block.code.includes("from 'npm:@gamedata/sdk'");
/** A block that sets an interval is a service: it runs until stopped. */
export const runsUntilStopped = (block: CodeBlock) => block.code.includes('setInterval(');
const fileName = (block: CodeBlock) => block.where.replace(/\W+/g, '-');

/** How one run of a block went. */
export interface BlockRun {
  /** Its exit code; null when it was still running at the end of the window and was stopped. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** The working directory it ran in, fresh for the run. */
  cwd: string;
}

/** The blocks written out as a project of their own, compiled, ready to run. */
export interface ReadmeProject {
  /** What the compiler said of the Node blocks (strict settings): empty when they compile. */
  compileOutput: string;
  /** Runs a block against `baseUrl`; one that runs until stopped is stopped after `windowMs`. */
  run(
    block: CodeBlock,
    baseUrl: string,
    options: { windowMs: number; intervalMs: number; env?: Record<string, string> },
  ): Promise<BlockRun>;
}

/**
 * Writes every block into a project outside the workspace that installs `@gamedata/sdk` and
 * `@gamedata/core` as links to the built packages, as a user's project would have them, and compiles
 * the Node blocks under strict settings (Deno checks its own as it runs them).
 */
export async function prepareReadmeProject(blocks: readonly CodeBlock[]): Promise<ReadmeProject> {
  const dir = await makeTempDir('readme-project');
  await mkdir(join(dir, 'node_modules', '@gamedata'), { recursive: true });
  await symlink(SDK_DIR, join(dir, 'node_modules', '@gamedata', 'sdk'));
  await symlink(CORE_DIR, join(dir, 'node_modules', '@gamedata', 'core'));
  for (const file of ['prelude.mjs', 'globals.d.ts'])
    await copyFile(join(PROJECT_FILES, file), join(dir, file));
  const sdkDist = join(SDK_DIR, 'dist');
  await writeFile(
    join(dir, 'deno-sdk.ts'),
    `// @ts-types="${sdkDist}/index.d.ts"\nexport * from '${sdkDist}/index.js';\n`,
  );
  await writeFile(
    join(dir, 'deno-import-map.json'),
    JSON.stringify({ imports: { 'npm:@gamedata/sdk': './deno-sdk.ts' } }),
  );

  const nodeBlocks = blocks.filter((block) => !runsOnDeno(block));
  for (const block of nodeBlocks)
    await writeFile(join(dir, `${fileName(block)}.mts`), `${block.code}\n`);
  for (const block of blocks.filter(runsOnDeno))
    await writeFile(join(dir, `${fileName(block)}.ts`), `${block.code}\n`);
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      // Core's declarations name its own dependencies' types; the SDK's are checked by consumer.test.ts.
      skipLibCheck: true,
      typeRoots: [join(SDK_DIR, 'node_modules', '@types')],
      types: ['node'],
      outDir: 'out',
    },
    files: ['globals.d.ts', ...nodeBlocks.map((block) => `${fileName(block)}.mts`)],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const compileOutput = await new Promise<string>((resolve) =>
    execFile(process.execPath, [TSC, '-p', dir], { cwd: dir }, (_error, stdout) => resolve(stdout)),
  );

  let runs = 0;
  return {
    compileOutput,
    async run(block, baseUrl, { windowMs, intervalMs, env = {} }) {
      const cwd = await makeTempDir('readme-run');
      // The local-server example reads a release the publish tool wrote, as a user's project keeps one.
      await symlink(join(REPO, 'releases'), join(cwd, 'releases'));
      // The program as written, only the server's address changed; beside the others, so its imports resolve alike.
      const deno = runsOnDeno(block);
      const program = deno
        ? join(dir, `${fileName(block)}.ts`)
        : join(dir, 'out', `${fileName(block)}.mjs`);
      const addressed = program.replace(/(\.m?[jt]s)$/, `-run${++runs}$1`);
      await writeFile(
        addressed,
        (await readFile(program, 'utf8')).replace(PLACEHOLDER_ADDRESSES, baseUrl),
      );
      const [command, args] = deno
        ? [
            runtimeBinary('deno'),
            [
              'run',
              '--check',
              `--import-map=${join(dir, 'deno-import-map.json')}`,
              '--allow-net',
              '--allow-env',
              '--allow-read',
              '--allow-write',
              addressed,
            ],
          ]
        : [process.execPath, ['--import', join(dir, 'prelude.mjs'), addressed]];
      const environment = {
        ...process.env,
        ...env,
        README_BASE_URL: baseUrl,
        README_INTERVAL_MS: String(intervalMs),
      };
      return runFor(command, args, {
        cwd,
        env: environment,
        windowMs: runsUntilStopped(block) ? windowMs : 60_000,
      });
    },
  };
}

/** Runs a program until it exits, or for `windowMs` and then stops it (exit code null). */
function runFor(
  command: string,
  args: string[],
  { cwd, env, windowMs }: { cwd: string; env: NodeJS.ProcessEnv; windowMs: number },
): Promise<BlockRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      child.kill('SIGTERM');
    }, windowMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: stopped ? null : code, stdout, stderr, cwd });
    });
  });
}
