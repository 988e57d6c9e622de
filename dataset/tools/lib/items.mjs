// items.json: plans which kinds and rarities to make, builds each record from the focused helpers
// and adds the internal loot fields once every id is known.
import { ACCESSORY_SUBTYPES, KINDS, RARITY_WEIGHTS } from './catalog.mjs';
import { describeItem } from './descriptions.mjs';
import { rollDungeons, rollEffects, rollRequirements } from './item-extras.mjs';
import { nameItem } from './item-names.mjs';
import { rollStats } from './item-stats.mjs';
import { ELEMENT_WEIGHTS } from './lore.mjs';
import { lootFields } from './loot.mjs';
import { VARIANT_LETTERS } from './sprite-set.mjs';
import { IdAllocator, compact, sortById } from './util.mjs';

/** @typedef {import('./catalog.mjs').Kind} Kind */

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {number} count
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
export function generateItems(rng, count, sprites) {
  const ids = new IdAllocator();
  const legendaryNames = new Set();
  const drafts = planKinds(rng, count).map(({ kind, rarity }) =>
    draftItem(rng, kind, rarity, ids, legendaryNames, sprites),
  );
  const allIds = drafts.map((d) => d.item.id);
  const items = drafts.map(({ item, crafted }, index) =>
    compact({ ...item, ...lootFields(rng, item, index, allIds, crafted) }),
  );
  return sortById(items);
}

/**
 * Every (kind, rarity) pair once, in shuffled order, so any dataset of 230+ items covers every
 * type/slot/subtype/rarity; after that kinds and rarities are drawn by weight.
 * @param {import('./prng.mjs').Rng} rng
 * @param {number} count
 * @returns {{ kind: Kind, rarity: number }[]}
 */
function planKinds(rng, count) {
  const combos = rng.shuffle(
    KINDS.flatMap((kind) => RARITY_WEIGHTS.map(([rarity]) => ({ kind, rarity }))),
  );
  const kindWeights = KINDS.map((k) => /** @type {[Kind, number]} */ ([k, k.weight]));
  const plan = combos.slice(0, count);
  while (plan.length < count)
    plan.push({ kind: rng.weighted(kindWeights), rarity: rng.weighted(RARITY_WEIGHTS) });
  return plan;
}

/**
 * The public part of one item, in the key order every record uses.
 * @param {import('./prng.mjs').Rng} rng
 * @param {Kind} kind
 * @param {number} rarity
 * @param {IdAllocator} ids
 * @param {Set<string>} legendaryNames
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
function draftItem(rng, kind, rarity, ids, legendaryNames, sprites) {
  const cosmetic = kind.type === 'cosmetic';
  const element = cosmetic ? null : rng.weighted(ELEMENT_WEIGHTS);
  const { subtype, noun } = subtypeAndNoun(rng, kind);
  const name = nameItem(rng, kind, rarity, element, noun, legendaryNames);
  // Crafted gear has no dungeon source; cosmetics come from the store and events.
  const crafted = !cosmetic && rarity < 4 && rng.chance(0.15);
  const { stats, roll } = rollStats(rng, kind, rarity, element);
  const item = compact({
    id: ids.take(name),
    name,
    description: describeItem(rng, { kind, noun, rarity, element }),
    type: kind.type,
    slot: kind.slot,
    subtype,
    rarity,
    // The export omits the flag on some gear; the key is optional in the contract.
    cosmetic: cosmetic ? true : rng.chance(0.89) ? false : undefined,
    icon: iconFor(rng, kind, rarity, sprites),
    stats,
    roll,
    effects: cosmetic ? undefined : rollEffects(rng, rarity, element),
    requirements: cosmetic ? undefined : rollRequirements(rng, kind, rarity),
    dungeons: cosmetic || crafted ? undefined : rollDungeons(rng, rarity),
  });
  return { item, crafted };
}

/**
 * Accessories mostly have no subtype; a few rings, necklaces and trinkets do, and then the name
 * uses the subtype's noun ("Gold Signet").
 * @param {import('./prng.mjs').Rng} rng
 * @param {Kind} kind
 */
function subtypeAndNoun(rng, kind) {
  const special = ACCESSORY_SUBTYPES[kind.slot];
  if (kind.type === 'accessory' && special && rng.chance(0.12))
    return { subtype: special[0], noun: special[1] };
  return { subtype: kind.subtype, noun: rng.pick(kind.nouns) };
}

/**
 * Sprite shared by every item of the same icon kind and rarity (plus a variant); a few cosmetics
 * and a sprinkle of gear ship without art.
 * @param {import('./prng.mjs').Rng} rng
 * @param {Kind} kind
 * @param {number} rarity
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
function iconFor(rng, kind, rarity, sprites) {
  if (rng.chance(kind.type === 'cosmetic' ? 0.15 : 0.01)) return undefined;
  const variant = rng.int(0, kind.variants - 1);
  const id = `item.${kind.iconKind}.${rarity}.${VARIANT_LETTERS[variant]}`;
  return sprites.use(id, {
    shape: kind.shape,
    rarity,
    variant,
    ...(kind.type === 'armour' && kind.subtype ? { tint: kind.subtype } : {}),
  });
}
