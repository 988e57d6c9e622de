#!/usr/bin/env node
// Seeded generator of the demo dataset (see ../README.md for the file format).
//
//   node tools/generate.mjs [--out DIR] [--items N] [--seed S] [--patch N]
//
// Same arguments -> byte-identical files. Only the item count scales; abilities, relics, followers
// and stats keep their demo sizes, and sprites are shared, so big synthetic runs stay fast.
// --patch N writes the export as it stands after N balance patches (lib/patches.mjs).
// Every run also writes translations/ in German and French (complete) and Spanish (deliberately
// partial, so fallback to English can be tested): lib/translations/, and ../README.md.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateAbilities } from './lib/abilities.mjs';
import { ENGLISH_NICKNAMES, nicknames } from './lib/aliases.mjs';
import { generateFollowers } from './lib/followers.mjs';
import { generateItems } from './lib/items.mjs';
import { generateManifest } from './lib/manifest.mjs';
import { applyPatches } from './lib/patches.mjs';
import { createRng } from './lib/prng.mjs';
import { generateRelics } from './lib/relics.mjs';
import { SpriteSet } from './lib/sprite-set.mjs';
import { writeSprites } from './lib/sprites/render.mjs';
import { generateStats } from './lib/stats.mjs';
import { writeTranslations } from './lib/translations/write.mjs';
import { writeJson, writeJsonArray } from './lib/util.mjs';

const DEFAULT_OUT = dirname(dirname(fileURLToPath(import.meta.url)));
const DEFAULT_ITEMS = 1200;
const DEFAULT_SEED = 'emberfall-2026-11-20';
const USAGE =
  'usage: node tools/generate.mjs [--out DIR] [--items N] [--seed S] [--patch N]\n' +
  '  writes the export to DIR (default: dataset/): manifest, records, sprites, and translations/ in\n' +
  '  de and fr (every translatable field) and es (partial on purpose: rarities, stats and relic labels)\n';

/** @param {string[]} argv */
function readOptions(argv) {
  const { values } = parseArgs({
    // `pnpm … generate -- --items N` forwards the `--` literally; ignore it.
    args: argv[0] === '--' ? argv.slice(1) : argv,
    options: {
      out: { type: 'string' },
      items: { type: 'string' },
      seed: { type: 'string' },
      patch: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stderr.write(USAGE);
    process.exit(0);
  }
  const items = values.items === undefined ? DEFAULT_ITEMS : Number(values.items);
  if (!Number.isInteger(items) || items < 0)
    throw new Error(`--items must be a non-negative integer, got "${values.items}"`);
  const patch = values.patch === undefined ? 0 : Number(values.patch);
  if (!Number.isInteger(patch) || patch < 0)
    throw new Error(`--patch must be a non-negative integer, got "${values.patch}"`);
  return {
    out: resolve(values.out ?? DEFAULT_OUT),
    items,
    seed: values.seed ?? DEFAULT_SEED,
    patch,
  };
}

/** @param {{ out: string, items: number, seed: string, patch: number }} options */
function main({ out, items: itemCount, seed, patch }) {
  const started = performance.now();
  mkdirSync(out, { recursive: true });
  const sprites = new SpriteSet();
  // One PRNG stream per collection: the item count never shifts the other files.
  const data = {
    stats: generateStats(createRng(seed, 'stats')),
    items: generateItems(createRng(seed, 'items'), itemCount, sprites),
    abilities: generateAbilities(createRng(seed, 'abilities'), sprites),
    relics: generateRelics(createRng(seed, 'relics'), sprites),
    followers: generateFollowers(createRng(seed, 'followers'), sprites),
  };
  applyPatches(data, patch, seed, sprites);
  const { stats, items, abilities, relics, followers } = data;
  const aliases = nicknames([...items, ...followers], ENGLISH_NICKNAMES);
  for (const record of [...items, ...followers]) {
    const alias = aliases.get(record.id);
    if (alias !== undefined) record.aliases = [alias];
  }

  writeJson(join(out, 'manifest.json'), generateManifest());
  writeJson(join(out, 'stats.json'), stats);
  writeJsonArray(join(out, 'items.json'), items);
  writeJson(join(out, 'abilities.json'), abilities);
  writeJson(join(out, 'relics.json'), relics);
  writeJson(join(out, 'followers.json'), followers);
  const art = writeSprites(join(out, 'sprites'), sprites);
  const languages = writeTranslations(join(out, 'translations'), data);

  const ms = Math.round(performance.now() - started);
  process.stderr.write(
    `dataset -> ${out}: ${items.length} items, ${abilities.length} abilities, ${relics.length} relics, ` +
      `${followers.length} followers, ${stats.length} stats, ${art.count} sprites (${Math.round(art.bytes / 1024)} KiB), ` +
      `translations ${languages.join(', ')} in ${ms} ms\n`,
  );
}

/** @type {ReturnType<typeof readOptions>} */
let options;
try {
  options = readOptions(process.argv.slice(2));
} catch (err) {
  // Bad arguments get a one-line message; real failures below keep their stack trace.
  process.stderr.write(`generate: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  process.exit(2);
}
main(options);
