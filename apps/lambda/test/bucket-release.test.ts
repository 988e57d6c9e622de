import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishDataset } from '@gamedata/server-io/release';
import { DEMO_EXPORT_DIR } from '@gamedata/test-support/demo';
import { startS3Server, type S3Server } from '@gamedata/test-support/s3-server';
import { openBucketRelease } from '../src/bucket-release.js';

const LOCATION = 's3://follow-releases/live';
const INTERVAL_MS = 60_000;

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  await s3.createBucket('follow-releases');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.stop();
});

const publish = (day: number) =>
  publishDataset({
    exportDir: DEMO_EXPORT_DIR,
    releasesDir: LOCATION,
    at: new Date(`2026-12-0${day}T08:00:00Z`),
    force: true,
  });

describe('a release followed in a bucket', () => {
  it('is served until the check interval has passed, then the release CURRENT names from then on', async () => {
    await publish(1);
    let now = 0;
    const logError = vi.fn();
    const release = await openBucketRelease(LOCATION, {
      checkIntervalMs: INTERVAL_MS,
      logError,
      now: () => now,
    });
    expect(release.dataset.meta.version).toBe('2026-12-01.1');

    await publish(2);
    now = INTERVAL_MS - 1;
    expect(await release.refresh()).toBeUndefined();
    expect(release.dataset.meta.version).toBe('2026-12-01.1');

    now = INTERVAL_MS;
    expect((await release.refresh())?.meta.version).toBe('2026-12-02.1');
    expect(release.dataset.meta.version).toBe('2026-12-02.1');
    // CURRENT unchanged since: nothing to load.
    now = 2 * INTERVAL_MS;
    expect(await release.refresh()).toBeUndefined();
    expect(logError).not.toHaveBeenCalled();
  }, 90_000); // two publishes of the demo (bulk and SQLite files) into the S3 server

  // Last: it stops the server.
  it('keeps the release when the bucket cannot be reached, and checks again only after the next interval', async () => {
    let now = 0;
    const logError = vi.fn();
    const release = await openBucketRelease(LOCATION, {
      checkIntervalMs: INTERVAL_MS,
      logError,
      now: () => now,
    });
    const served = release.dataset.meta.version;
    await publish(3);
    await s3.stop();
    now = INTERVAL_MS;
    expect(await release.refresh()).toBeUndefined();
    expect(release.dataset.meta.version).toBe(served);
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError.mock.calls[0]?.[0]).toBe(
      `release check failed; keeping release ${served} and checking again in 60 s`,
    );
    expect(String(logError.mock.calls[0]?.[1])).toContain('ECONNREFUSED');
    now = 2 * INTERVAL_MS - 1;
    expect(await release.refresh()).toBeUndefined();
    expect(logError).toHaveBeenCalledTimes(1);
    now = 2 * INTERVAL_MS;
    await release.refresh();
    expect(logError).toHaveBeenCalledTimes(2);
  });
});
