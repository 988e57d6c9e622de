import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY, TEST_KEY_ID, writeTestKeyFile } from '@gamedata/test-support/demo';
import { PACKAGE_SCRIPT } from './support/built-handler.js';
import { invokeInFreshProcess, unzipPackage } from './support/fresh-process.js';
import { toEvent, toReply } from './support/lambda-events.js';

const GENERATOR = fileURLToPath(new URL('../../../dataset/tools/generate.mjs', import.meta.url));

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, ...args], { env: { ...process.env, GAMEDATA_DATASET_DIR: '', GAMEDATA_KEYS_FILE: '', ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** An operator's own dataset: a small generated one, published as a later version than the demo. */
async function writeOperatorDataset(dir: string): Promise<void> {
  const generated = await run(GENERATOR, ['--items', '20', '--out', dir], {});
  expect(generated.code, generated.stderr).toBe(0);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, version: '2026-12-01.2' }));
}

describe('scripts/package.mjs (pnpm package:lambda)', () => {
  let work: string;
  let dataset: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'gamedata-package-'));
    dataset = join(work, 'dataset');
    await writeOperatorDataset(dataset);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("ships the operator's dataset and key file, prints the zip's size, and the zip serves them", async () => {
    const { path: keysFile } = await writeTestKeyFile();
    const out = join(work, 'out');
    const built = await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_DATASET_DIR: dataset, GAMEDATA_KEYS_FILE: keysFile });
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/lambda\.zip: \d+ kB zipped .*dataset 2026-12-01\.2 .*20 items.*1 active keys/);

    const { dir, names } = await unzipPackage(join(out, 'lambda.zip'), work);
    expect(names.filter((name) => !name.startsWith('chunks/'))).toEqual(['dataset.snapshot', 'index.mjs', 'keys.json']);
    const event = toEvent('function-url', { path: '/v1/meta', headers: { authorization: `Bearer ${TEST_KEY}` }, sourceIp: '203.0.113.30' });
    const { results, stdout } = await invokeInFreshProcess(dir, [event]);
    const reply = toReply(results[0] as (typeof results)[number]);
    expect(reply.json()).toMatchObject({ data: { version: '2026-12-01.2', counts: { items: 20 } } });
    expect(reply.headers.get('ratelimit-limit')).toBe('600');
    expect(stdout).toContain('"source":"bundled keys.json"');
    expect(stdout).toContain(`"keyId":"${TEST_KEY_ID}"`);
  });

  it('writes the same zip for the same inputs', async () => {
    const first = await run(PACKAGE_SCRIPT, ['--out', join(work, 'again-1')], { GAMEDATA_DATASET_DIR: dataset });
    const second = await run(PACKAGE_SCRIPT, ['--out', join(work, 'again-2')], { GAMEDATA_DATASET_DIR: dataset });
    expect([first.code, second.code]).toEqual([0, 0]);
    const [a, b] = await Promise.all([readFile(join(work, 'again-1', 'lambda.zip')), readFile(join(work, 'again-2', 'lambda.zip'))]);
    expect(a.equals(b)).toBe(true);
  });

  it("fails on a broken dataset with the loader's list of problems, and leaves no zip behind", async () => {
    const broken = join(work, 'broken');
    await writeOperatorDataset(broken);
    type RawItem = { id: string; icon?: string; stats?: Array<{ stat: string }> };
    const items = JSON.parse(await readFile(join(broken, 'items.json'), 'utf8')) as RawItem[];
    const withStats = items.find((item) => item.stats?.[0]) as Required<RawItem>;
    (withStats.stats[0] as { stat: string }).stat = 'crt';
    await writeFile(join(broken, 'items.json'), JSON.stringify(items));
    const withIcon = items.find((item) => item.icon) as Required<RawItem>;
    await unlink(join(broken, 'sprites', `${withIcon.icon}.png`));

    const out = join(work, 'broken-out');
    expect((await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_DATASET_DIR: dataset })).code).toBe(0);
    const built = await run(PACKAGE_SCRIPT, ['--out', out], { GAMEDATA_DATASET_DIR: broken });
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`Dataset at ${broken} is invalid:`);
    expect(built.stderr).toContain(`items.json › ${withStats.id} › stats[0].stat: unknown stat key "crt"`);
    expect(built.stderr).toContain(`no sprite "sprites/${withIcon.icon}.png"`);
    expect(existsSync(join(out, 'lambda.zip'))).toBe(false);
  });

  it('fails when GAMEDATA_KEYS_FILE names no file', async () => {
    const built = await run(PACKAGE_SCRIPT, ['--out', join(work, 'no-keys')], { GAMEDATA_DATASET_DIR: dataset, GAMEDATA_KEYS_FILE: join(work, 'missing.json') });
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`GAMEDATA_KEYS_FILE: no file at ${join(work, 'missing.json')}`);
  });
});
