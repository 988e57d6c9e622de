// node:fs/promises rather than node:fs: Node's module loader has loaded it already. (The snapshot's
// reader imports node:fs for the sections it reads on demand: a few milliseconds, against keeping a
// large release's bulk files and translations in memory from every cold start, which only hashes them
// through one small buffer.)
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  createApp,
  createKeyStore,
  decodeSnapshot,
  REGISTRY,
  type Dataset,
  type ReleaseHistory,
} from '@gamedata/core/runtime';
import { compressBody } from '@gamedata/server-io/compress';
import { readIfPresent } from '@gamedata/server-io/read-file';
import { readSnapshotFile, SNAPSHOT_CODEC } from '@gamedata/server-io/snapshot-file';
import {
  directoryRanges,
  releaseDatabase,
  type SqliteFileEntry,
} from '@gamedata/server-io/database-file';
// Same JSON lines as the Node adapter; on Lambda, stdout and stderr go to CloudWatch Logs as they are.
import { createLineLogger } from '@gamedata/server-io/logger';
import type { Context } from 'aws-lambda';
import type { BucketRelease } from './bucket-release.js';
import { DEFAULT_RELEASE_CHECK_SECONDS, readConfig } from './config.js';
import { readEdgeConfig } from './edge-config.js';
import { createEmfMetrics } from './emf-metrics.js';
import { createHandler, type LambdaHandler } from './handler.js';
import { loadKeyFile } from './key-store.js';
import { loadOriginSecret } from './origin-secret-source.js';
import { chooseRateLimitStore } from './rate-limit-store.js';

// Everything here runs once per instance, in Lambda's init phase. The dataset is either read from a
// bucket (GAMEDATA_RELEASES_DIR, else the bucket the package was built for; followed from then on) or
// was validated when the package was built (scripts/package.mjs) and ships as one snapshot beside
// this file, so a cold start reads one file instead of hundreds and does not validate again.
// Written before the handler returns: a frozen instance would otherwise hold queued lines.
const logger = createLineLogger({ sync: true });
const config = readConfig(process.env);
// Read with the rest of the configuration, so that a bad value stops the cold start with its message.
const edge = readEdgeConfig(process.env);

/**
 * The release the package was built with, and the history its releases directory served it with. Its
 * head is read now; its bulk files and translations when a request first uses them.
 */
async function packagedDataset(): Promise<Dataset> {
  // Hashed as it is read, against what the package was built with: a damaged package fails its cold
  // start by name rather than serve a byte of it.
  const hash = createHash('sha256');
  const { head, rest } = await readSnapshotFile(
    fileURLToPath(new URL('./dataset.snapshot', import.meta.url)),
    (chunk) => hash.update(chunk),
  ).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
    throw new Error(
      'this package holds no release (pnpm package:lambda --no-release): set GAMEDATA_RELEASES_DIR to the bucket to read, s3://bucket/prefix (the template does with ReleasesFrom bucket)',
    );
  });
  const expected = (
    await readFile(new URL('./dataset.snapshot.sha256', import.meta.url), 'utf8')
  ).trim();
  if (hash.digest('hex') !== expected)
    throw new Error(
      'dataset.snapshot does not match the SHA-256 the package was built with (dataset.snapshot.sha256): the package is damaged; build it again with pnpm package:lambda',
    );
  // Read as servers read releases: one published before a list was added is served without it.
  const snapshot = decodeSnapshot(head, rest, SNAPSHOT_CODEC, REGISTRY);
  // Worked out when the package was built: every release there is a valid `since`, also one a
  // rollback passed over.
  const history = JSON.parse(
    await readFile(new URL('./history.json', import.meta.url), 'utf8'),
  ) as ReleaseHistory;
  // Its SQLite file, when it has one, beside the snapshot.
  const sqlite = await readIfPresent(new URL('./dataset.sqlite.json', import.meta.url));
  const database =
    sqlite === undefined
      ? undefined
      : releaseDatabase(
          JSON.parse(sqlite) as SqliteFileEntry,
          directoryRanges(fileURLToPath(new URL('.', import.meta.url))),
          snapshot,
        );
  return { ...snapshot, history, ...(database ? { database } : {}) };
}

/** The bucket a package built for one names in `releases.json`, in place of a release. */
async function packagedBucket(): Promise<string | undefined> {
  const text = await readIfPresent(new URL('./releases.json', import.meta.url));
  return text === undefined ? undefined : (JSON.parse(text) as { location: string }).location;
}

/** The bucket's release; the AWS SDK is loaded only then. */
async function bucketRelease(location: string, checkSeconds: number): Promise<BucketRelease> {
  const { openBucketRelease } = await import('./bucket-release.js');
  return openBucketRelease(location, {
    checkIntervalMs: checkSeconds * 1000,
    logError: logger.error,
  });
}

const releases = config.releases ?? (await packagedBucket());
const checkSeconds = config.releaseCheckSeconds ?? DEFAULT_RELEASE_CHECK_SECONDS;
const bucket = releases ? await bucketRelease(releases, checkSeconds) : undefined;
const dataset = bucket ? bucket.dataset : await packagedDataset();
const keys = await loadKeyFile(config.keysJson, new URL('./keys.json', import.meta.url));
const rateLimitStore = await chooseRateLimitStore(config);
const originSecret = await loadOriginSecret(config);

let app = createApp({
  dataset,
  keyStore: createKeyStore(keys.file.keys),
  ...(rateLimitStore ? { rateLimitStore } : {}),
  // API Gateway HTTP APIs and function URLs do not compress: the app does, and the handler sends the
  // compressed bytes base64-encoded.
  compress: compressBody,
  ...(config.cacheBytes ? { cacheBytes: config.cacheBytes } : {}),
  log: logger.line,
  logError: logger.error,
  // Read when a request's line is written, by which time `app` is made; of the release served then.
  metrics: createEmfMetrics(logger.line, () => app.stats()),
});

logger.line({
  msg: 'ready',
  dataset: dataset.meta.version,
  releases: releases ? `${releases}, checked every ${checkSeconds} s` : 'in the package',
  keys: { source: keys.source, active: keys.file.keys.filter((k) => !k.revoked).length },
  rateLimits: rateLimitStore ? 'shared' : 'per instance',
  cloudFrontViewerAddress: originSecret ? `trusted with ${originSecret.header}` : 'ignored',
  edge:
    edge.edgeUrl ??
    (edge.cloudFrontServesFiles ? 'the CloudFront that sends the origin secret' : 'none'),
});

const handlerFor = (release: Dataset) =>
  createHandler(app, {
    datasetVersion: release.meta.version,
    datasetLanguage: release.language,
    log: logger.line,
    logError: logger.error,
    edge,
    ...(originSecret ? { originSecret } : {}),
  });

let version = dataset.meta.version;
let served = handlerFor(dataset);

/**
 * With releases from a bucket: before answering, the first request after the check interval asks
 * whether `CURRENT` changed and, if so, waits for the new release to load; the app then moves to it
 * as the Node server's does on SIGHUP (its keys, limits and caches' bounds kept). Lambda gives an
 * instance one request at a time, so each request is answered wholly from one release.
 */
async function followingHandler(
  following: BucketRelease,
  event: unknown,
  context: Context,
): ReturnType<LambdaHandler> {
  const next = await following.refresh();
  if (next) {
    const previous = version;
    version = next.meta.version;
    app = app.withDataset(next);
    served = handlerFor(next);
    logger.line({ msg: 'release', dataset: version, previous });
  }
  return served(event, context);
}

export const handler: LambdaHandler = bucket
  ? (event, context) => followingHandler(bucket, event, context)
  : served;
