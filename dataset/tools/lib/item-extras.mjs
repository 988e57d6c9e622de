// Legendary effects, skill requirements and dungeon sources for items.
import { DUNGEONS } from './lore.mjs';

const TRIGGERS = ['on hit', 'on crit', 'on kill', 'on block', 'when struck', 'on cast', 'on dodge'];
const LOW_HEALTH = ['below 30% health'];

/** [label, impact template, triggers or undefined for any]. {n} weapon/spell %, {p} percent, {s} seconds, {a} flat amount. */
/** @type {Record<string, [string, string, string[]?][]>} */
export const EFFECTS = {
  none: [
    ['Rend', 'Causes the target to bleed for {n}% weapon damage over {s}s'],
    ['Whirlwind', 'Spins, dealing {n}% weapon damage to all nearby enemies'],
    ['Second Wind', 'Restores {p}% of maximum health', LOW_HEALTH],
    ['Bulwark', 'Grants a barrier absorbing {a} damage for {s}s', ['when struck', 'on block']],
  ],
  fire: [
    ['Cinderburst', 'Deals {n}% weapon damage as fire to nearby enemies'],
    ['Immolate', 'Sets the target ablaze for {n}% weapon damage over {s}s'],
    [
      'Ashfall',
      'Rains embers around you, dealing {n}% spell power as fire',
      ['on cast', 'on kill'],
    ],
  ],
  frost: [
    ['Rime Nova', 'Releases a nova that slows nearby enemies by {p}% for {s}s'],
    ['Glacial Spike', 'Impales the target for {n}% weapon damage as frost'],
    ['Shatter', 'Frozen enemies take {p}% more damage for {s}s', ['on crit', 'on kill']],
  ],
  storm: [
    ['Chain Lightning', 'Arcs to up to 4 enemies for {n}% spell power as storm damage'],
    ['Thunderclap', 'Stuns nearby enemies for 2s', ['on block', 'when struck']],
    ['Static Surge', 'Grants {p}% haste for {s}s', ['on crit', 'on kill', 'on dodge']],
  ],
  shadow: [
    ['Soul Siphon', 'Drains {n}% weapon damage as shadow and heals you for half of it'],
    ['Umbral Grasp', 'Roots the target in shadow for 3s', ['on hit', 'on cast']],
    ['Dread', 'Fears the attacker for 2s', ['when struck', 'on block']],
  ],
  radiant: [
    ['Dawnflare', 'Heals nearby allies for {n}% of your healing power', ['on cast', 'on crit']],
    ['Sanctify', 'Consecrates the ground, dealing {n}% spell power as radiant over {s}s'],
    ['Mercy', 'Prevents a killing blow and restores {p}% of maximum health', LOW_HEALTH],
  ],
  poison: [
    ['Venom Bloom', 'Poisons nearby enemies for {n}% weapon damage over {s}s'],
    ['Rot', "Reduces the target's healing received by {p}% for {s}s", ['on hit', 'on crit']],
  ],
};

const EFFECT_NOTES = [
  'ICD enforced server-side.',
  'Proc chance halved in PvP.',
  'Tuned down in 3.1 after PTR feedback.',
  'VFX shared with the boss version; keep in sync.',
  'Does not proc from pets or followers.',
];

/**
 * Legendaries always get 1–2 effects, epics occasionally one.
 * @param {import('./prng.mjs').Rng} rng
 * @param {number} rarity
 * @param {import('./lore.mjs').Element | null} element
 */
export function rollEffects(rng, rarity, element) {
  const count = rarity === 4 ? rng.int(1, 2) : rarity === 3 && rng.chance(0.12) ? 1 : 0;
  if (count === 0) return undefined;
  const pool = EFFECTS[element?.id ?? 'none'] ?? [];
  return rng.sample(pool, count).map(([label, template, triggers]) => ({
    trigger: rng.pick(triggers ?? TRIGGERS),
    label,
    impact: fill(rng, template),
    cooldown:
      triggers === LOW_HEALTH
        ? rng.pick([60, 90, 120])
        : rng.pick([0, 1, 2, 4, 6, 8, 10, 12, 15, 20]),
    chance: triggers === LOW_HEALTH ? 100 : rng.pick([5, 8, 10, 12, 15, 20, 25, 30]),
    procTableId: `pt-${rng.int(1000, 9999)}`,
    devNote: rng.pick(EFFECT_NOTES),
  }));
}

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {string} template
 */
function fill(rng, template) {
  return template
    .replace('{n}', String(rng.int(4, 30) * 10))
    .replace('{p}', String(rng.int(2, 8) * 5))
    .replace('{s}', String(rng.int(3, 10)))
    .replace('{a}', String(rng.int(10, 60) * 25));
}

const LEVELS = [
  [1, 20],
  [10, 30],
  [20, 45],
  [35, 55],
  [50, 60],
];

/**
 * Most gear needs a skill level; epics and legendaries sometimes also need Attunement.
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./catalog.mjs').Kind} kind
 * @param {number} rarity
 */
export function rollRequirements(rng, kind, rarity) {
  if (!kind.skill || !rng.chance(0.72)) return undefined;
  const [lo, hi] = /** @type {[number, number]} */ (LEVELS[rarity]);
  const reqs = [{ skill: kind.skill, level: rng.int(lo, hi) }];
  if (rarity >= 3 && kind.skill !== 'Attunement' && rng.chance(0.4))
    reqs.push({ skill: 'Attunement', level: rng.int(lo, hi) });
  return reqs;
}

/**
 * Where the item drops, in the export's raw object form. Legendaries drop from one place only.
 * @param {import('./prng.mjs').Rng} rng
 * @param {number} rarity
 */
export function rollDungeons(rng, rarity) {
  if (!rng.chance(0.85)) return undefined;
  const count = rarity === 4 ? 1 : rng.int(1, 3);
  const base = 0.05 / (rarity + 1) ** 2;
  return rng.sample(DUNGEONS, count).map((d) => ({
    name: d.name,
    dungeonId: d.dungeonId,
    dropChance: rng.float(base * 0.3, base, 5),
  }));
}
