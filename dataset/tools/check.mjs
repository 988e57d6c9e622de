#!/usr/bin/env node
// Sanity check of a generated dataset: the loader's rules (README "Rules the loader enforces") plus
// the generator's own promises (coverage, sorting, internal fields). Usage: node tools/check.mjs [DIR]
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pngjs from 'pngjs';

const dir = resolve(process.argv[2] ?? dirname(dirname(fileURLToPath(import.meta.url))));
const ID = /^[A-Za-z0-9._-]+$/;
/** @type {string[]} */
const problems = [];
/** @param {boolean} ok @param {string} message */
const expect = (ok, message) => {
  if (!ok) problems.push(message);
};
/** @param {string} name @returns {any} */
const load = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

const manifest = load('manifest.json');
const scale = new Set(manifest.rarities.map((/** @type {{ value: number }} */ r) => r.value));
const stats = load('stats.json');
const statKeys = new Set(stats.map((/** @type {{ key: string }} */ s) => s.key));
expect(statKeys.size === stats.length, 'stats.json: duplicate keys');

/** @type {Set<string>} */
const icons = new Set();
/** @type {Record<string, number>} */
const counts = {};
for (const file of ['items', 'abilities', 'relics', 'followers']) {
  const records = load(`${file}.json`);
  counts[file] = records.length;
  const ids = records.map((/** @type {{ id: string }} */ r) => r.id);
  expect(new Set(ids).size === ids.length, `${file}: duplicate ids`);
  expect(
    ids.every(
      (/** @type {string} */ id, /** @type {number} */ i) =>
        i === 0 || /** @type {string} */ (ids[i - 1]) < id,
    ),
    `${file}: not sorted by id`,
  );
  for (const r of records) checkRecord(file, r);
}

/** @param {string} file @param {any} r */
function checkRecord(file, r) {
  const where = `${file}/${r.id}`;
  expect(
    typeof r.id === 'string' && ID.test(r.id) && typeof r.name === 'string',
    `${where}: bad id or name`,
  );
  expect(file !== 'items' || Number.isInteger(r.rarity), `${where}: item without rarity`);
  expect(
    r.rarity === undefined || scale.has(r.rarity),
    `${where}: rarity ${r.rarity} not on the scale`,
  );
  if (r.icon !== undefined) {
    expect(ID.test(r.icon), `${where}: bad icon id`);
    icons.add(r.icon);
  }
  for (const s of r.stats ?? [])
    expect(
      statKeys.has(s.stat) && typeof s.value === 'number' && Array.isArray(s.tags),
      `${where}: bad stat ${s.stat}`,
    );
  for (const [key, pair] of Object.entries(r.roll ?? {})) {
    const [min, max] = Array.isArray(pair) ? pair : [];
    const ok =
      Array.isArray(pair) &&
      pair.length === 2 &&
      typeof min === 'number' &&
      typeof max === 'number' &&
      min <= max;
    expect(statKeys.has(key) && ok, `${where}: bad roll ${key}`);
  }
  if (file === 'relics') expect(r.min === undefined || r.min <= r.max, `${where}: min > max`);
  if (file === 'items') {
    for (const k of [
      'dropRate',
      'dropChance',
      'lootTableId',
      'lootWeight',
      'lootTable',
      'devNotes',
      'internalId',
    ])
      expect(k in r, `${where}: missing ${k}`);
    if (r.cosmetic === true)
      expect(
        !r.stats && !r.roll && !r.requirements && !r.dungeons,
        `${where}: cosmetic with gear fields`,
      );
  }
}

const pngs = readdirSync(join(dir, 'sprites')).filter((f) => f.endsWith('.png'));
for (const icon of icons) {
  try {
    const png = pngjs.PNG.sync.read(readFileSync(join(dir, 'sprites', `${icon}.png`)));
    expect(png.width === 64 && png.height === 64, `sprite ${icon}: not 64x64`);
  } catch (err) {
    problems.push(`sprite ${icon}: ${/** @type {Error} */ (err).message}`);
  }
}
expect(pngs.length === icons.size, `sprites/: ${pngs.length} files for ${icons.size} icons in use`);

const items = load('items.json');
const combos = new Set(items.map((/** @type {any} */ i) => `${i.type}/${i.slot}/${i.rarity}`));
process.stderr.write(
  `${dir}: ${JSON.stringify(counts)}, ${stats.length} stats, ${icons.size} sprites, ${combos.size} type/slot/rarity combos\n`,
);
if (problems.length) {
  process.stderr.write(`${problems.length} problem(s):\n${problems.slice(0, 50).join('\n')}\n`);
  process.exit(1);
}
process.stderr.write('ok\n');
