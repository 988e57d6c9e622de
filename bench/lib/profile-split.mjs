// Where ours spends its CPU under one scenario's load: a V8 CPU profile of the server's main thread
// while wrk loads it, its self time sorted into buckets by where the code lives. Buckets are keyed on
// file locations (node:_http_*, node_modules/pino/, packages/core/src/…), not on function names, so
// they keep working when the server's stack changes; code bundled into dist/ is placed by its source
// map, so core's rate limiting is told apart from the rest of core.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownTable } from './format.mjs';
import { startOurServer } from './our-server.mjs';
import { stop } from './processes.mjs';
import { checkRun } from './scenarios.mjs';
import { runWrk } from './wrk.mjs';

const HOOK = fileURLToPath(new URL('./cpu-profile-hook.mjs', import.meta.url));
const PACKAGES = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/.source;
const inPackage = (...names) =>
  new RegExp(`${PACKAGES}(?:${names.map((n) => n.replace(/[.]/g, '\\.')).join('|')})/`);

/** The scenario profiled by default: the commonest request, each from a new client address. */
export const PROFILED_SCENARIO = {
  name: 'GET /v1/items?limit=50',
  path: '/v1/items?limit=50',
  status: 200,
};

/**
 * The buckets, first match wins (see `bucketOf`): `frame` tests the sampled frame itself; `under`
 * claims every sample with a frame of that location anywhere on its stack — whatever the logger
 * calls (core's redaction, JSON.stringify, fs.write) is the cost of logging; `location` is tried on
 * each frame from the sampled one outwards. A location is the frame's source file (through its
 * source map) or its URL.
 */
export const BUCKETS = [
  {
    name: 'GC',
    frame: ({ functionName, url }) => url === '' && functionName === '(garbage collector)',
  },
  {
    name: 'native, outside JS ((program): llhttp, libuv)',
    frame: ({ functionName, url }) => url === '' && functionName === '(program)',
  },
  {
    name: 'logging (pino, sonic-boom, our logger and what they call)',
    under: new RegExp(
      `${inPackage('pino', 'sonic-boom', 'thread-stream', 'quick-format-unescaped', 'safe-stable-stringify', 'fast-redact', 'atomic-sleep', 'on-exit-leak-free').source}|/packages/server-io/(?:src|dist)/(?:logger|write-in-batches)`,
    ),
  },
  {
    name: 'socket writes (writev, node:net)',
    location: /^node:(?:net|internal\/stream_base_commons|internal\/net)$/,
  },
  {
    name: 'node http internals (node:_http_*, llhttp callbacks)',
    location: /^node:(?:_http_|internal\/http)/,
  },
  {
    name: 'rate limit (core, redis-store)',
    location: /\/packages\/(?:core\/(?:src|dist)\/.*rate-?limit|redis-store\/)/i,
  },
  { name: 'ipaddr.js', location: inPackage('ipaddr.js') },
  { name: '@hono/node-server', location: inPackage('@hono/node-server') },
  { name: 'hono', location: inPackage('hono') },
  { name: 'our core (packages/core)', location: /\/packages\/core\// },
  {
    name: 'our Node adapter (apps/node, server-io)',
    location: /\/(?:apps\/node|packages\/server-io)\//,
  },
];
const IDLE = 'idle';
const OTHER = 'other';

/** Source maps by generated file, read once each; null where a file has none. */
function sourceLocator() {
  const maps = new Map();
  const mapOf = (url) => {
    if (!maps.has(url)) {
      const file = fileURLToPath(url);
      maps.set(
        url,
        existsSync(`${file}.map`)
          ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
          : null,
      );
    }
    return maps.get(url);
  };
  /** A frame's source file as an absolute path or URL: through the source map for our dist/ bundles. */
  return ({ url, lineNumber, columnNumber }) => {
    if (!url.startsWith('file:') || url.includes('/node_modules/'))
      return url.startsWith('file:') ? fileURLToPath(url) : url;
    const entry = mapOf(url)?.findEntry(lineNumber, columnNumber);
    return entry?.originalSource
      ? fileURLToPath(new URL(entry.originalSource, url))
      : fileURLToPath(url);
  };
}

/**
 * The bucket of one sample, from its stack (sampled frame first). Idle time is its own, and so are
 * the pseudo-frames GC and (program); a sample under the logger is logging; otherwise the first
 * frame with a location that a bucket claims decides, skipping frames of no file (native functions
 * such as `writev`) and node internals no bucket claims (node:events, node:fs, streams): those count
 * for whichever caller put them to work — `writev` for the socket.
 */
function bucketOf(stack, locate) {
  const [sampled] = stack;
  if (sampled.url === '' && sampled.functionName === '(idle)') return IDLE;
  const locations = stack.map((frame) => (frame.url === '' ? '' : locate(frame)));
  for (const bucket of BUCKETS) {
    if (bucket.frame?.(sampled) || bucket.under?.test(locations.join('\n'))) return bucket.name;
  }
  for (const location of locations) {
    const bucket = location === '' ? undefined : BUCKETS.find((b) => b.location?.test(location));
    if (bucket) return bucket.name;
  }
  return OTHER;
}

/**
 * A CPU profile's self time by bucket: each bucket's share of the non-idle time, the idle share of
 * the whole, and the locations that make up most of `other`.
 */
export function splitProfile(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const locate = sourceLocator();
  const bucketByNode = new Map();
  const otherByLocation = new Map();
  const time = new Map();
  // A sample stands for the time until the next one.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (!bucketByNode.has(id)) {
      const stack = [];
      for (let at = id; at !== undefined; at = parents.get(at)) stack.push(nodes.get(at).callFrame);
      bucketByNode.set(id, bucketOf(stack, locate));
    }
    const bucket = bucketByNode.get(id);
    time.set(bucket, (time.get(bucket) ?? 0) + us);
    if (bucket === OTHER) {
      const frame = nodes.get(id).callFrame;
      const where =
        frame.url === ''
          ? `${frame.functionName} (native)`
          : locate(frame).replace(/^.*\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '');
      otherByLocation.set(where, (otherByLocation.get(where) ?? 0) + us);
    }
  }
  const idleUs = time.get(IDLE) ?? 0;
  const totalUs = [...time.values()].reduce((sum, us) => sum + us, 0);
  const busyUs = totalUs - idleUs;
  const share = (us) => (busyUs > 0 ? us / busyUs : 0);
  return {
    busyMs: busyUs / 1000,
    idleShare: totalUs > 0 ? idleUs / totalUs : 0,
    buckets: [...BUCKETS.map((b) => b.name), OTHER].map((name) => ({
      name,
      share: share(time.get(name) ?? 0),
    })),
    otherTop: [...otherByLocation]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([location, us]) => ({ location, share: share(us) })),
  };
}

/** The split as a Markdown table, largest bucket first, and a line on what `other` holds. */
export function profileSplitTable(split) {
  const pct = (share) => `${(share * 100).toFixed(1)}%`;
  const rows = [...split.buckets]
    .sort((a, b) => b.share - a.share)
    .map(({ name, share }) => [name, pct(share)]);
  const other = split.otherTop.map(({ location, share }) => `${location} ${pct(share)}`).join(', ');
  return `${markdownTable(['bucket', 'share of non-idle CPU'], rows)}\n\nIdle: ${pct(split.idleShare)} of the profiled time. Largest in other: ${other || 'nothing'}.`;
}

/** Sends the hook its signal: the first starts the profiler, the second writes the profile. */
const toggleProfiler = (child) => process.kill(child.pid, 'SIGUSR2');

/**
 * Starts our server with the profiling hook, loads it with `scenario` for the warm-up (not profiled),
 * then profiles `seconds` of the same load. Resolves with the profile, its split and the load's run.
 */
export async function profileOurServer({
  scenario = PROFILED_SCENARIO,
  seconds,
  warmupSeconds,
  releasesDir,
  termsFile,
  connections,
}) {
  const file = join(tmpdir(), `gamedata-bench-${process.pid}.cpuprofile`);
  rmSync(file, { force: true });
  const ours = await startOurServer({
    releasesDir,
    nodeArgs: ['--import', pathToFileURL(HOOK).href],
    env: { BENCH_CPU_PROFILE_FILE: file },
  });
  try {
    const load = {
      url: `${ours.url}${scenario.path}`,
      serverPid: ours.child.pid,
      headers: scenario.headers,
      termsFile,
      connections,
    };
    const warm = await runWrk({ ...load, seconds: warmupSeconds });
    checkRun('ours (warm-up)', scenario, warm);
    toggleProfiler(ours.child);
    // Terms the warm-up sent are not sent again: each profiled one is new to the server.
    const run = await runWrk({ ...load, seconds, firstTerm: warm.requests });
    toggleProfiler(ours.child);
    checkRun('ours (profiled)', scenario, run);
    const deadline = Date.now() + 30_000;
    while (!existsSync(file)) {
      if (Date.now() > deadline) throw new Error(`the profile did not arrive in ${file}`);
      await sleep(50);
    }
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    return { scenario, run, profile, split: splitProfile(profile) };
  } finally {
    await stop(ours.child);
    rmSync(file, { force: true });
  }
}
