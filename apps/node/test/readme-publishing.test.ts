import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemoReleases, DEMO_EXPORT_DIR } from '@gamedata/test-support/demo';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { readmeShellBlock, runShell } from './support/readme-blocks.js';
import { PUBLISH_CLI } from './support/spawn.js';

/** A copy of the demo export with one item renamed: a change to publish. */
async function changedExport(): Promise<string> {
  const dir = await makeTempDir('export');
  await cp(DEMO_EXPORT_DIR, dir, {
    recursive: true,
    filter: (src) => !src.includes('tools') && !src.includes('node_modules'),
  });
  const items = JSON.parse(await readFile(join(dir, 'items.json'), 'utf8')) as Array<{
    name: string;
  }>;
  items[0]!.name = `${items[0]!.name} Reforged`;
  await writeFile(join(dir, 'items.json'), JSON.stringify(items));
  return dir;
}

describe("README.md's publishing commands", () => {
  it('run as written against a copy of the demo releases: publish, list, roll back, verify, upgrade', async () => {
    const releases = await copyDemoReleases();
    const block = await readmeShellBlock('publishing commands', (text) =>
      text.startsWith('pnpm publish-dataset --dry-run'),
    );
    // `pnpm publish-dataset ARGS` is the built CLI on the copy; the SIGHUP line needs a running
    // server, whose switch to a new release is tested on its own (publish-dataset.test.ts).
    const script = [
      `pnpm() { shift; node '${PUBLISH_CLI}' "$@" --releases '${releases}'; }`,
      ...block.split('\n').filter((line) => !line.startsWith('kill ')),
    ].join('\n');
    const { code, stdout, stderr } = await runShell(script, {
      GAMEDATA_EXPORT_DIR: await changedExport(),
    });
    expect(code, stderr).toBe(0);
    const today = `${new Date().toISOString().slice(0, 10)}.1`;
    expect(stderr).toContain(`Published ${today} in ${releases}/${today}; it is current.`);
    expect(stdout).toContain(`  2026-11-22.1\n* ${today}\n`);
    expect(stderr).toContain(`2026-11-21.1 is current in ${releases}.`);
    expect(stdout).toMatch(
      /^2026-11-21\.1: 1\d{3} records in 4 languages, \d+ sprites, 20 bulk files, a SQLite file of \d+ bytes: ok$/m,
    );
    expect(stderr).toContain('Dry run: 0 of 4 releases would be rewritten; nothing was written.\n');
    expect(stderr).toContain(`0 of 4 releases rewritten in ${releases}.\n`);
  }, 120_000);
});
