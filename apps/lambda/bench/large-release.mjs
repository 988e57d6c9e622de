// `node apps/lambda/bench/large-release.mjs` (after `pnpm build`): the bundled handler with the
// generator's 100,000-item release baked in, as `pnpm package:lambda` ships it. Each sample is a fresh
// Node process (bench/invoke-once.mjs): its cold start — importing the handler and answering one page of
// items — and what it answers `GET /v1/bulk/items.json` with in each coding, with the size of each
// result as Lambda measures it against its 6 MB response limit (no edge configured: the redirect to
// the edge is tested in test/edge-redirect*.test.ts). The generated export and its release are kept in the temporary directory between runs (the
// generator is seeded: the same every time). It prints figures; it is not a test.
import { execFileSync, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishDataset } from '@gamedata/server-io/release';

const ITEMS = 100_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5);
const LAMBDA_LIMIT = 6 * 1024 * 1024;
const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

/** An HTTP API (payload 2.0) event for `target`, with the request headers given. */
function event(target, headers = {}) {
  const [rawPath, rawQueryString = ''] = target.split('?');
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: {
      accept: '*/*',
      host: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
      'user-agent': 'bench',
      ...headers,
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
      http: {
        method: 'GET',
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: '198.51.100.23',
        userAgent: 'bench',
      },
      requestId: 'bench',
      routeKey: '$default',
      stage: '$default',
      timeEpoch: 1795253400000,
    },
    isBase64Encoded: false,
  };
}

/** The generated release, made once per machine. */
async function largeRelease() {
  const exportDir = join(tmpdir(), `gamedata-lambda-bench-${ITEMS}-items`);
  const releasesDir = `${exportDir}-releases`;
  if (!existsSync(join(exportDir, 'manifest.json'))) {
    process.stderr.write(`Generating ${ITEMS.toLocaleString('en')} items into ${exportDir}…\n`);
    execFileSync(
      process.execPath,
      [path('../../../dataset/tools/generate.mjs'), '--items', String(ITEMS), '--out', exportDir],
      { stdio: 'ignore' },
    );
  }
  if (!existsSync(join(releasesDir, 'CURRENT'))) {
    process.stderr.write(`Publishing it into ${releasesDir}…\n`);
    await publishDataset({ exportDir, releasesDir, at: new Date() });
  }
  return releasesDir;
}

/** One fresh process: import the handler, answer `request`, report. */
function invokeOnce(handlerPath, request, env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(path('./invoke-once.mjs'), [handlerPath, JSON.stringify(request)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, GAMEDATA_KEYS_JSON: '', ...env },
    });
    child.once('message', (sample) => {
      child.kill();
      resolve(sample);
    });
    child.once('exit', (code) =>
      reject(new Error(`${handlerPath} exited with ${code} before answering`)),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const work = await mkdtemp(join(tmpdir(), 'gamedata-large-release-'));
try {
  const releasesDir = await largeRelease();
  process.stderr.write('Packaging the handler with it…\n');
  const env = {
    ...process.env,
    GAMEDATA_KEYS_FILE: '',
    GAMEDATA_RELEASE: '',
    GAMEDATA_RELEASES_DIR: releasesDir,
  };
  execFileSync(process.execPath, [path('../scripts/package.mjs'), '--out', work], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const handlerPath = join(work, 'lambda', 'index.mjs');

  const page = event('/v1/items', { 'accept-encoding': 'gzip, br' });
  await invokeOnce(handlerPath, page); // warm the file cache, not the processes
  const starts = [];
  for (let i = 0; i < SAMPLES; i++) starts.push(await invokeOnce(handlerPath, page));
  console.log(
    `\nCold start with ${ITEMS.toLocaleString('en')} items, median of ${SAMPLES} fresh processes, Node ${process.version}:`,
  );
  console.table([
    {
      'init ms': median(starts.map((s) => s.initMs)).toFixed(1),
      'first response ms': median(starts.map((s) => s.firstMs)).toFixed(1),
    },
  ]);

  const rows = [];
  for (const [coding, headers] of [
    ['identity', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['br', { 'accept-encoding': 'br' }],
  ]) {
    const sample = await invokeOnce(handlerPath, event('/v1/bulk/items.json', headers));
    rows.push({
      coding,
      status: sample.status,
      'result bytes': sample.payloadBytes,
      'within 6 MB': sample.payloadBytes <= LAMBDA_LIMIT,
    });
  }
  console.log('\nGET /v1/bulk/items.json through the packaged handler, each in a fresh process:');
  console.table(rows);
} finally {
  await rm(work, { recursive: true, force: true });
}
