import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, readFormerSnapshot, rewriteSnapshot } from '@gamedata/core';
import { SNAPSHOT_CODEC } from '@gamedata/server-io/snapshot-file';
import { readRelease } from '@gamedata/server-io/release';
import { agedDemoReleases } from '@gamedata/test-support/aged-releases';
import { DEMO_RELEASES_DIR } from '@gamedata/test-support/demo';
import { HTTP_TABLE } from '@gamedata/test-support/http-table';
import { expectSameAnswer } from '@gamedata/test-support/same-answer';
import { sendInProcess } from '@gamedata/test-support/send';
import { startS3Server, type S3Server } from '@gamedata/test-support/s3-server';
import { runPublishDataset } from './support/publish-command.js';

const VERSIONS = ['2026-11-20.1', '2026-11-21.1', '2026-11-22.1'];

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The size of a demo release's SQLite file, as verify reports it. */
const sqliteBytes = async (version: string) =>
  (await stat(join(DEMO_RELEASES_DIR, version, `gamedata-${version}.sqlite`))).size;

/** The SHA-256 of every file of every release in a directory, by `version/name`. */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const version of VERSIONS)
    for (const name of await readdir(join(dir, version)))
      files.set(`${version}/${name}`, sha256(await readFile(join(dir, version, name))));
  return files;
}

/**
 * Every request of the HTTP table, answered from each release file of the current release: as the
 * file of `before` held it, read whole as earlier servers served it (`readFormerSnapshot`), and as
 * `after` serves it once upgraded. The same status, headers and bytes.
 */
async function expectSameAnswers(before: string, after: string): Promise<void> {
  const upgraded = await readRelease(after);
  const former = readFormerSnapshot(
    new Uint8Array(await readFile(join(before, upgraded.dataset.meta.version, 'dataset.snapshot'))),
  ).dataset;
  // The same histories and SQLite file beside each: the two release files are what is compared.
  const { history, recordHistory, database } = upgraded.dataset;
  const [old, served] = [former, upgraded.dataset].map((dataset) =>
    createApp({
      dataset: { ...dataset, history, recordHistory, ...(database ? { database } : {}) },
    }),
  );
  for (const [index, testCase] of HTTP_TABLE.entries()) {
    // Each case from an address of its own, the same for both apps: anonymous, within its own window.
    const client = `198.51.100.${index % 250}`;
    const reference = await sendInProcess(old!, client)(testCase.request);
    const reply = await sendInProcess(served!, client)(testCase.request);
    // A 429 would compare the two apps' rate limiters (their clocks), not the two files.
    expect(reference.status, testCase.name).not.toBe(429);
    expectSameAnswer(reply, reference, { instanceBound: testCase.instanceBound ?? false });
  }
}

describe('pnpm publish-dataset upgrade, in a directory', () => {
  // Three releases published, rewritten and read back whole: 17 to 29 s alone, more beside other files.
  it('rewrites releases of an earlier writer as the current writer writes them, after a dry run, and they answer as before', async () => {
    const dir = await agedDemoReleases();
    const aged = await filesOf(dir);

    const refused = await runPublishDataset(['verify', '--releases', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${join(dir, '2026-11-22.1')} is invalid:\ndataset.snapshot: written by an earlier version (without items' keyed columns, items' indexed fields, abilities' keyed columns, abilities' indexed fields, relics' keyed columns, relics' indexed fields, followers' keyed columns, followers' indexed fields, lists per language, search texts): rewrite it with pnpm publish-dataset upgrade\n`,
    );
    expect(refused.stderr).not.toContain('Nothing was published');

    const dryRun = await runPublishDataset(['upgrade', '--dry-run', '--releases', dir]);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toMatch(
      /^2026-11-20\.1: would upgrade \(\d+ -> \d+ bytes, its SQLite file written\)\n/,
    );
    expect(dryRun.stderr).toContain(
      'upgrade: 2026-11-22.1 would upgrade (3/3)\nDry run: 3 of 3 releases would be rewritten; nothing was written.\n',
    );
    expect(await filesOf(dir)).toEqual(aged);

    const upgrade = await runPublishDataset(['upgrade', '--releases', dir]);
    expect(upgrade.code, upgrade.stderr).toBe(0);
    expect(upgrade.stderr).toContain(`3 of 3 releases rewritten in ${dir}.`);
    // What the current writer wrote when the demo was upgraded: the same bytes, manifests included.
    expect(await filesOf(dir)).toEqual(await filesOf(DEMO_RELEASES_DIR));

    const verified = await runPublishDataset(['verify', '2026-11-20.1', '--releases', dir]);
    expect([verified.code, verified.stdout]).toEqual([
      0,
      `2026-11-20.1: 1482 records in 4 languages, 391 sprites, 20 bulk files, a SQLite file of ${await sqliteBytes('2026-11-20.1')} bytes: ok\n`,
    ]);
    const again = await runPublishDataset(['upgrade', '--releases', dir]);
    expect(again.stdout).toBe(VERSIONS.map((version) => `${version}: current\n`).join(''));

    const agedCopy = await agedDemoReleases();
    await expectSameAnswers(agedCopy, dir);
  }, 90_000);

  it('refuses a release whose file does not match its manifest, naming it, and rewrites nothing', async () => {
    const dir = await agedDemoReleases();
    const aged = await filesOf(dir);
    const file = join(dir, '2026-11-21.1', 'dataset.snapshot');
    const bytes = await readFile(file);
    bytes[bytes.length - 1]! ^= 1;
    await writeFile(file, bytes);
    const upgrade = await runPublishDataset(['upgrade', '--releases', dir]);
    expect(upgrade.code).toBe(1);
    expect(upgrade.stderr).toContain(
      `${join(dir, '2026-11-21.1')} is invalid:\ndataset.snapshot: content does not match the SHA-256 in manifest.json`,
    );
    // The release before it was rewritten; the damaged one and those after it were not.
    const after = await filesOf(dir);
    expect(after.get('2026-11-20.1/dataset.snapshot')).not.toEqual(
      aged.get('2026-11-20.1/dataset.snapshot'),
    );
    expect(after.get('2026-11-21.1/manifest.json')).toEqual(aged.get('2026-11-21.1/manifest.json'));
    expect(after.get('2026-11-22.1/dataset.snapshot')).toEqual(
      aged.get('2026-11-22.1/dataset.snapshot'),
    );
  });
});

describe('pnpm publish-dataset upgrade, in a bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.stop());

  it('rewrites the releases of an s3rver bucket as in a directory, and verifies them', async () => {
    await s3.createBucket('upgrade');
    const client = new S3Client(s3.clientConfig);
    const aged = await agedDemoReleases();
    for (const version of VERSIONS)
      for (const name of await readdir(join(aged, version)))
        await client.send(
          new PutObjectCommand({
            Bucket: 'upgrade',
            Key: `gamedata/${version}/${name}`,
            Body: await readFile(join(aged, version, name)),
          }),
        );
    await client.send(
      new PutObjectCommand({ Bucket: 'upgrade', Key: 'gamedata/CURRENT', Body: '2026-11-22.1\n' }),
    );
    const location = 's3://upgrade/gamedata';
    const upgrade = await runPublishDataset(['upgrade', '--releases', location], s3.env);
    expect(upgrade.code, upgrade.stderr).toBe(0);
    expect(upgrade.stdout).toMatch(
      /^(2026-11-2\d\.1: upgraded \(\d+ -> \d+ bytes, its SQLite file written\)\n){3}$/,
    );
    const current = await filesOf(DEMO_RELEASES_DIR);
    for (const version of VERSIONS)
      for (const name of ['dataset.snapshot', `gamedata-${version}.sqlite`, 'manifest.json']) {
        const object = await client.send(
          new GetObjectCommand({ Bucket: 'upgrade', Key: `gamedata/${version}/${name}` }),
        );
        const bytes = await object.Body!.transformToByteArray();
        expect(sha256(bytes), `${version}/${name}`).toBe(current.get(`${version}/${name}`));
      }
    const verified = await runPublishDataset(['verify', '--releases', location], s3.env);
    expect([verified.code, verified.stdout]).toEqual([
      0,
      `2026-11-22.1: 1485 records in 4 languages, 392 sprites, 20 bulk files, a SQLite file of ${await sqliteBytes('2026-11-22.1')} bytes: ok\n`,
    ]);
    client.destroy();
  });
});

describe('the committed demo releases', () => {
  it.each(VERSIONS)('%s is byte for byte what the current writer writes', async (version) => {
    const bytes = new Uint8Array(
      await readFile(join(DEMO_RELEASES_DIR, version, 'dataset.snapshot')),
    );
    expect(sha256(rewriteSnapshot(bytes, SNAPSHOT_CODEC))).toBe(sha256(bytes));
  });

  it('are each as the current writer writes it: upgrade has nothing to rewrite', async () => {
    const dryRun = await runPublishDataset([
      'upgrade',
      '--dry-run',
      '--releases',
      DEMO_RELEASES_DIR,
    ]);
    expect([dryRun.code, dryRun.stdout]).toEqual([
      0,
      VERSIONS.map((version) => `${version}: current\n`).join(''),
    ]);
  });
});
