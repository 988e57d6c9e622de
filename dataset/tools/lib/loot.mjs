// Internal loot bookkeeping that every item in the export carries. None of it is ever served (the
// contract forbids publishing drop rates or loot-table data); it is here so the API's allowlists
// are exercised against realistic secrets.

/** Base drop rate per rarity (0 common … 4 legendary). */
const BASE_RATE = [0.08, 0.03, 0.01, 0.003, 0.0008];

const NOTES = [
  'Drop rate checked against the economy sheet.',
  'Keep out of season chests until 3.4.',
  'Loot council: vendor price stays at 1g.',
  'TODO: verify roll range against the balance sheet.',
  'Placeholder icon; final art pending.',
  'Bad-luck protection applies after 40 kills.',
  'Bound on pickup.',
  'Duplicate protection enabled.',
  'Reported as too common on PTR; rate halved.',
];

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {{ id: string, rarity: number, type?: string }} item
 * @param {number} index    generation order, used to keep internal ids unique
 * @param {readonly string[]} allIds
 * @param {boolean} crafted
 */
export function lootFields(rng, item, index, allIds, crafted) {
  const base = BASE_RATE[item.rarity] ?? 0.001;
  const lootTableId = `lt-${rng.int(0x10000, 0xfffff).toString(16)}`;
  return {
    dropRate: rng.float(base * 0.5, base * 1.5, 5),
    dropChance: crafted ? 0 : rng.float(base * 0.2, base, 5),
    lootTableId,
    lootWeight: rng.int(1, 1000),
    lootTable: { id: lootTableId, rolls: rng.int(1, 3), entries: entries(rng, item.id, allIds) },
    devNotes: crafted
      ? `Crafted only (recipe rc-${rng.int(100, 999)}); never add to drop tables.`
      : rng.pick(NOTES),
    // Disjoint blocks of ten per index, so ids are unique without a lookup.
    internalId: 100000 + index * 10 + rng.int(0, 9),
  };
}

/**
 * The item's own entry first, then a few neighbours it shares the table with.
 * @param {import('./prng.mjs').Rng} rng
 * @param {string} selfId
 * @param {readonly string[]} allIds
 */
function entries(rng, selfId, allIds) {
  const others = Array.from({ length: rng.int(1, 4) }, () => rng.pick(allIds));
  return [selfId, ...others].map((itemId) => ({
    itemId,
    weight: rng.int(1, 100),
    chance: rng.float(0.001, 0.2, 4),
  }));
}
