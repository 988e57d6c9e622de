// node:fs/promises rather than node:fs: Node's module loader has loaded it already, while importing
// node:fs as an ES module sets up its streams too, a cost every cold start would pay.
import { readFile } from 'node:fs/promises';
import { createApp, createKeyStore, decodeSnapshot, type Dataset, type ReleaseHistory } from '@gamedata/core/runtime';
import { compressBody } from '@gamedata/server-io/compress';
// Same JSON lines as the Node adapter; on Lambda, stdout and stderr go to CloudWatch Logs as they are.
import { createLineLogger } from '@gamedata/server-io/logger';
import { readConfig } from './config.js';
import { createEmfMetrics } from './emf-metrics.js';
import { createHandler } from './handler.js';
import { loadKeyFile } from './key-store.js';
import { loadOriginSecret } from './origin-secret-source.js';
import { chooseRateLimitStore } from './rate-limit-store.js';

// Everything here runs once per instance, in Lambda's init phase. The dataset was validated when the
// package was built (scripts/package.mjs) and ships as one snapshot beside this file, so a cold start
// reads one file instead of hundreds and does not validate again.
// Written before the handler returns: a frozen instance would otherwise hold queued lines.
const logger = createLineLogger({ sync: true });
const config = readConfig(process.env);
const snapshot = decodeSnapshot(await readFile(new URL('./dataset.snapshot', import.meta.url)));
// The history the releases directory serves the release with, worked out when the package was built:
// every release there is a valid `since`, also one a rollback passed over.
const history = JSON.parse(await readFile(new URL('./history.json', import.meta.url), 'utf8')) as ReleaseHistory;
const dataset: Dataset = { ...snapshot, history };
const keys = await loadKeyFile(config.keysJson, new URL('./keys.json', import.meta.url));
const rateLimitStore = await chooseRateLimitStore(config);
const originSecret = await loadOriginSecret(config);

const app = createApp({
  dataset,
  keyStore: createKeyStore(keys.file.keys),
  ...(rateLimitStore ? { rateLimitStore } : {}),
  // API Gateway HTTP APIs and function URLs do not compress: the app does, and the handler sends the
  // compressed bytes base64-encoded.
  compress: compressBody,
  ...(config.cacheBytes ? { cacheBytes: config.cacheBytes } : {}),
  log: logger.line,
  logError: logger.error,
  // Read when a request's line is written, by which time `app` is made.
  metrics: createEmfMetrics(logger.line, () => app.stats()),
});

logger.line({
  msg: 'ready',
  dataset: dataset.meta.version,
  keys: { source: keys.source, active: keys.file.keys.filter((k) => !k.revoked).length },
  rateLimits: rateLimitStore ? 'shared' : 'per instance',
  cloudFrontViewerAddress: originSecret ? `trusted with ${originSecret.header}` : 'ignored',
});

export const handler = createHandler(app, {
  datasetVersion: dataset.meta.version,
  log: logger.line,
  logError: logger.error,
  ...(originSecret ? { originSecret } : {}),
});
