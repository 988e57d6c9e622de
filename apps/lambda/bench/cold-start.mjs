// `pnpm bench:lambda`: the cold start of our bundled handler — importing it (Lambda's init phase) and
// answering the first request — with the demo dataset (without and with API keys configured) and with
// a generated 10,000-item dataset, next to a bare hono/aws-lambda handler bundled the same way and
// measured in the same run. With BENCH_HONO_ADAPTER=1, also the demo package with hono's own adapter,
// `handle(app)` from hono/aws-lambda, in place of our handler. Each sample is a fresh Node process; the
// kinds take turns so that a noisy moment on this shared machine hits all of them alike. Figures are
// medians. It prints figures; it is not a test.
import { execFileSync, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishDataset } from '@gamedata/server-io/release';
import { bundleHandler } from '../scripts/bundle-handler.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const BUDGET_MS = 40;
const GENERATED_ITEMS = 10_000;
const HONO_ADAPTER = process.env.BENCH_HONO_ADAPTER === '1';
const path = (relative) => fileURLToPath(new URL(relative, import.meta.url));

/** The first request: an HTTP API (payload 2.0) event for one page of items. */
const EVENT = {
  version: '2.0',
  routeKey: '$default',
  rawPath: '/v1/items',
  rawQueryString: 'limit=50',
  headers: {
    accept: 'application/json',
    host: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
    'user-agent': 'bench',
    'x-forwarded-for': '198.51.100.23',
  },
  queryStringParameters: { limit: '50' },
  requestContext: {
    accountId: '123456789012',
    apiId: 'a1b2c3d4e5',
    domainName: 'a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
    domainPrefix: 'a1b2c3d4e5',
    http: {
      method: 'GET',
      path: '/v1/items',
      protocol: 'HTTP/1.1',
      sourceIp: '198.51.100.23',
      userAgent: 'bench',
    },
    requestId: 'bench',
    routeKey: '$default',
    stage: '$default',
    time: '20/Nov/2026:09:30:00 +0000',
    timeEpoch: 1795253400000,
  },
  isBase64Encoded: false,
};

function packageWith(outDir, releasesDir) {
  const env = {
    ...process.env,
    GAMEDATA_KEYS_FILE: '',
    GAMEDATA_RELEASE: '',
    GAMEDATA_RELEASES_DIR: releasesDir ?? '',
  };
  execFileSync(process.execPath, [path('../scripts/package.mjs'), '--out', outDir], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return join(outDir, 'lambda', 'index.mjs');
}

/** Our package with src/handler.ts swapped for hono's adapter (bench/hono-adapter-handler.mjs), beside the same snapshot. */
async function packageWithHonoAdapter(outDir, ourPackageDir) {
  const swap = {
    name: 'hono-adapter',
    setup(build) {
      build.onResolve({ filter: /^\.\/handler\.js$/ }, (args) =>
        args.importer === path('../src/index.ts')
          ? { path: path('./hono-adapter-handler.mjs') }
          : undefined,
      );
    },
  };
  const { files } = await bundleHandler(path('../src/index.ts'), { plugins: [swap] });
  files['dataset.snapshot'] = await readFile(join(ourPackageDir, 'dataset.snapshot'));
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(dirname(join(outDir, name)), { recursive: true });
    await writeFile(join(outDir, name), bytes);
  }
  return join(outDir, 'index.mjs');
}

/** A key store of one key, as an operator would set it in GAMEDATA_KEYS_JSON: validating it loads zod. */
const KEYS_JSON = JSON.stringify({
  keys: [
    {
      id: 'key_bench',
      name: 'bench',
      created: '2026-11-20T00:00:00Z',
      revoked: false,
      hash: createHash('sha256').update('bench').digest('hex'),
    },
  ],
});

function coldStart({ handler: handlerPath, env = {} }) {
  return new Promise((resolve, reject) => {
    const child = fork(path('./invoke-once.mjs'), [handlerPath, JSON.stringify(EVENT)], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, GAMEDATA_KEYS_JSON: '', ...env },
    });
    child.once('message', (sample) => {
      child.kill();
      if (sample.status !== 200) reject(new Error(`${handlerPath} answered ${sample.status}`));
      else resolve(sample);
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

const work = await mkdtemp(join(tmpdir(), 'gamedata-cold-start-'));
try {
  process.stderr.write(
    `Packaging the handler (demo and ${GENERATED_ITEMS.toLocaleString('en')}-item datasets) and the bare baseline…\n`,
  );
  const generated = join(work, 'dataset-10k');
  execFileSync(
    process.execPath,
    [
      path('../../../dataset/tools/generate.mjs'),
      '--items',
      String(GENERATED_ITEMS),
      '--out',
      generated,
    ],
    { stdio: 'ignore' },
  );
  const generatedReleases = join(work, 'releases-10k');
  await publishDataset({ exportDir: generated, releasesDir: generatedReleases, at: new Date() });
  await mkdir(join(work, 'bare'));
  const barePath = join(work, 'bare', 'index.mjs');
  await writeFile(barePath, (await bundleHandler(path('./bare-handler.mjs'))).files['index.mjs']);
  const demo = packageWith(join(work, 'demo'));
  const kinds = [
    { name: 'bare hono/aws-lambda', handler: barePath },
    { name: 'ours, demo dataset', handler: demo },
    { name: 'ours, demo dataset, API keys', handler: demo, env: { GAMEDATA_KEYS_JSON: KEYS_JSON } },
    {
      name: `ours, ${GENERATED_ITEMS.toLocaleString('en')} items`,
      handler: packageWith(join(work, '10k'), generatedReleases),
    },
  ];
  const honoAdapter = {
    name: 'hono handle(app), demo dataset',
    handler: HONO_ADAPTER
      ? await packageWithHonoAdapter(join(work, 'hono-adapter'), dirname(demo))
      : '',
  };
  // Right after ours with the same dataset, so that each round measures the two back to back.
  if (HONO_ADAPTER) kinds.splice(2, 0, honoAdapter);

  for (const kind of kinds) await coldStart(kind); // warm the file cache, not the processes
  const samples = new Map(kinds.map((kind) => [kind.name, []]));
  for (let round = 0; round < SAMPLES; round++) {
    for (const kind of kinds) samples.get(kind.name).push(await coldStart(kind));
  }

  const bare = median(samples.get(kinds[0].name).map((s) => s.initMs + s.firstMs));
  const rows = kinds.map(({ name }) => {
    const runs = samples.get(name);
    const total = median(runs.map((s) => s.initMs + s.firstMs));
    return {
      handler: name,
      'init ms': median(runs.map((s) => s.initMs)).toFixed(1),
      'first response ms': median(runs.map((s) => s.firstMs)).toFixed(1),
      'init + first ms': total.toFixed(1),
      'over bare ms': (total - bare).toFixed(1),
    };
  });
  console.log(
    `\nCold start, median of ${SAMPLES} fresh processes each, Node ${process.version}, same machine, same run:\n`,
  );
  console.table(rows);
  const demoOver = Number(rows[1]['over bare ms']);
  if (HONO_ADAPTER) {
    // Both ran in every round, one after the other: the ratio round by round holds when the machine's speed drifts.
    const total = (sample) => sample.initMs + sample.firstMs;
    const ours = samples.get(kinds[1].name);
    const ratios = samples
      .get(honoAdapter.name)
      .map((sample, round) => total(ours[round]) / total(sample));
    console.log(
      `\nOurs ÷ hono handle(app), demo dataset, init + first: median ${median(ratios).toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}) over ${SAMPLES} rounds.`,
    );
  }
  console.log(
    `\nTarget: ours (demo dataset) within ${BUDGET_MS} ms of bare — ${demoOver <= BUDGET_MS ? 'met' : 'MISSED'} (${demoOver.toFixed(1)} ms over).`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
