#!/usr/bin/env node
// Rebuilds the demo's release history and export from the generator:
//
//   pnpm --filter @gamedata/dataset demo     (after `pnpm build`)
//
// Publishes the base export and each balance patch (generate.mjs --patch N) as a release of its own
// day into ../releases/ (emptied first; with --into-demo, since each export is written elsewhere
// than dataset/), then writes the latest patch to ../ as the demo export, so `pnpm publish-dataset
// --dry-run` on a fresh clone compares the export with the release it became.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DATASET_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
const RELEASES_DIR = join(DATASET_DIR, '..', 'releases');
const PUBLISH = join(DATASET_DIR, '..', 'apps', 'node', 'dist', 'publish-dataset.js');
const GENERATE = join(DATASET_DIR, 'tools', 'generate.mjs');
/** One release a day: the base export, then two balance patches. */
const PUBLISHED = ['2026-11-20T09:30:00Z', '2026-11-21T10:00:00Z', '2026-11-22T09:00:00Z'];

if (!existsSync(PUBLISH)) {
  process.stderr.write(`publish-demo: ${PUBLISH} is missing; run \`pnpm build\` first.\n`);
  process.exit(2);
}
const run = (script, args) =>
  execFileSync(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });

rmSync(RELEASES_DIR, { recursive: true, force: true });
const work = mkdtempSync(join(tmpdir(), 'gamedata-demo-'));
try {
  PUBLISHED.forEach((published, patch) => {
    const exportDir = join(work, `patch-${patch}`);
    run(GENERATE, ['--out', exportDir, '--patch', String(patch)]);
    run(PUBLISH, [
      '--from',
      exportDir,
      '--releases',
      RELEASES_DIR,
      '--into-demo',
      '--published',
      published,
    ]);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
run(GENERATE, ['--patch', String(PUBLISHED.length - 1)]);
