import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EXPORT_DIR } from '@gamedata/test-support/demo';
import { startS3Server, type S3Server } from '@gamedata/test-support/s3-server';
import { spawnServer, type ServerProcess } from '@gamedata/test-support/spawn';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import type { LambdaHandler } from '../src/handler.js';
import { importBuiltHandler } from './support/built-handler.js';
import { sendThroughLambda } from './support/http-table-through-lambda.js';

const NODE_MAIN = fileURLToPath(import.meta.resolve('@gamedata/node/main'));
const PUBLISH_CLI = fileURLToPath(import.meta.resolve('@gamedata/node/publish-dataset'));
const BUCKET = 'gamedata-releases';
const LOCATION = `s3://${BUCKET}/live`;
/** The Lambda's check interval in this test; 60 s by default. */
const CHECK_SECONDS = 1;

let s3: S3Server;

/** `pnpm publish-dataset --releases s3://…` of the demo export, dated `day` (forced: the content is the demo's each time). */
function publish(day: number): Promise<string> {
  const args = ['--releases', LOCATION, '--published', `2026-12-0${day}T08:00:00Z`, '--force'];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [PUBLISH_CLI, ...args],
      { env: { ...process.env, ...s3.env, GAMEDATA_EXPORT_DIR: DEMO_EXPORT_DIR } },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stderr),
    ),
  );
}

const versionFrom = async (send: ReturnType<typeof sendThroughLambda>) =>
  (await send({ path: '/v1/meta' })).headers.get('x-dataset-version');

async function nodeVersion(server: ServerProcess): Promise<string | null> {
  return (await fetch(`${server.url}/v1/meta`)).headers.get('x-dataset-version');
}

describe('releases from an S3 bucket, with no rebuild: publish .1, serve it, publish .2, serve .2', () => {
  let node: ServerProcess;
  let lambda: ReturnType<typeof sendThroughLambda>;
  let handler: LambdaHandler;

  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket(BUCKET);
    expect(await publish(1)).toContain(
      `Published 2026-12-01.1 in ${LOCATION}/2026-12-01.1; it is current.`,
    );
    const cwd = await makeTempDir('bucket-node');
    node = await spawnServer(NODE_MAIN, {
      ...s3.env,
      GAMEDATA_RELEASES_DIR: LOCATION,
      GAMEDATA_KEYS_FILE: join(cwd, 'keys.json'),
    });
    // The package the app's build makes holds the demo's release; the setting makes it read the bucket instead.
    handler = await importBuiltHandler(
      {
        ...s3.env,
        GAMEDATA_RELEASES_DIR: LOCATION,
        GAMEDATA_RELEASE_CHECK_SECONDS: String(CHECK_SECONDS),
      },
      'bucket',
    );
    lambda = sendThroughLambda(handler, 'function-url', '198.51.100.20');
  });
  afterAll(async () => {
    node?.child.kill('SIGKILL');
    await s3?.stop();
  });

  it('both serve .1, read from the bucket at start', async () => {
    expect(await nodeVersion(node)).toBe('2026-12-01.1');
    expect(await versionFrom(lambda)).toBe('2026-12-01.1');
  });

  it('after publishing .2: Node on SIGHUP, the warm Lambda within the check interval', async () => {
    expect(await publish(2)).toContain(
      'Lambda functions reading the bucket switch within GAMEDATA_RELEASE_CHECK_SECONDS.',
    );
    expect(await nodeVersion(node)).toBe('2026-12-01.1');

    node.child.kill('SIGHUP');
    await vi.waitFor(
      () => expect(node.output()).toContain('"msg":"release switched","dataset":"2026-12-02.1"'),
      { timeout: 10_000 },
    );
    expect(await nodeVersion(node)).toBe('2026-12-02.1');

    const lines = vi.spyOn(process.stdout, 'write');
    try {
      await new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 1000));
      expect(await versionFrom(lambda)).toBe('2026-12-02.1');
      const switched = lines.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('"msg":"release"'));
      expect(
        switched.map((line) => JSON.parse(line) as { dataset: string; previous: string }),
      ).toMatchObject([{ dataset: '2026-12-02.1', previous: '2026-12-01.1' }]);
    } finally {
      lines.mockRestore();
    }
    // Its change history reaches back to .1, read from the bucket's manifests.
    expect((await lambda({ path: '/v1/changes?since=2026-12-01.1' })).status).toBe(200);
  });

  it('the Lambda keeps its release when CURRENT names one that cannot be loaded, and takes the next good one', async () => {
    const errors = vi.spyOn(process.stderr, 'write');
    const client = new S3Client(s3.clientConfig);
    try {
      await client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: 'live/CURRENT', Body: '2026-12-09.1\n' }),
      );
      await new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 1000));
      expect(await versionFrom(lambda)).toBe('2026-12-02.1');
      const logged = errors.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('release check failed'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('keeping release 2026-12-02.1');
      expect(logged[0]).toContain('no release 2026-12-09.1');

      await client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: 'live/CURRENT', Body: '2026-12-01.1\n' }),
      );
      await new Promise((resolve) => setTimeout(resolve, CHECK_SECONDS * 1000));
      expect(await versionFrom(lambda)).toBe('2026-12-01.1');
    } finally {
      errors.mockRestore();
      client.destroy();
    }
  });
});
