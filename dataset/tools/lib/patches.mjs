// Patch releases derived from the base export, as a game's balance patches change its data: stats
// rebalanced, items added and retired, a relic's range widened, an ability's description reworded.
// Patch n applies patches 1..n in turn, each from its own seeded stream, so the demo's history is the
// same on every machine.
import { generateItems } from './items.mjs';
import { createRng } from './prng.mjs';
import { sortById } from './util.mjs';

const REBALANCED_ITEMS = 15;
const ADDED_ITEMS = 6;
const RETIRED_ITEMS = 3;

/**
 * @typedef {{ items: any[], abilities: any[], relics: any[], followers: any[], stats: any[] }} Export
 */

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {Export} data
 * @param {number} patch
 * @param {string} seed
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
function applyPatch(rng, data, patch, seed, sprites) {
  for (const item of rng.sample(
    data.items.filter((i) => i.stats?.length),
    REBALANCED_ITEMS,
  )) {
    const [first] = item.stats;
    first.value = Math.max(1, first.value + rng.pick([-3, -2, -1, 1, 2, 3]));
  }
  const retired = new Set(rng.sample(data.items, RETIRED_ITEMS).map((item) => item.id));
  const taken = new Set(data.items.map((item) => item.id));
  const added = generateItems(createRng(seed, `patch-${patch}-items`), ADDED_ITEMS, sprites).filter(
    (item) => !taken.has(item.id),
  );
  data.items = sortById([...data.items.filter((item) => !retired.has(item.id)), ...added]);

  const relic = rng.pick(data.relics);
  relic.max += 1;
  const ability = rng.pick(data.abilities.filter((a) => a.description));
  ability.description = `${ability.description.replace(/\.$/, '')}, and can no longer be interrupted.`;
}

/**
 * Applies patches 1..`count` to a freshly generated export, in place.
 * @param {Export} data
 * @param {number} count
 * @param {string} seed
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
export function applyPatches(data, count, seed, sprites) {
  for (let patch = 1; patch <= count; patch++)
    applyPatch(createRng(seed, `patch-${patch}`), data, patch, seed, sprites);
}
