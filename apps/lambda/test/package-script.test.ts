import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishForTest, TEST_KEY, TEST_KEY_ID, writeTestKeyFile } from '@gamedata/test-support/demo';
import { PACKAGE_SCRIPT } from './support/built-handler.js';
import { invokeInFreshProcess, unzipPackage } from './support/fresh-process.js';
import { toEvent, toReply } from './support/lambda-events.js';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const GENERATOR = fileURLToPath(new URL('../../../dataset/tools/generate.mjs', import.meta.url));

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: { ...process.env, GAMEDATA_RELEASES_DIR: '', GAMEDATA_RELEASE: '', GAMEDATA_KEYS_FILE: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** An operator's own releases: a small generated export, published on a day of its own. */
async function writeOperatorReleases(dir: string): Promise<string> {
  const generated = await run(GENERATOR, ['--items', '20', '--out', join(dir, 'export')], {});
  expect(generated.code, generated.stderr).toBe(0);
  const releasesDir = join(dir, 'releases');
  await publishForTest(join(dir, 'export'), { releasesDir, at: new Date('2026-12-01T08:00:00Z') });
  return releasesDir;
}

describe('scripts/package.mjs (pnpm package:lambda)', () => {
  let work: string;
  let releases: string;
  beforeAll(async () => {
    work = await makeTempDir('package');
    releases = await writeOperatorReleases(work);
  });

  it("ships the operator's current release and key file, prints the zip's size, and the zip serves them", async () => {
    const { path: keysFile } = await writeTestKeyFile();
    const out = join(work, 'out');
    const built = await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_RELEASES_DIR: releases, GAMEDATA_KEYS_FILE: keysFile });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/lambda\.zip: \d+ kB zipped .*release 2026-12-01\.1 .*20 items.*1 active keys/);

    const { dir, names } = await unzipPackage(join(out, 'lambda.zip'));
    expect(names.filter((name) => !name.startsWith('chunks/'))).toEqual(['dataset.snapshot', 'history.json', 'index.mjs', 'keys.json']);
    const event = toEvent('function-url', { path: '/v1/meta', headers: { authorization: `Bearer ${TEST_KEY}` }, sourceIp: '203.0.113.30' });
    const { results, stdout } = await invokeInFreshProcess(dir, [event]);
    const reply = toReply(results[0] as (typeof results)[number]);
    expect(reply.json()).toMatchObject({ data: { version: '2026-12-01.1', counts: { items: 20 } } });
    // The release's snapshot, byte for byte: what publish-dataset validated is what is deployed.
    expect((await readFile(join(dir, 'dataset.snapshot'))).equals(await readFile(join(releases, '2026-12-01.1', 'dataset.snapshot')))).toBe(true);
    expect(reply.headers.get('ratelimit-limit')).toBe('600');
    expect(stdout).toContain('"source":"bundled keys.json"');
    expect(stdout).toContain(`"keyId":"${TEST_KEY_ID}"`);
  });

  it('writes the same zip for the same inputs', async () => {
    const first = await run(PACKAGE_SCRIPT, ['--out', join(work, 'again-1')], { GAMEDATA_RELEASES_DIR: releases });
    const second = await run(PACKAGE_SCRIPT, ['--out', join(work, 'again-2')], { GAMEDATA_RELEASES_DIR: releases });
    expect([first.code, second.code]).toEqual([0, 0]);
    const [a, b] = await Promise.all([readFile(join(work, 'again-1', 'lambda.zip')), readFile(join(work, 'again-2', 'lambda.zip'))]);
    expect(a.equals(b)).toBe(true);
  });

  it('ships GAMEDATA_RELEASE rather than the current release when it is set', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'older')], { GAMEDATA_RELEASE: '2026-11-21.1' });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('release 2026-11-21.1 from');
  });

  it('fails on a release changed after publishing, naming the file, and leaves no zip behind', async () => {
    const tampered = join(work, 'tampered');
    await cp(releases, tampered, { recursive: true });
    const manifest = join(tampered, '2026-12-01.1', 'manifest.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"dataset\.snapshot": "[0-9a-f]+"/, `"dataset.snapshot": "${'0'.repeat(64)}"`));

    const out = join(work, 'tampered-out');
    expect((await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_RELEASES_DIR: releases })).code).toBe(0);
    const built = await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_RELEASES_DIR: tampered });
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`Dataset at ${join(tampered, '2026-12-01.1')} is invalid:`);
    expect(built.stderr).toContain('dataset.snapshot: content does not match the SHA-256 in manifest.json');
    expect(existsSync(join(out, 'lambda.zip'))).toBe(false);
  });

  it('fails when GAMEDATA_KEYS_FILE names no file', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'no-keys')], { GAMEDATA_RELEASES_DIR: releases, GAMEDATA_KEYS_FILE: join(work, 'missing.json') });
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`GAMEDATA_KEYS_FILE: no file at ${join(work, 'missing.json')}`);
  });
});
