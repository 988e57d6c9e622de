import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EXPORT_DIR, demo } from '@gamedata/test-support/demo';
import { startS3Server, type S3Server } from '@gamedata/test-support/s3-server';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { runPublishDataset } from './support/publish-command.js';
import { runToExit } from './support/spawn.js';

let s3: S3Server;
let buckets = 0;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

/** A fresh bucket, and the releases location under its prefix. */
async function freshBucket(): Promise<{ bucket: string; location: string }> {
  const bucket = `publish-${++buckets}`;
  await s3.createBucket(bucket);
  return { bucket, location: `s3://${bucket}/gamedata` };
}

const publish = (args: string[], env: Record<string, string> = {}) =>
  runPublishDataset(args, { ...s3.env, GAMEDATA_EXPORT_DIR: DEMO_EXPORT_DIR, ...env });

// A test here runs the publisher several times, each its own process, against a local S3 server:
// 15 to 23 s on a quiet machine, and past the package's 30 s beside the other suites.
describe('pnpm publish-dataset --releases s3://bucket/prefix', { timeout: 120_000 }, () => {
  it('publishes, lists, compares in a dry run and rolls back with use, as with a directory', async () => {
    const { location } = await freshBucket();
    const first = await publish(['--releases', location, '--published', '2026-12-01T08:00:00Z']);
    expect(first.code, first.stderr).toBe(0);
    // Each collection's bulk file in 3 codings in each language, the SQLite file in 3, the sprites.
    const bulkFiles = 15 * (1 + Object.keys(demo.translations).length) + 3;
    const edgeFiles = bulkFiles + demo.sprites.size;
    // Each step as it starts, a line each when stderr is not a terminal.
    const steps = [
      'reading and checking the export',
      'comparing it with the current release',
      'the record history',
      'bulk files',
      'the SQLite file',
      'the release file',
      'the SQLite file: its checks',
      'the SQLite file, compressed',
      'writing the release',
      'the edge files',
    ];
    expect(first.stderr).toBe(
      steps.map((step) => `publish: ${step}\n`).join('') +
        `Edge files: ${edgeFiles} written, 0 there already.\n` +
        `Published 2026-12-01.1 in ${location}/2026-12-01.1; it is current. Reload servers: kill -HUP <pid>. Lambda functions reading the bucket switch within GAMEDATA_RELEASE_CHECK_SECONDS.\n`,
    );

    // The same export again: refused as unchanged, in a dry run as in a publish.
    const dryRun = await publish([
      '--releases',
      location,
      '--published',
      '2026-12-02T08:00:00Z',
      '--dry-run',
    ]);
    expect(dryRun.code).toBe(1);
    expect(dryRun.stdout).toMatch(/^2026-12-01\.1 → 2026-12-02\.1\nitems: no change\n/);
    expect(dryRun.stderr).toContain(
      'Refused: the content is the same as the current release, 2026-12-01.1',
    );
    const forcedDryRun = await publish([
      '--releases',
      location,
      '--published',
      '2026-12-02T08:00:00Z',
      '--dry-run',
      '--force',
    ]);
    expect(forcedDryRun.stderr).toBe(
      steps
        .slice(0, 2)
        .map((step) => `publish: ${step}\n`)
        .join('') + 'Dry run: 2026-12-02.1 would be published; nothing was written.\n',
    );
    expect((await publish(['list', '--releases', location])).stdout).toBe('* 2026-12-01.1\n');

    // GAMEDATA_RELEASES_DIR names the bucket as --releases does.
    expect(
      (
        await publish(['--published', '2026-12-02T08:00:00Z', '--force'], {
          GAMEDATA_RELEASES_DIR: location,
        })
      ).code,
    ).toBe(0);
    expect((await publish(['list'], { GAMEDATA_RELEASES_DIR: location })).stdout).toBe(
      '  2026-12-01.1\n* 2026-12-02.1\n',
    );

    const use = await publish(['use', '2026-12-01.1', '--releases', location]);
    expect(use.stderr).toBe(
      `Edge files: 0 written, ${edgeFiles} there already.\n2026-12-01.1 is current in ${location}. Reload servers: kill -HUP <pid>. Lambda functions reading the bucket switch within GAMEDATA_RELEASE_CHECK_SECONDS.\n`,
    );
    expect((await publish(['list', '--releases', location])).stdout).toBe(
      '* 2026-12-01.1\n  2026-12-02.1\n',
    );
    const missing = await publish(['use', '2026-01-01.1', '--releases', location]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `Dataset at ${location}/2026-01-01.1 is invalid:\nmanifest.json: no release 2026-01-01.1 (file is missing)`,
    );
  });

  it.each<[string, Record<string, string>, (bucket: string) => string]>([
    [
      'a bucket that does not exist',
      {},
      () =>
        'publish-dataset: s3://no-such-bucket/gamedata: cannot read gamedata/CURRENT: the bucket no-such-bucket does not exist (NoSuchBucket)',
    ],
    [
      'credentials the server does not know',
      { AWS_ACCESS_KEY_ID: 'AKIDNOTKNOWNHERE' },
      (bucket) =>
        `publish-dataset: s3://${bucket}/gamedata: cannot read gamedata/CURRENT: access to the bucket ${bucket} is denied (InvalidAccessKeyId); check the credentials and that they may read (and, to publish, write) s3://${bucket}/gamedata/*`,
    ],
    [
      'an endpoint nothing listens on',
      { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9' },
      (bucket) =>
        `publish-dataset: s3://${bucket}/gamedata: cannot read gamedata/CURRENT: cannot reach the S3 endpoint http://127.0.0.1:9 (AWS_ENDPOINT_URL_S3) for the bucket ${bucket} (ECONNREFUSED)`,
    ],
  ])(
    'says in one line, naming the bucket and the S3 error, when it meets %s',
    async (_case, env, line) => {
      const { bucket, location } =
        env.AWS_ACCESS_KEY_ID || env.AWS_ENDPOINT_URL_S3
          ? await freshBucket()
          : { bucket: 'no-such-bucket', location: 's3://no-such-bucket/gamedata' };
      for (const command of [[], ['list']]) {
        const { code, stderr } = await publish([...command, '--releases', location], env);
        expect({ code, stderr }).toEqual({ code: 1, stderr: `${line(bucket)}\n` });
      }
    },
  );

  it('replaces the edge copy of a sprite given new bytes with --force, and names the CloudFront invalidation that drops the old one', async () => {
    const { bucket, location } = await freshBucket();
    expect(
      (await publish(['--releases', location, '--published', '2026-12-01T08:00:00Z'])).code,
    ).toBe(0);
    const dir = join(await makeTempDir('export'), 'dataset');
    await cp(DEMO_EXPORT_DIR, dir, {
      recursive: true,
      filter: (src) => !src.includes('node_modules'),
    });
    await cp(
      join(dir, 'sprites', 'follower.beast.1.png'),
      join(dir, 'sprites', 'follower.beast.2.png'),
    );

    const forced = await publish([
      '--from',
      dir,
      '--releases',
      location,
      '--published',
      '2026-12-02T08:00:00Z',
      '--force',
    ]);
    expect(forced.code, forced.stderr).toBe(0);
    // The new release's bulk files (5 in 3 codings, per language) and SQLite file (in 3), and the one
    // sprite whose bytes changed.
    const bulkFiles = 15 * (1 + Object.keys(demo.translations).length) + 3;
    expect(forced.stderr).toContain(
      `Edge files: ${bulkFiles + 1} written, ${demo.sprites.size - 1} there already.\n` +
        "CloudFront keeps the old images for up to 30 days; drop them: aws cloudfront create-invalidation --distribution-id <DistributionId> --paths '/v1/img/follower.beast.2.png'\n",
    );
    const client = new S3Client(s3.clientConfig);
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: 'gamedata/edge/v1/img/follower.beast.2.png' }),
      );
      expect(
        Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(
          demo.sprites.get('follower.beast.1')!.bytes,
        ),
      ).toBe(true);
    } finally {
      client.destroy();
    }
  });

  it('the Node server says in one line that the bucket it is given does not exist', async () => {
    const { code, stderr } = await runToExit({
      ...s3.env,
      GAMEDATA_RELEASES_DIR: 's3://no-such-bucket/gamedata',
    });
    expect({ code, stderr }).toEqual({
      code: 1,
      stderr:
        'gamedata: s3://no-such-bucket/gamedata: cannot list gamedata/: the bucket no-such-bucket does not exist (NoSuchBucket)\n',
    });
  });
});
