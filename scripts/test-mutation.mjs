// `pnpm test:mutation [--changed] [files…]`: StrykerJS on a package's source files, failing when a
// mutant survives that the package's mutation-baseline.json does not accept (CONTRIBUTING.md,
// "Mutation testing"). With no file, each baseline's `modules`; with --changed, the source files
// that differ from main's merge base, committed or not.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareWithBaseline, survivorsOf } from './mutation-baseline.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// pnpm keeps the runner out of Stryker's own node_modules, where Stryker looks for plugins by name.
const VITEST_RUNNER = require.resolve('@stryker-mutator/vitest-runner');
const SOURCE = /^((?:packages|apps)\/[^/]+)\/src\/.+(?<!\.test)\.ts$/;

function baselineOf(packageDir) {
  const path = join(root, packageDir, 'mutation-baseline.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { equivalent: [] };
}

function changedFiles() {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const base = git('merge-base', 'main', 'HEAD');
  const names = git('diff', '--name-only', '--diff-filter=AMR', base).split('\n');
  return names.filter((name) => SOURCE.test(name) && !name.includes('/testing/'));
}

function defaultFiles() {
  return ['packages/core'].flatMap((dir) =>
    (baselineOf(dir).modules ?? []).map((file) => `${dir}/${file}`),
  );
}

function filesAsked(args) {
  const from = process.env.INIT_CWD ?? process.cwd();
  if (args.includes('--changed')) return changedFiles();
  const named = args.map((arg) => relative(root, resolve(from, arg)).replaceAll('\\', '/'));
  return named.length > 0 ? named : defaultFiles();
}

function byPackage(files) {
  const packages = new Map();
  for (const file of files) {
    const match = SOURCE.exec(file);
    if (!match || !existsSync(join(root, file)))
      throw new Error(`${file} is not a source file of a package (packages/*/src or apps/*/src)`);
    const dir = match[1];
    packages.set(dir, [...(packages.get(dir) ?? []), file.slice(dir.length + 1)]);
  }
  return packages;
}

async function mutate(packageDir, files) {
  const { Stryker } = await import('@stryker-mutator/core');
  const reports = join(root, 'mutation-reports', packageDir.replace('/', '-'));
  process.chdir(join(root, packageDir));
  await new Stryker({
    mutate: files,
    testRunner: 'vitest',
    plugins: [VITEST_RUNNER],
    // Tests import other workspace packages by relative path, and pnpm links dependencies from the
    // root's store: a sandbox copy of one package resolves neither, so mutants are written in place
    // (Stryker restores every file when it ends, and on Ctrl-C).
    inPlace: true,
    coverageAnalysis: 'perTest',
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: join(reports, 'index.html') },
    jsonReporter: { fileName: join(reports, 'mutation.json') },
    tempDirName: join(root, 'mutation-reports', '.stryker-tmp'),
    cleanTempDir: 'always',
  }).runMutationTest();
  process.chdir(root);
  const report = JSON.parse(readFileSync(join(reports, 'mutation.json'), 'utf8'));
  const survivors = survivorsOf(report, join(root, packageDir));
  return { reports, ...compareWithBaseline(survivors, baselineOf(packageDir).equivalent, files) };
}

const files = filesAsked(process.argv.slice(2));
if (files.length === 0) {
  console.log('test:mutation: no source file to mutate.');
  process.exit(0);
}
let failed = false;
for (const [packageDir, packageFiles] of byPackage(files)) {
  const { reports, unexpected, stale } = await mutate(packageDir, packageFiles);
  console.log(`\n${packageDir}: report in ${relative(root, reports)}/index.html`);
  for (const entry of stale)
    console.log(
      `  no longer survives, remove from mutation-baseline.json: ${JSON.stringify(entry)}`,
    );
  if (unexpected.length === 0) {
    console.log(`  every surviving mutant is in ${packageDir}/mutation-baseline.json`);
    continue;
  }
  failed = true;
  console.log(
    `  ${unexpected.length} surviving mutant(s) not in ${packageDir}/mutation-baseline.json: kill each with a test, or add it with the reason it is equivalent:`,
  );
  for (const { line, status, ...entry } of unexpected)
    console.log(`  line ${line} (${status}): ${JSON.stringify({ ...entry, reason: '' })}`);
}
process.exit(failed ? 1 : 0);
