// A release with a past, for the record-history scenarios: the generator's export published first,
// then 50 releases each touching 1% of its items (stat values most, then texts, rarities and names;
// a few added, a few removed), the last one published by publish-dataset. The 50 before it are
// worked out in memory with the publisher's own steps (the export loaded and hashed, its record
// history extended by `nextRecordHistory`, its change feed by `changesBetween`) and their history is
// written into the last one as its publish would have written it had they been on disk: 51 publishes
// at 100,000 items would take well over an hour and a half. The last export is also published alone,
// so the same release without a past is there to compare with.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeSnapshot, encodeSnapshot, loadDataset } from '@gamedata/core';
import { readDatasetSource } from '@gamedata/server-io/dataset';
import {
  changesBetween,
  contentHashes,
  nextRecordHistory,
  openReleaseStore,
  readCurrentVersion,
  readReleaseManifest,
  replaceReleaseFiles,
  RELEASE_FILES,
} from '@gamedata/server-io/release';
import { SNAPSHOT_CODEC } from '@gamedata/server-io/snapshot-file';
import { seeded } from './query-scenarios.mjs';

const PUBLISH = fileURLToPath(import.meta.resolve('@gamedata/node/publish-dataset'));
/** Releases before the one served, and the share of the items each touches. */
export const EARLIER_RELEASES = 50;
export const CHURN = 0.01;
const FIRST_DAY = Date.parse('2026-01-01T12:00:00Z');
const DAY = 86_400_000;

/** Release `step`'s published time and version: a day apart, the first on `FIRST_DAY`. */
function stamp(step) {
  const published = new Date(FIRST_DAY + step * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { published, version: `${published.slice(0, 10)}.1` };
}

/** Each translated language's items, by id, as the export keeps them. */
function translatedItems(source) {
  return Object.fromEntries(
    Object.entries(source.files)
      .filter(([path, text]) => /^translations\/[^/]+\/items\.json$/.test(path) && text)
      .map(([path, text]) => [path, JSON.parse(text)]),
  );
}

/**
 * Touches `CHURN` of the items, as a patch does: 65% a stat's value, 15% the description (the
 * German text with it half the time, the French left behind), 5% the rarity, 5% the name in every
 * language, 5% removed and 5% added (new ids, untranslated). Returns the ids touched.
 */
function churn(items, translations, step, random) {
  const touched = new Set();
  const count = Math.round(items.length * CHURN);
  const pick = () => Math.floor(random() * items.length);
  for (let n = 0; n < count; n++) {
    const roll = random();
    const at = pick();
    const item = items[at];
    const texts = (tag) => translations[`translations/${tag}/items.json`]?.[item.id];
    if (roll < 0.05) {
      items.splice(at, 1);
      for (const byId of Object.values(translations)) delete byId[item.id];
    } else if (roll < 0.1) {
      const id = `${item.id}-mk${step}-${n}`;
      items.push({ ...structuredClone(item), id, name: `${item.name} Mk ${step}.${n}` });
      touched.add(id);
    } else if (roll < 0.75 && item.stats?.length) {
      const stat = item.stats[Math.floor(random() * item.stats.length)];
      stat.value = Math.max(
        0,
        stat.value + (random() < 0.5 ? -1 : 1) * (1 + Math.floor(random() * 3)),
      );
    } else if (roll < 0.9) {
      item.description = `${item.description} Reworked in patch ${step}.`;
      const de = texts('de');
      if (de && random() < 0.5) de.description = `${de.description} Überarbeitet in Patch ${step}.`;
    } else if (roll < 0.95) {
      item.rarity =
        item.rarity > 0 && random() < 0.5 ? item.rarity - 1 : Math.min(4, item.rarity + 1);
    } else {
      item.name = `${item.name} Prime`;
      for (const tag of ['de', 'fr']) {
        const text = texts(tag);
        if (text?.name) text.name = `${text.name} Prime`;
      }
    }
    touched.add(item.id);
  }
  return touched;
}

/** The export as it stands, with the items and their translations as `churn` left them. */
function sourceNow(source, items, translations) {
  const files = { ...source.files, 'items.json': JSON.stringify(items) };
  for (const [path, byId] of Object.entries(translations)) files[path] = JSON.stringify(byId);
  return { ...source, files };
}

/** Loads and hashes the export as release `step`, as publish does; throws on any problem. */
function release(source, step) {
  const loaded = loadDataset(source, stamp(step));
  if (!loaded.ok)
    throw new Error(`release ${step}: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  return { dataset: loaded.dataset, hashes: contentHashes(loaded.dataset) };
}

function publish(exportDir, releasesDir, step) {
  execFileSync(
    process.execPath,
    [PUBLISH, '--from', exportDir, '--releases', releasesDir, '--published', stamp(step).published],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/**
 * The served release with its past (`past`), the same release published alone (`alone`), and what
 * the scenarios draw on (`story.json`): every version, since which release each id is served, the ids
 * any release touched, and what the history cost to work out. Made once per machine; a story of an
 * older build is rewritten by `upgrade`, as the large release is.
 */
export async function releaseWithPast(exportDir) {
  const base = `${exportDir}-story`;
  const dirs = { alone: `${base}-alone`, past: `${base}-past`, export: `${base}-export` };
  const storyFile = join(dirs.past, 'story.json');
  if (existsSync(storyFile)) {
    for (const dir of [dirs.alone, dirs.past])
      execFileSync(process.execPath, [PUBLISH, 'upgrade', '--releases', dir], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    return { ...dirs, story: JSON.parse(readFileSync(storyFile, 'utf8')) };
  }
  for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  const random = seeded(51);
  const source = await readDatasetSource(exportDir);
  const items = JSON.parse(source.files['items.json']);
  const translations = translatedItems(source);
  const since = new Map(items.map((item) => [item.id, 0]));
  const touched = new Set();
  let before = release(source, 0);
  const changes = [];
  const historyMs = [];
  for (let step = 1; step <= EARLIER_RELEASES; step++) {
    for (const id of churn(items, translations, step, random)) {
      touched.add(id);
      if (!since.has(id)) since.set(id, step);
    }
    const next =
      step < EARLIER_RELEASES ? release(sourceNow(source, items, translations), step) : undefined;
    if (!next) break;
    const started = performance.now();
    const recordHistory = nextRecordHistory(before, before, next, []);
    historyMs.push(performance.now() - started);
    changes.push({ ...stamp(step), ...changesBetween(before.hashes, next.hashes) });
    before = { ...next, dataset: { ...next.dataset, recordHistory } };
    console.error(
      `  release ${step} of ${EARLIER_RELEASES} in memory (${Math.round(historyMs.at(-1))} ms for its record history)`,
    );
  }

  // The last export, on disk, published alone and then as the release after the others.
  cpSync(exportDir, dirs.export, {
    recursive: true,
    filter: (path) => !path.endsWith('items.json'),
  });
  writeFileSync(join(dirs.export, 'items.json'), JSON.stringify(items));
  for (const [path, byId] of Object.entries(translations)) {
    mkdirSync(join(dirs.export, path, '..'), { recursive: true });
    writeFileSync(join(dirs.export, path), JSON.stringify(byId));
  }
  console.error(`  publishing release ${EARLIER_RELEASES} …`);
  publish(dirs.export, dirs.alone, EARLIER_RELEASES);
  cpSync(dirs.alone, dirs.past, { recursive: true });

  const store = await openReleaseStore(dirs.past);
  const version = await readCurrentVersion(store);
  const manifest = await readReleaseManifest(store, version);
  const file = join(dirs.past, version, RELEASE_FILES.snapshot);
  const alone = decodeSnapshot(new Uint8Array(readFileSync(file)), undefined, SNAPSHOT_CODEC);
  const last = { dataset: alone, hashes: contentHashes(alone) };
  let started = performance.now();
  const recordHistory = nextRecordHistory(before, before, last, []);
  historyMs.push(performance.now() - started);
  changes.push({
    version,
    published: alone.meta.published,
    ...changesBetween(before.hashes, last.hashes),
  });
  const aloneHistory = alone.history;
  started = performance.now();
  const bytes = encodeSnapshot(
    { ...alone, history: { base: stamp(0).version, changes }, recordHistory },
    SNAPSHOT_CODEC,
  );
  const encodeMs = performance.now() - started;
  started = performance.now();
  encodeSnapshot({ ...alone, history: aloneHistory }, SNAPSHOT_CODEC);
  const encodeAloneMs = performance.now() - started;
  console.error('  writing its record history and SQLite file …');
  await replaceReleaseFiles(store, version, manifest, {
    bytes,
    snapshot: true,
    sqlite: true,
    registry: alone.registry,
  });
  const served = new Set(items.map((item) => item.id));
  const story = {
    versions: [stamp(0).version, ...changes.map((change) => change.version)],
    since: Object.fromEntries([...since].filter(([id]) => served.has(id))),
    touched: [...touched].filter((id) => served.has(id)),
    historyMs,
    encodeMs,
    encodeAloneMs,
  };
  writeFileSync(storyFile, JSON.stringify(story));
  return { ...dirs, story };
}
