// New questions on the 100,000-item release: sorts, stat and roll ranges, compound filters by name
// (in English and German), `q` by rarity, facets and `fields`, every request a query the server has
// not seen, from a new client. Ours against the peer a user would build instead (servers/sqlite.mjs)
// in the same run, with the same queries, after checking that both answer them alike.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, residentMb, startPinned, stop, waitForHttp } from './processes.mjs';
import { median, rotated, roundRatio, summarise } from './rounds.mjs';
import { cachedPageRunner } from './cached-page.mjs';
import { checkRun } from './scenarios.mjs';
import { writeSearchQueries } from './search-queries.mjs';
import { runWrk } from './wrk.mjs';

const PEER = fileURLToPath(new URL('../servers/sqlite.mjs', import.meta.url));
/** Searches whose answers from both servers are read for how often each finds the name searched for. */
const SEARCHES_COMPARED = 500;
/**
 * More new questions a second than a server answers here: each scenario has queries for this many a
 * second of its runs, so none repeats (a run that would repeat one throws).
 */
const MOST_PER_SECOND = 15_000;
/** Queries whose answers from both servers are compared before the runs. */
const CHECKED = 25;

/** A seeded generator (mulberry32), so every run sends the same queries. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The scenarios, each a path and a file of ever-new query strings drawn from the release's own values
 * (a stat's bounds from the values items have, so most ranges match something).
 */
function writeScenarios(dataset, dir, searchTerms, count) {
  const random = seeded(7);
  const pick = (values) => values[Math.floor(random() * values.length)];
  const valuesOf = new Map();
  for (const item of dataset.lists.items.records)
    for (const { stat, value } of item.stats ?? []) {
      if (!valuesOf.has(stat)) valuesOf.set(stat, []);
      valuesOf.get(stat).push(value);
    }
  for (const values of valuesOf.values()) values.sort((a, b) => a - b);
  const keys = [...valuesOf.keys()];
  const slots = [...new Set(dataset.lists.items.records.map((item) => item.slot).filter(Boolean))];
  const rarities = dataset.rarities.map((r) => r.name);
  /** A bound at a random place among the key's values, and an upper one past it. */
  const bounds = (key) => {
    const values = valuesOf.get(key);
    const low = values[Math.floor(random() * values.length * 0.9)];
    const high =
      values[Math.min(values.length - 1, Math.floor(values.length * (0.5 + random() / 2)))];
    return [low, Math.max(low, high) + Math.floor(random() * 1000) / 100];
  };
  const stat = (key) => `stat%5B${key}%5D`;
  // Page sizes from 10 to 30: a client's choice, and more distinct questions of each shape.
  const pageSize = () => 10 + Math.floor(random() * 21);
  const scenario = (name, path, make) => {
    const queries = new Set();
    for (let tries = 0; queries.size < count; tries++) {
      if (tries > count * 20) throw new Error(`${name}: fewer than ${count} distinct queries`);
      queries.add(make());
    }
    const file = join(dir, `queries-${name.replace(/\W+/g, '-')}.txt`);
    writeFileSync(file, [...queries].join('\n'));
    return { name, path, file };
  };
  return [
    scenario('a stat range, sorted by that stat', '/v1/items?', () => {
      const key = pick(keys);
      const [low, high] = bounds(key);
      return `${stat(key)}=${low}..${high}&sort=-stat.${key}&limit=20`;
    }),
    scenario('slot + rarity range + stat range, by name', '/v1/items?', () => {
      const key = pick(keys);
      return `slot=${pick(slots)}&rarity=${pick(rarities.slice(0, 3))}..&${stat(key)}=${bounds(key)[0]}..&sort=name&limit=${pageSize()}`;
    }),
    scenario('the same, lang=de', '/v1/items?', () => {
      const key = pick(keys);
      return `slot=${pick(slots)}&rarity=${pick(rarities.slice(0, 3))}..&${stat(key)}=${bounds(key)[0]}..&sort=name&limit=${pageSize()}&lang=de`;
    }),
    scenario(
      'q, sorted by -rarity',
      '/v1/items?',
      () => `q=${pick(searchTerms)}&sort=-rarity&limit=${pageSize()}`,
    ),
    scenario('facets under a filter', '/v1/facets/items?', () => {
      const key = pick(keys);
      const [low, high] = bounds(key);
      return `rarity=${pick(rarities)}..&${stat(key)}=${low}..${high}`;
    }),
    scenario('fields= on a page', '/v1/items?', () => {
      const key = pick(keys);
      const [low, high] = bounds(key);
      return `${stat(key)}=${low}..${high}&fields=stats,roll&limit=20`;
    }),
    {
      name: 'search: starts, typos, two words, initials, aliases',
      path: '/v1/search?',
      search: true,
      ...writeSearchQueries(dataset, dir, count, random),
    },
    // What finds nothing costs: a text in no name walks every fallback a search has (typos, names
    // without their spaces) before it gives up, and any client can send one.
    scenario('search: text in no name', '/v1/search?', () => {
      const letters = Array.from({ length: 5 }, () => pick([...'abcdefghijklmnopqrstuvwxyz']));
      return `q=${letters.join('')}${Math.floor(random() * 10)}&limit=10${random() < 0.5 ? '&lang=de' : ''}`;
    }),
  ];
}

/**
 * Throws unless both servers answer a search's queries with hits in the same shape, and ours finds
 * something for each (every query comes from a real name); gives how often each server's hits
 * include the name searched for, and how often its first hit has it, over the first
 * `SEARCHES_COMPARED`.
 */
async function compareSearches(scenario, queries, ours, peer) {
  const found = { ours: 0, peer: 0 };
  const first = { ours: 0, peer: 0 };
  for (const [at, query] of queries.slice(0, SEARCHES_COMPARED).entries()) {
    const source = scenario.sources[at].toLowerCase();
    for (const [name, url] of Object.entries({ ours, peer })) {
      const { total, data } = await answerOf(`${url}${scenario.path}${query}`);
      if (data.some((hit) => typeof hit.collection !== 'string' || typeof hit.id !== 'string'))
        throw new Error(`${scenario.name}: ${name} answered ${query} in another shape`);
      if (name === 'ours' && total === 0) throw new Error(`ours found nothing for ${query}`);
      if (data.some((hit) => hit.name.toLowerCase() === source)) found[name]++;
      if (data[0]?.name.toLowerCase() === source) first[name]++;
    }
  }
  const compared = Math.min(SEARCHES_COMPARED, queries.length);
  return {
    ours: found.ours / compared,
    peer: found.peer / compared,
    oursFirst: first.ours / compared,
    peerFirst: first.peer / compared,
    compared,
  };
}

/** What a page says, for comparing two servers' answers: its ids and total, or a facet body whole. */
let checks = 0;
async function answerOf(url) {
  // A client of its own for each check, as the runs have: none is held back by the rate limit.
  const client = `172.16.${(++checks >> 8) & 255}.${checks & 255}`;
  const response = await fetch(url, { headers: { 'x-forwarded-for': client } });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return Array.isArray(body.data) ? { total: body.meta.total, data: body.data } : body;
}

/** Throws unless ours and the peer answer a scenario's first queries alike. */
async function checkAlike(scenario, queries, ours, peer) {
  for (const query of queries.slice(0, CHECKED)) {
    const [a, b] = await Promise.all([
      answerOf(`${ours}${scenario.path}${query}`),
      answerOf(`${peer}${scenario.path}${query}`),
    ]);
    const same =
      JSON.stringify(a, Object.keys(flatKeys(a)).sort()) ===
      JSON.stringify(b, Object.keys(flatKeys(b)).sort());
    if (!same)
      throw new Error(`${scenario.name}: ours and the peer differ on ${scenario.path}${query}`);
  }
}

/** Every key in a JSON value, for a key-order-blind comparison with JSON.stringify's replacer list. */
function flatKeys(value, keys = {}) {
  if (Array.isArray(value)) for (const element of value) flatKeys(element, keys);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      keys[key] = true;
      flatKeys(inner, keys);
    }
  return keys;
}

/**
 * Runs each scenario against ours (already serving the release at `ours.url`) and the peer, next to
 * ours' cached `items?limit=50` for scale: after a warm-up, `rounds` rounds of one run each of the
 * cached page, ours and the peer, each round in another order. Each server goes on through the
 * scenario's queries from run to run, so no query repeats. Returns each scenario's median figures,
 * ours' ratios to the peer and to the cached page (medians of the rounds' ratios), and the peer's
 * memory. With `only`, just the scenarios whose names contain it.
 */
export async function measureQueries({
  ours,
  dataset,
  sqlitePath,
  dir,
  searchTerms,
  seconds,
  warmupSeconds,
  rounds,
  only = '',
}) {
  const count = Math.ceil((warmupSeconds + rounds * seconds) * MOST_PER_SECOND) + CHECKED;
  const scenarios = writeScenarios(dataset, dir, searchTerms, count).filter(({ name }) =>
    name.includes(only),
  );
  if (scenarios.length === 0) throw new Error(`no scenario's name contains "${only}"`);
  const port = await freePort();
  const started = performance.now();
  const child = startPinned(process.execPath, [
    PEER,
    sqlitePath,
    join(dir, 'peer.sqlite'),
    String(port),
  ]);
  const servers = { ours, peer: { child, url: `http://127.0.0.1:${port}` } };
  try {
    await waitForHttp(`${servers.peer.url}/v1/items?limit=1`, 300_000);
    const peerReadyMs = performance.now() - started;
    let searchQuality;
    for (const scenario of scenarios) {
      const queries = readFileSync(scenario.file, 'utf8').split('\n');
      if (scenario.search)
        searchQuality = await compareSearches(scenario, queries, ours.url, servers.peer.url);
      else await checkAlike(scenario, queries, ours.url, servers.peer.url);
    }
    const runCached = cachedPageRunner(ours);
    await runCached(warmupSeconds);
    const results = [];
    for (const scenario of scenarios) {
      // After the queries both answered for the check.
      const nextQuery = { ours: CHECKED, peer: CHECKED };
      const runOn = async (name, runSeconds) => {
        const server = servers[name];
        const run = await runWrk({
          url: `${server.url}${scenario.path}`,
          serverPid: server.child.pid,
          connections: 20,
          seconds: runSeconds,
          termsFile: scenario.file,
          firstTerm: nextQuery[name],
        });
        checkRun(name, { name: scenario.name, status: 200 }, run, {
          timeoutsAllowed: name === 'peer',
        });
        nextQuery[name] = run.termsEnd;
        return run;
      };
      for (const name of ['ours', 'peer']) await runOn(name, warmupSeconds);
      const all = { cached: [], ours: [], peer: [] };
      for (let round = 0; round < rounds; round++)
        for (const name of rotated(Object.keys(all), round))
          all[name].push(await (name === 'cached' ? runCached(seconds) : runOn(name, seconds)));
      const result = {
        scenario,
        ours: summarise(all.ours),
        peer: summarise(all.peer),
        cached: summarise(all.cached),
        toPeer: roundRatio(all.ours, all.peer),
        toCached: roundRatio(all.ours, all.cached),
      };
      results.push(result);
      console.error(
        `  ${scenario.name}: ours ${Math.round(result.ours.rps)}, peer ${Math.round(result.peer.rps)}${result.peer.timeouts ? ` (${result.peer.timeouts} timed out)` : ''}, cached ${Math.round(result.cached.rps)} req/s; ours/cached ${result.toCached.toFixed(2)} (medians of ${rounds})`,
      );
    }
    return {
      results,
      cachedRps: median(results.map((result) => result.cached.rps)),
      peerReadyMs,
      peerRss: residentMb(child.pid),
      searchQuality,
    };
  } finally {
    await stop(child);
  }
}
