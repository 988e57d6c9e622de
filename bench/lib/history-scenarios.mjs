// Record histories on the 100,000-item release with 50 releases before it (lib/history-release.mjs):
// ever-new `/v1/items/{id}/history` and `?at=` requests from new clients, half about items some
// release touched, next to ours' cached items?limit=50 on the same release, in rounds; a client ten
// releases behind syncing with include=records; and what the past adds to the release — its size,
// its time to ready, its memory — against the same release published alone.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, ms, percent, rate, ratio } from './format.mjs';
import { CHURN, releaseWithPast } from './history-release.mjs';
import { startOurServer } from './our-server.mjs';
import { residentMb, stop } from './processes.mjs';
import { median, rotated, roundRatio, summarise } from './rounds.mjs';
import { cachedPageRunner } from './cached-page.mjs';
import { checkRun } from './scenarios.mjs';
import { seeded } from './query-scenarios.mjs';
import { runWrk } from './wrk.mjs';

/** Starts of each release to time, taken in turn; their median is the figure (a start on a shared machine varies by ±150 ms). */
const STARTS = 9;
/** More new requests a second than ours answers here: no run repeats one. */
const MOST_PER_SECOND = 15_000;
/** Requests of each scenario whose answers are checked before the runs. */
const CHECKED = 50;
/** How far behind the syncing clients are, in releases: the SDK's case (up to 1,000 changed records), and ten. */
const SYNC_BEHIND = [1, 10];

/** The current release's directory, its release file and its SQLite file. */
function releaseFiles(releasesDir) {
  const dir = join(releasesDir, readFileSync(join(releasesDir, 'CURRENT'), 'utf8').trim());
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  return {
    snapshot: statSync(join(dir, 'dataset.snapshot')).size,
    sqlite: statSync(join(dir, manifest.sqlite.file)).size,
  };
}

/**
 * Ever-new requests about items: half about one some release touched (what people look up), half
 * about any; in the default language, German or French; a history page of 5 to 50 entries, or the
 * item as a release it was served in had it.
 */
function writeRequests(story, dir, count) {
  const random = seeded(52);
  const pick = (values) => values[Math.floor(random() * values.length)];
  const ids = Object.keys(story.since);
  const item = () => (random() < 0.5 ? pick(story.touched) : pick(ids));
  const lang = () => pick(['', '&lang=de', '&lang=fr']);
  const scenario = (name, make) => {
    const requests = new Set();
    while (requests.size < count) requests.add(make());
    const file = join(dir, `requests-${name.replace(/\W+/g, '-')}.txt`);
    writeFileSync(file, [...requests].join('\n'));
    return { name, file, requests: [...requests].slice(0, CHECKED) };
  };
  const { versions, since } = story;
  return [
    scenario('history', () => `${item()}/history?limit=${5 + Math.floor(random() * 46)}${lang()}`),
    scenario('at=', () => {
      const id = item();
      const first = since[id];
      const version = versions[first + Math.floor(random() * (versions.length - first))];
      return `${id}?at=${version}${lang()}`;
    }),
  ];
}

/** Throws unless ours answers a scenario's first requests as the story says it must. */
async function check(url, scenario, versions) {
  for (const [at, request] of scenario.requests.entries()) {
    const response = await fetch(`${url}/v1/items/${request}`, {
      headers: { 'x-forwarded-for': `172.17.${at >> 8}.${at & 255}` },
    });
    const body = await response.json();
    const id = decodeURIComponent(request.split(/[/?]/)[0]);
    const fine =
      response.status === 200 &&
      (scenario.name === 'history'
        ? body.data.length > 0 && body.data.every((entry) => versions.includes(entry.version))
        : body.data.id === id);
    if (!fine) throw new Error(`${scenario.name}: ${request} answered ${response.status}`);
  }
}

/** A client `behind` releases behind takes every change and changed item, page by page. */
async function sync(url, versions, behind) {
  const since = versions.at(-1 - behind);
  const started = performance.now();
  let cursor = '';
  let requests = 0;
  let records = 0;
  let first;
  do {
    const response = await fetch(
      `${url}/v1/changes?since=${since}&include=records&limit=200${cursor}`,
      { headers: { 'x-forwarded-for': `172.18.0.${requests & 255}` } },
    );
    const body = await response.json();
    if (response.status !== 200)
      throw new Error(`sync: ${response.status} ${JSON.stringify(body)}`);
    first ??= performance.now() - started;
    requests++;
    records += Object.values(body.included).reduce((sum, list) => sum + list.length, 0);
    cursor = body.meta.cursor ? `&cursor=${encodeURIComponent(body.meta.cursor)}` : '';
  } while (cursor);
  return { behind, requests, records, firstMs: first, totalMs: performance.now() - started };
}

/** Starts of both releases, alternately: the median time to ready and memory of each. */
async function starts(dirs) {
  const seen = { alone: [], past: [] };
  for (let start = 0; start < STARTS; start++)
    for (const name of rotated(['alone', 'past'], start)) {
      const server = await startOurServer({ releasesDir: dirs[name] });
      seen[name].push({ readyMs: server.readyMs, rss: residentMb(server.child.pid) });
      await stop(server.child);
    }
  const figures = (runs) => ({
    readyMs: median(runs.map((run) => run.readyMs)),
    rss: median(runs.map((run) => run.rss)),
  });
  return { alone: figures(seen.alone), past: figures(seen.past) };
}

/**
 * The record-history figures on the export in `exportDir` made a release with a past: ours' req/s,
 * p50 and p99 for each scenario and its ratio to the cached page (medians over `rounds` rounds of
 * `seconds`), the sync, sizes, starts and memory against the same release published alone, and what
 * the history cost its publish.
 */
export async function measureRecordHistory({ exportDir, seconds, warmupSeconds, rounds }) {
  const { alone, past, story } = await releaseWithPast(exportDir);
  const started = await starts({ alone, past });
  const count = Math.ceil((warmupSeconds + rounds * seconds) * MOST_PER_SECOND) + CHECKED;
  const scenarios = writeRequests(story, `${exportDir}-story-export`, count);
  const ours = await startOurServer({ releasesDir: past });
  try {
    for (const scenario of scenarios) await check(ours.url, scenario, story.versions);
    const synced = [];
    for (const behind of SYNC_BEHIND) synced.push(await sync(ours.url, story.versions, behind));
    const runCached = cachedPageRunner(ours);
    await runCached(warmupSeconds);
    const results = [];
    for (const scenario of scenarios) {
      let next = CHECKED;
      const runOn = async (runSeconds) => {
        const run = await runWrk({
          url: `${ours.url}/v1/items/`,
          serverPid: ours.child.pid,
          connections: 20,
          seconds: runSeconds,
          termsFile: scenario.file,
          firstTerm: next,
        });
        checkRun('ours', { name: scenario.name, status: 200 }, run);
        next = run.termsEnd;
        return run;
      };
      await runOn(warmupSeconds);
      const all = { cached: [], ours: [] };
      for (let round = 0; round < rounds; round++)
        for (const name of rotated(Object.keys(all), round))
          all[name].push(await (name === 'cached' ? runCached(seconds) : runOn(seconds)));
      const result = {
        scenario,
        ours: summarise(all.ours),
        cached: summarise(all.cached),
        toCached: roundRatio(all.ours, all.cached),
      };
      results.push(result);
      console.error(
        `  ${scenario.name}: ${Math.round(result.ours.rps)} req/s, cached ${Math.round(result.cached.rps)}; ours/cached ${result.toCached.toFixed(2)}, p99 ${result.ours.p99.toFixed(1)} ms`,
      );
    }
    return {
      story,
      results,
      synced,
      loadedRss: residentMb(ours.child.pid),
      started,
      sizes: { alone: releaseFiles(alone), past: releaseFiles(past) },
    };
  } finally {
    await stop(ours.child);
  }
}

/** The figures as Markdown, ready to quote. */
export function recordHistoryReport(measured, { items, rounds, seconds }) {
  const { results, started, sizes, synced, story } = measured;
  const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  const grown = (key) => `+${percent(sizes.past[key] / sizes.alone[key] - 1)}`;
  const s = (millis) => `${(millis / 1000).toFixed(2)} s`;
  const paths = { history: 'GET /v1/items/{id}/history', 'at=': 'GET /v1/items/{id}?at=' };
  return [
    `Record histories on the ${items.toLocaleString('en')}-item release after ${story.versions.length - 1} releases of ${percent(CHURN)} churn each (bench/lib/history-release.mjs): ever-new requests from new clients, 20 connections, half about items a release touched, in English, German or French. After a warm-up, ${rounds} rounds of one ${seconds} s run each of the scenario and ours' cached items?limit=50 on the same release, each round starting with another.\n`,
    markdownTable(
      ['scenario', 'ours req/s', 'cached req/s', 'ours/cached', 'p50 / p99 ms', 'CPU ours / wrk'],
      results.map(({ scenario, ours, cached, toCached }) => [
        paths[scenario.name],
        rate(ours.rps),
        rate(cached.rps),
        ratio(toCached),
        `${ms(ours.p50)} / ${ms(ours.p99)}`,
        `${percent(ours.serverCpu)} / ${percent(ours.loadCpu)}`,
      ]),
    ),
    `\nThe same release published alone and after the others (ready and resident: medians of ${STARTS} starts each, taken in turn):\n`,
    markdownTable(
      ['release', 'release file', 'SQLite file', 'ready', 'resident at ready'],
      [
        [
          'alone',
          ...['snapshot', 'sqlite'].map((key) => mib(sizes.alone[key])),
          s(started.alone.readyMs),
          `${started.alone.rss} MiB`,
        ],
        [
          'with its past',
          ...['snapshot', 'sqlite'].map((key) => `${mib(sizes.past[key])} (${grown(key)})`),
          s(started.past.readyMs),
          `${started.past.rss} MiB`,
        ],
      ],
    ),
    `\nResident after the runs: ${measured.loadedRss} MiB. ${synced.map((sync) => `A client ${sync.behind} release${sync.behind === 1 ? '' : 's'} behind syncs with include=records in ${sync.requests} request${sync.requests === 1 ? '' : 's'} of up to 200 records (${sync.records.toLocaleString('en')} records): the first in ${ms(sync.firstMs)} ms, all in ${s(sync.totalMs)}.`).join(' ')} Publishing the last release, its record history took ${s(story.historyMs.at(-1))} (the first release after the base: ${s(story.historyMs[0])}); its release file was encoded in ${s(story.encodeMs)}, ${s(story.encodeAloneMs)} without the past (measured when the releases were made).`,
  ].join('\n');
}
