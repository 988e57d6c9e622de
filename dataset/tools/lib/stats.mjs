// The stat vocabulary (stats.json). Keys are legacy engine codes, deliberately opaque: clients must
// read /v1/stats rather than guess "crit_chance". `lo`/`hi` (per-item value range at common rarity),
// `dp` (decimals) and `group` drive item rolls and are never written out.

/**
 * @typedef {object} StatDef
 * @property {string} key
 * @property {string} name
 * @property {string} short
 * @property {string} [unit]
 * @property {number} [cap]
 * @property {string} group   primary | offense | defense | caster | element | resist | utility
 * @property {string} [element]
 * @property {number} lo
 * @property {number} hi
 * @property {number} dp
 * @property {string} [description]
 */

/** @type {[string, string, string, string, string, number | null, number, number, number, string | null][]} */
// key, name, short, unit, group, cap, lo, hi, decimals, description
const TABLE = [
  [
    'mgt',
    'Might',
    'MGT',
    '',
    'primary',
    null,
    4,
    9,
    0,
    'Raises physical weapon damage and the strength of heavy blows.',
  ],
  [
    'fns',
    'Finesse',
    'FIN',
    '',
    'primary',
    null,
    4,
    9,
    0,
    'Raises damage with light weapons and bows, and slightly improves dodge.',
  ],
  [
    'fcs',
    'Focus',
    'FCS',
    '',
    'primary',
    null,
    4,
    9,
    0,
    'Raises spell damage and the size of your mana pool.',
  ],
  ['vgr', 'Vigour', 'VIG', '', 'primary', null, 4, 9, 0, 'Raises maximum health.'],
  [
    'q7r',
    'Resolve',
    'RES',
    '',
    'primary',
    null,
    3,
    7,
    0,
    'Shortens stuns, fears and other loss-of-control effects.',
  ],
  [
    'spt',
    'Spirit',
    'SPI',
    '',
    'primary',
    null,
    3,
    7,
    0,
    'Improves mana regeneration and outgoing healing.',
  ],
  ['ar2', 'Armour', 'ARM', 'pts', 'defense', null, 18, 40, 0, 'Reduces physical damage taken.'],
  ['wd2', 'Ward', 'WRD', 'pts', 'defense', null, 12, 30, 0, 'Reduces magical damage taken.'],
  [
    'hp0',
    'Maximum Health',
    'HP',
    'pts',
    'defense',
    null,
    40,
    90,
    0,
    'Flat bonus to maximum health.',
  ],
  ['mn0', 'Maximum Mana', 'MP', 'pts', 'caster', null, 25, 60, 0, 'Flat bonus to maximum mana.'],
  [
    'rg1',
    'Health Regeneration',
    'HP/s',
    '/s',
    'defense',
    null,
    1,
    3,
    1,
    'Health restored every second while out of combat, halved in combat.',
  ],
  [
    'rg2',
    'Mana Regeneration',
    'MP/s',
    '/s',
    'caster',
    null,
    1,
    3,
    1,
    'Mana restored every second.',
  ],
  [
    'crc',
    'Critical Chance',
    'Crit',
    '%',
    'offense',
    75,
    1,
    2.5,
    1,
    'Chance for a hit or heal to be critical.',
  ],
  [
    'cdx',
    'Critical Damage',
    'Crit Dmg',
    '%',
    'offense',
    300,
    4,
    10,
    0,
    'Extra damage dealt by critical hits, on top of the base 150%.',
  ],
  [
    'hst',
    'Haste',
    'Haste',
    '%',
    'offense',
    50,
    1,
    2.5,
    1,
    'Speeds up attacks, casts and global cooldowns.',
  ],
  ['as1', 'Attack Speed', 'AS', '%', 'offense', null, 1, 3, 1, 'Increases weapon swing speed.'],
  ['cs1', 'Cast Speed', 'CS', '%', 'caster', null, 1, 3, 1, 'Shortens spell cast times.'],
  ['k9c', 'Cooldown Reduction', 'CDR', '%', 'caster', 40, 1, 2.5, 1, 'Shortens ability cooldowns.'],
  [
    'mvz',
    'Movement Speed',
    'Move',
    '%',
    'utility',
    35,
    1,
    3,
    1,
    'Increases run speed; does not stack with mount speed.',
  ],
  [
    'ddg',
    'Dodge',
    'Dodge',
    '%',
    'defense',
    60,
    1,
    2.5,
    1,
    'Chance to avoid a melee or ranged attack entirely.',
  ],
  [
    'blc',
    'Block Chance',
    'Block',
    '%',
    'defense',
    70,
    1,
    3,
    1,
    'Chance to block an attack while a shield is equipped.',
  ],
  [
    'bla',
    'Block Amount',
    'BLK',
    'pts',
    'defense',
    null,
    10,
    25,
    0,
    'Damage absorbed by a successful block.',
  ],
  [
    'lch',
    'Lifesteal',
    'Leech',
    '%',
    'offense',
    25,
    0.5,
    1.5,
    1,
    'Portion of damage dealt returned as health.',
  ],
  [
    'thn',
    'Thorns',
    'Thorns',
    'pts',
    'defense',
    null,
    5,
    14,
    0,
    'Damage reflected to melee attackers.',
  ],
  ['e1f', 'Fire Damage', 'Fire', '%', 'element', null, 2, 5, 0, 'Increases fire damage dealt.'],
  ['e2c', 'Frost Damage', 'Frost', '%', 'element', null, 2, 5, 0, 'Increases frost damage dealt.'],
  ['e3s', 'Storm Damage', 'Storm', '%', 'element', null, 2, 5, 0, 'Increases storm damage dealt.'],
  [
    'e4d',
    'Shadow Damage',
    'Shadow',
    '%',
    'element',
    null,
    2,
    5,
    0,
    'Increases shadow damage dealt.',
  ],
  ['e5r', 'Radiant Damage', 'Radiant', '%', 'element', null, 2, 5, 0, null],
  [
    'e6p',
    'Poison Damage',
    'Poison',
    '%',
    'element',
    null,
    2,
    5,
    0,
    'Increases poison damage dealt, including damage over time.',
  ],
  [
    'r1f',
    'Fire Resistance',
    'Fire Res',
    '%',
    'resist',
    null,
    2,
    6,
    0,
    'Reduces fire damage taken.',
  ],
  [
    'r2c',
    'Frost Resistance',
    'Frost Res',
    '%',
    'resist',
    null,
    2,
    6,
    0,
    'Reduces frost damage taken.',
  ],
  ['r3s', 'Storm Resistance', 'Storm Res', '%', 'resist', null, 2, 6, 0, null],
  [
    'r4d',
    'Shadow Resistance',
    'Shadow Res',
    '%',
    'resist',
    null,
    2,
    6,
    0,
    'Reduces shadow damage taken.',
  ],
  [
    'wpd',
    'Weapon Damage',
    'WDmg',
    'pts',
    'offense',
    null,
    6,
    14,
    0,
    'Flat damage added to every weapon hit.',
  ],
  [
    'sp4',
    'Spell Power',
    'SP',
    'pts',
    'caster',
    null,
    6,
    14,
    0,
    'Flat power added to damaging spells.',
  ],
  [
    'hl4',
    'Healing Power',
    'HPwr',
    'pts',
    'caster',
    null,
    6,
    14,
    0,
    'Flat power added to heals and shields.',
  ],
  ['thr', 'Threat', 'Threat', '%', 'defense', null, 3, 8, 0, null],
  [
    'mfd',
    'Magic Find',
    'MF',
    '%',
    'utility',
    null,
    2,
    6,
    0,
    'Improves the rarity of items you find.',
  ],
  [
    'xpg',
    'Experience Gain',
    'XP',
    '%',
    'utility',
    null,
    1,
    4,
    0,
    'Increases experience earned from all sources.',
  ],
];

const ELEMENT_OF = {
  e1f: 'fire',
  e2c: 'frost',
  e3s: 'storm',
  e4d: 'shadow',
  e5r: 'radiant',
  e6p: 'poison',
  r1f: 'fire',
  r2c: 'frost',
  r3s: 'storm',
  r4d: 'shadow',
};

/** @type {StatDef[]} */
export const STATS = TABLE.map(([key, name, short, unit, group, cap, lo, hi, dp, description]) => ({
  key,
  name,
  short,
  group,
  lo,
  hi,
  dp,
  ...(unit ? { unit } : {}),
  ...(cap !== null ? { cap } : {}),
  ...(description ? { description } : {}),
  ...(key in ELEMENT_OF
    ? { element: ELEMENT_OF[/** @type {keyof typeof ELEMENT_OF} */ (key)] }
    : {}),
}));

/** @type {Map<string, StatDef>} */
export const STAT_BY_KEY = new Map(STATS.map((s) => [s.key, s]));

/** @param {string} key */
export function stat(key) {
  const def = STAT_BY_KEY.get(key);
  if (!def) throw new Error(`unknown stat key ${key}`);
  return def;
}

const DEV_NOTES = [
  'Mirrors the combat sheet, tab "core".',
  'Server-authoritative; client value is display only.',
  'Legacy code kept for save compatibility.',
  'Rebalanced in 3.2 after PvP feedback.',
  'Do not rename the key: loot tables reference it.',
];
const CAP_NOTES = [
  'Diminishing returns kick in at 60% of cap.',
  'Cap enforced server-side; the client clamps for display.',
];

/**
 * The stats.json records: public fields, then internal `devNotes` and `formula`.
 * @param {import('./prng.mjs').Rng} rng
 */
export function generateStats(rng) {
  return STATS.map((s) => ({
    key: s.key,
    name: s.name,
    short: s.short,
    ...(s.unit ? { unit: s.unit } : {}),
    ...(s.description ? { description: s.description } : {}),
    ...(s.cap !== undefined ? { cap: s.cap } : {}),
    devNotes: rng.pick(s.cap !== undefined ? CAP_NOTES : DEV_NOTES),
    formula: formulaFor(s),
  }));
}

/** @param {StatDef} s */
function formulaFor(s) {
  const rating = `${s.key}_rating`;
  if (s.cap !== undefined) return `min(${s.cap}, ${rating} / (${rating} + 40 * lvl) * 100)`;
  if (s.unit === '%') return `${rating} / (8 + 0.5 * lvl)`;
  return `${rating} * (1 + 0.02 * lvl)`;
}
