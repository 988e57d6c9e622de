import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  edgeObjects,
  sqliteEdgeObjects,
  listReleases,
  openReleaseStore,
  pointCurrent,
  publishDataset,
  readCurrentVersion,
  readRelease,
  sqliteFiles,
  useRelease,
  writeRelease,
  type ReleaseStore,
} from '@gamedata/server-io/release';
import { DEMO_EXPORT_DIR } from '@gamedata/test-support/demo';
import { startS3Server, type S3Server } from '@gamedata/test-support/s3-server';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

const at = (day: number) => new Date(`2026-12-0${day}T08:00:00Z`);

/** Where releases are kept, as each test sees them: a fresh location, and a way to change one of its files behind the store's back. */
interface Backend {
  name: string;
  fresh(): Promise<string>;
  overwrite(location: string, key: string, bytes: Uint8Array): Promise<void>;
  read(location: string, key: string): Promise<string>;
}

let s3: S3Server;
let client: S3Client;
let buckets = 0;
const bucketOf = (location: string) => location.slice('s3://'.length).split('/')[0] as string;
const keyIn = (location: string, key: string) =>
  [...location.slice('s3://'.length).split('/').slice(1), key].join('/');

beforeAll(async () => {
  s3 = await startS3Server();
  // The stores configure the SDK from the environment, as an operator's process does.
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  client = new S3Client(s3.clientConfig);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  client?.destroy();
  await s3?.stop();
});

const BACKENDS: Backend[] = [
  {
    name: 'a directory',
    fresh: () => makeTempDir('releases'),
    overwrite: (dir, key, bytes) => writeFile(join(dir, key), bytes),
    read: (dir, key) => readFile(join(dir, key), 'utf8'),
  },
  {
    name: 'an S3 bucket, under a prefix',
    async fresh() {
      const bucket = `releases-${++buckets}`;
      await s3.createBucket(bucket);
      return `s3://${bucket}/games/gamedata`;
    },
    async overwrite(location, key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucketOf(location),
          Key: keyIn(location, key),
          Body: bytes,
        }),
      );
    },
    async read(location, key) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucketOf(location), Key: keyIn(location, key) }),
      );
      return (await answer.Body?.transformToString()) ?? '';
    },
  },
];

/** Publishes the demo export on day `day`, forced (its content is the same every time). */
const publishDemo = (releases: string | ReleaseStore, day: number) =>
  publishDataset({ exportDir: DEMO_EXPORT_DIR, releasesDir: releases, at: at(day), force: true });

describe.each(BACKENDS)('releases in $name', (backend) => {
  // Three demo releases published to the store and read back: 14 to 29 s alone, more beside other files.
  it('publishes, lists oldest first, names the current release in CURRENT, and reads it back with its served history', async () => {
    const location = await backend.fresh();
    expect(await listReleases(location)).toEqual([]);
    expect(await readCurrentVersion(location)).toBeUndefined();
    await expect(readRelease(location)).rejects.toThrow(
      'CURRENT: no release is current (publish one: pnpm publish-dataset)',
    );

    const first = await publishDemo(location, 1);
    expect(first).toMatchObject({
      kind: 'published',
      version: '2026-12-01.1',
      dir: `${location}/2026-12-01.1`,
    });
    await publishDemo(location, 2);
    await publishDemo(location, 2);
    expect(await listReleases(location)).toEqual(['2026-12-01.1', '2026-12-02.1', '2026-12-02.2']);
    expect(await backend.read(location, 'CURRENT')).toBe('2026-12-02.2\n');

    // A rollback: .2 is then a release the history serves a net change from.
    await pointCurrent(location, '2026-12-02.1');
    const { dataset, manifest } = await readRelease(location);
    expect(manifest.version).toBe('2026-12-02.1');
    expect(dataset.meta.version).toBe('2026-12-02.1');
    expect(dataset.history.otherReleases?.map((other) => other.version)).toEqual(['2026-12-02.2']);
    expect((await readRelease(location, '2026-12-01.1')).dataset.meta.version).toBe('2026-12-01.1');
  }, 90_000);

  it('refuses a file changed after publishing, naming the release and the file', async () => {
    const location = await backend.fresh();
    await publishDemo(location, 1);
    await backend.overwrite(
      location,
      '2026-12-01.1/dataset.snapshot',
      new TextEncoder().encode('gdsnap4\n'),
    );
    await expect(readRelease(location)).rejects.toThrow(
      `Dataset at ${location}/2026-12-01.1 is invalid:\ndataset.snapshot: content does not match the SHA-256 in manifest.json`,
    );
  });

  it('refuses to write a version that exists, and to point CURRENT at one that does not', async () => {
    const location = await backend.fresh();
    await publishDemo(location, 1);
    const before = await backend.read(location, '2026-12-01.1/manifest.json');
    await expect(
      writeRelease(location, '2026-12-01.1', { 'manifest.json': new TextEncoder().encode('{}') }),
    ).rejects.toThrow(`release 2026-12-01.1 exists already in ${location}`);
    expect(await backend.read(location, '2026-12-01.1/manifest.json')).toBe(before);
    await expect(pointCurrent(location, '2026-01-01.1')).rejects.toThrow(
      'manifest.json: no release 2026-01-01.1 (file is missing)',
    );
    expect(await readCurrentVersion(location)).toBe('2026-12-01.1');
  });

  it('tells whether CURRENT changed since a tag it gave', async () => {
    const location = await backend.fresh();
    await publishDemo(location, 1);
    const store = await openReleaseStore(location);
    const first = await store.readCurrent();
    expect(await store.readCurrentIfChanged(first.tag)).toBe('unchanged');
    await publishDemo(location, 2);
    expect(await store.readCurrentIfChanged(first.tag)).toMatchObject({ text: '2026-12-02.1\n' });
  });
});

describe('releases in an S3 bucket', () => {
  it('lists only releases whose manifest was written, and leaves the rest of the prefix (edge/) alone', async () => {
    const location = await BACKENDS[1]!.fresh();
    await publishDemo(location, 1);
    const snapshot = await BACKENDS[1]!.read(location, '2026-12-01.1/dataset.snapshot');
    // A publish cut short before its manifest, and the edge's public files.
    await BACKENDS[1]!.overwrite(
      location,
      '2026-12-02.1/dataset.snapshot',
      new TextEncoder().encode(snapshot),
    );
    await BACKENDS[1]!.overwrite(
      location,
      'edge/2026-12-01.1/bulk/items.json',
      new TextEncoder().encode('[]'),
    );
    expect(await listReleases(location)).toEqual(['2026-12-01.1']);
    // The next publish takes the unfinished version's place.
    expect(await publishDemo(location, 2)).toMatchObject({
      kind: 'published',
      version: '2026-12-02.1',
    });
    expect(await BACKENDS[1]!.read(location, 'edge/2026-12-01.1/bulk/items.json')).toBe('[]');
  });

  it("puts a release's bulk files in every coding and its sprites under edge/ with the API's headers, writing only what is not there", async () => {
    const location = await BACKENDS[1]!.fresh();
    const first = await publishDemo(location, 1);
    const release = await readRelease(location);
    const sqlite = release.manifest.sqlite!;
    const sqliteBytes = Object.fromEntries(
      await Promise.all(
        sqliteFiles(sqlite).map(async (name) => {
          const answer = await client.send(
            new GetObjectCommand({
              Bucket: bucketOf(location),
              Key: keyIn(location, `2026-12-01.1/${name}`),
            }),
          );
          return [name, (await answer.Body!.transformToByteArray()) as Uint8Array<ArrayBuffer>];
        }),
      ),
    );
    const objects = [
      ...edgeObjects(release.dataset),
      ...sqliteEdgeObjects('2026-12-01.1', sqlite, sqliteBytes),
    ];
    expect(first).toMatchObject({ kind: 'published', edge: { written: objects.length, kept: 0 } });
    const sprite = objects.find((object) => object.key.startsWith('edge/v1/img/'))!;
    const bulkFile = (path: string) =>
      objects.find((object) => object.key === `edge/v1/files/2026-12-01.1/${path}`)!;
    for (const expected of [
      bulkFile('bulk/items.json.br'),
      bulkFile('bulk/de/items.json.gz'),
      bulkFile('gamedata-2026-12-01.1.sqlite.br'),
      bulkFile('gamedata-2026-12-01.1.sqlite'),
      sprite,
    ]) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucketOf(location), Key: keyIn(location, expected.key) }),
      );
      expect([
        answer.ContentType,
        answer.ContentEncoding,
        answer.ContentLanguage,
        answer.CacheControl,
        answer.Metadata?.etag,
      ]).toEqual([
        expected.contentType,
        expected.contentEncoding,
        expected.contentLanguage,
        expected.cacheControl,
        expected.etag,
      ]);
      expect(
        Buffer.from((await answer.Body?.transformToByteArray()) ?? []).equals(expected.body),
      ).toBe(true);
    }

    // A server reading the bucket reads a range of the SQLite file from it.
    const range = new Uint8Array(
      await new Response(release.dataset.database!.read(16, 116)).arrayBuffer(),
    );
    expect(Buffer.from(range).equals(sqliteBytes[sqlite.file]!.subarray(16, 116))).toBe(true);

    // A new release adds its own bulk files (5 collections × 3 codings, in each of the demo's 4
    // languages) and its SQLite file in 3 codings; its sprites are there already.
    expect(await publishDemo(location, 2)).toMatchObject({
      edge: { written: 63, kept: objects.length - 63 },
    });
    // Going back to a release puts what of its files is missing before it becomes current.
    await client.send(
      new DeleteObjectCommand({
        Bucket: bucketOf(location),
        Key: keyIn(location, 'edge/v1/files/2026-12-01.1/bulk/items.json'),
      }),
    );
    expect(await useRelease(location, '2026-12-01.1')).toEqual({
      written: 1,
      kept: objects.length - 1,
    });
    expect(await readCurrentVersion(location)).toBe('2026-12-01.1');
    // A directory has no edge.
    const dir = await BACKENDS[0]!.fresh();
    expect(await publishDemo(dir, 1)).not.toHaveProperty('edge');
    expect(await useRelease(dir, '2026-12-01.1')).toBeUndefined();
  });

  it('works at the top of a bucket, with no prefix', async () => {
    const bucket = `releases-${++buckets}`;
    await s3.createBucket(bucket);
    await publishDemo(`s3://${bucket}`, 1);
    expect(await listReleases(`s3://${bucket}/`)).toEqual(['2026-12-01.1']);
    expect(await BACKENDS[1]!.read(`s3://${bucket}`, 'CURRENT')).toBe('2026-12-01.1\n');
  });

  it('names the bucket and S3 error code when the bucket is missing, access is denied or the endpoint is unreachable', async () => {
    await expect(listReleases('s3://no-such-bucket/gamedata')).rejects.toThrow(
      's3://no-such-bucket/gamedata: cannot list gamedata/: the bucket no-such-bucket does not exist (NoSuchBucket)',
    );
    const location = await BACKENDS[1]!.fresh();
    const keyId = process.env.AWS_ACCESS_KEY_ID;
    process.env.AWS_ACCESS_KEY_ID = 'AKIDNOTKNOWNHERE';
    try {
      await expect(readCurrentVersion(location)).rejects.toThrow(
        `${location}: cannot read games/gamedata/CURRENT: access to the bucket ${bucketOf(location)} is denied (InvalidAccessKeyId)`,
      );
    } finally {
      process.env.AWS_ACCESS_KEY_ID = keyId;
    }
    const endpoint = process.env.AWS_ENDPOINT_URL_S3;
    // Nothing listens on port 9 (discard) of the loopback address.
    process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:9';
    try {
      await expect(readCurrentVersion(location)).rejects.toThrow(
        `${location}: cannot read games/gamedata/CURRENT: cannot reach the S3 endpoint http://127.0.0.1:9 (AWS_ENDPOINT_URL_S3) for the bucket ${bucketOf(location)} (ECONNREFUSED)`,
      );
    } finally {
      process.env.AWS_ENDPOINT_URL_S3 = endpoint;
    }
  });
});
