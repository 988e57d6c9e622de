// The generator's 100,000-item dataset: how long ours takes to be ready, how much memory it holds,
// and searches where every `q` is new to it (so no cached answer helps).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decodeSnapshot,
  readSnapshotHead,
  snapshotHeaderEnd,
  SNAPSHOT_PREFIX_BYTES,
} from '@gamedata/core/runtime';
import { measureQueries, seeded } from './query-scenarios.mjs';
import { writeSearchQueries } from './search-queries.mjs';
import { startOurServer } from './our-server.mjs';
import { residentMb, stop } from './processes.mjs';
import { runWrk } from './wrk.mjs';

const TOOLS = fileURLToPath(new URL('../../dataset/tools/', import.meta.url));
const GENERATOR = join(TOOLS, 'generate.mjs');
const PUBLISH = fileURLToPath(import.meta.resolve('@gamedata/node/publish-dataset'));

/** The generator's sources, hashed: what an export made by an earlier generator is kept apart by. */
function generatorVersion() {
  const hash = createHash('sha256');
  for (const file of readdirSync(TOOLS, { recursive: true }).sort()) {
    const path = join(TOOLS, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Generates the export and publishes it as a release, once per machine and generator (the generator
 * is seeded, so it is the same every time): ours serves the release, as in production.
 */
function generatedDataset(items) {
  const dir = join(tmpdir(), `gamedata-bench-${items}-items-${generatorVersion()}`);
  if (!existsSync(join(dir, 'manifest.json'))) {
    console.error(`  generating ${items.toLocaleString('en')} items into ${dir} …`);
    execFileSync(process.execPath, [GENERATOR, '--items', String(items), '--out', dir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const releasesDir = `${dir}-releases`;
  if (!existsSync(join(releasesDir, 'CURRENT'))) {
    console.error(`  publishing it into ${releasesDir} …`);
    execFileSync(process.execPath, [PUBLISH, '--from', dir, '--releases', releasesDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } else {
    // One published by an older build is rewritten as this build writes releases (its file's format,
    // its SQLite file's layout), so ours and the SQLite peer read what a new release serves.
    execFileSync(process.execPath, [PUBLISH, 'upgrade', '--releases', releasesDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return { dir, releasesDir };
}

/** The current release's directory. */
const currentRelease = (releasesDir) =>
  join(releasesDir, readFileSync(join(releasesDir, 'CURRENT'), 'utf8').trim());

/** The current release's snapshot file. */
const snapshotPath = (releasesDir) => join(currentRelease(releasesDir), 'dataset.snapshot');

/** The current release's SQLite file, as its manifest names it. */
function sqlitePath(releasesDir) {
  const dir = currentRelease(releasesDir);
  return join(dir, JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).sqlite.file);
}

/** The snapshot's prefix and header, read from its file. */
function readHead(path) {
  const fd = openSync(path, 'r');
  try {
    const read = (length) => {
      const bytes = new Uint8Array(length);
      readSync(fd, bytes, 0, length, 0);
      return bytes;
    };
    return read(snapshotHeaderEnd(read(SNAPSHOT_PREFIX_BYTES)));
  } finally {
    closeSync(fd);
  }
}

/**
 * Searches users type: every fragment of 3 to 7 letters of the items' names, alone and with each
 * rarity, so that no query repeats within a run; in an order fixed by a seeded shuffle.
 */
function writeSearchTerms(datasetDir) {
  const names = new Set(
    JSON.parse(readFileSync(join(datasetDir, 'items.json'), 'utf8')).map((item) =>
      item.name.toLowerCase(),
    ),
  );
  const rarities = JSON.parse(readFileSync(join(datasetDir, 'manifest.json'), 'utf8')).rarities.map(
    (r) => r.value,
  );
  const fragments = new Set();
  for (const name of names) {
    for (let length = 3; length <= 7; length++) {
      for (let start = 0; start + length <= name.length; start++) {
        const fragment = name.slice(start, start + length);
        if (/^[a-z][a-z ]*[a-z]$/.test(fragment)) fragments.add(encodeURIComponent(fragment));
      }
    }
  }
  const queries = [...fragments].flatMap((q) => [q, ...rarities.map((r) => `${q}&rarity=${r}`)]);
  let seed = 42;
  for (let i = queries.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [queries[i], queries[j]] = [queries[j], queries[i]];
  }
  const file = join(datasetDir, 'search-queries.txt');
  writeFileSync(file, queries.join('\n'));
  return { file, count: queries.length };
}

/**
 * Ever-new searches on the generator's `items`-item release, as `pnpm bench` sends them: the release
 * and a file of `count` queries for `/v1/search?`.
 */
export function searchLoad(items, count) {
  const { dir, releasesDir } = generatedDataset(items);
  const dataset = decodeSnapshot(new Uint8Array(readFileSync(snapshotPath(releasesDir))));
  return { releasesDir, termsFile: writeSearchQueries(dataset, dir, count, seeded(7)).file };
}

/** The current release's snapshot: its size, and the size of its head, the header a server reads at start (the rest stays in the file until used). */
function snapshotSizes(releasesDir) {
  const path = snapshotPath(releasesDir);
  return { snapshotBytes: statSync(path).size, headBytes: readSnapshotHead(readHead(path)).length };
}

/** `measureQueries` on the release in `releasesDir`, which `ours` serves. */
function questionsOn(ours, { dir, releasesDir, terms, questions }) {
  return measureQueries({
    ours,
    dataset: decodeSnapshot(new Uint8Array(readFileSync(snapshotPath(releasesDir)))),
    sqlitePath: sqlitePath(releasesDir),
    dir,
    searchTerms: readFileSync(terms.file, 'utf8')
      .split('\n')
      .filter((term) => !term.includes('&')),
    ...questions,
  });
}

/**
 * Just the new questions on the generator's `items`-item release (those whose names contain
 * `questions.only`), as `measureLargeDataset` runs them.
 */
export async function measureNewQuestions({ items, questions }) {
  const { dir, releasesDir } = generatedDataset(items);
  const terms = writeSearchTerms(dir);
  const ours = await startOurServer({ releasesDir });
  try {
    return await questionsOn(ours, { dir, releasesDir, terms, questions });
  } finally {
    await stop(ours.child);
  }
}

/** Starts to time: a start on a shared machine can land in a slow spell, so the figure is their median. */
const STARTS = 5;

/**
 * Start-up time (the median of `STARTS` starts, the fastest and the slowest), resident memory,
 * ever-new searches at 20 concurrent clients against the last start, and the new questions, run in
 * rounds as `questions` says (`seconds`, `warmupSeconds`, `rounds`).
 */
export async function measureLargeDataset({ items, seconds, questions }) {
  const { dir, releasesDir } = generatedDataset(items);
  const terms = writeSearchTerms(dir);
  const readyTimes = [];
  for (let start = 1; start < STARTS; start++) {
    const earlier = await startOurServer({ releasesDir });
    readyTimes.push(earlier.readyMs);
    await stop(earlier.child);
  }
  const ours = await startOurServer({ releasesDir });
  readyTimes.push(ours.readyMs);
  readyTimes.sort((a, b) => a - b);
  try {
    const readyRss = residentMb(ours.child.pid);
    const search = await runWrk({
      url: `${ours.url}/v1/items?limit=20&q=`,
      serverPid: ours.child.pid,
      connections: 20,
      seconds,
      termsFile: terms.file,
    });
    const readyMs = readyTimes[STARTS >> 1];
    const newQuestions = await questionsOn(ours, { dir, releasesDir, terms, questions });
    return {
      exportDir: dir,
      newQuestions,
      readyMs,
      fastestReadyMs: readyTimes[0],
      slowestReadyMs: readyTimes.at(-1),
      starts: STARTS,
      readyRss,
      search,
      queries: terms.count,
      loadedRss: residentMb(ours.child.pid),
      ...snapshotSizes(releasesDir),
    };
  } finally {
    await stop(ours.child);
  }
}
