// abilities.json: names from per-category word pairs, descriptions from per-category templates
// (numbers and element words optionally wrapped in rich-text markup).
import { formatter } from './descriptions.mjs';
import { ELEMENTS } from './lore.mjs';
import { IdAllocator, compact, sortById } from './util.mjs';

/** @typedef {(r: import('./prng.mjs').Rng, f: import('./descriptions.mjs').Fmt, a: { name: string, el: string }) => string} Template */

/** Name heads that carry an element, so "Frost Lance" talks about rime. */
const HEAD_ELEMENT = {
  Cinder: 'fire',
  Searing: 'fire',
  Ember: 'fire',
  Frost: 'frost',
  Storm: 'storm',
  Shadow: 'shadow',
  Grave: 'shadow',
  Venom: 'poison',
  Radiant: 'radiant',
  Hallowed: 'radiant',
  Thorn: 'poison',
};

/** Shared description templates. {el} is the element word from the name's head, if any. */
/** @satisfies {Record<string, Template>} */
const T = {
  strike: (r, f, a) =>
    `Strike with ${a.el || 'raw force'}, dealing ${f.b(`${r.int(8, 30) * 10}%`)} weapon damage.`,
  flurry: (r, f) =>
    `Unleash a flurry of ${r.int(3, 6)} blows, each dealing ${f.b(`${r.int(4, 12) * 10}%`)} weapon damage.`,
  volley: (r, f, a) =>
    `Loose ${r.int(3, 7)} ${a.el ? `arrows wreathed in ${a.el}` : 'arrows'}, each dealing ${f.b(`${r.int(4, 10) * 10}%`)} weapon damage.`,
  bolt: (r, f, a) =>
    `Hurl a bolt of ${a.el || 'force'} that deals ${f.b(`${r.int(10, 40) * 10}%`)} spell power to the first enemy hit.`,
  nova: (r, f, a) =>
    `Release a nova of ${a.el || 'force'}, dealing ${f.b(`${r.int(6, 20) * 10}%`)} spell power to enemies within 8 metres.`,
  barrier: (r, f) =>
    `Raise a barrier that absorbs ${f.b(String(r.int(8, 40) * 50))} damage for ${r.int(4, 10)}s.`,
  harden: (r, f) =>
    `Reduce all damage taken by ${f.b(`${r.int(3, 8) * 5}%`)} for ${r.int(4, 12)}s.`,
  taunt: (r, f) =>
    `Taunt nearby enemies and gain ${f.b(`${r.int(2, 6) * 10}%`)} armour for ${r.int(5, 10)}s.`,
  heal: (r, f, a) =>
    `Heal an ally with ${a.el || 'a gentle light'} for ${f.b(`${r.int(10, 40) * 10}%`)} of your healing power.`,
  haste: (r, f) => `Grant nearby allies ${f.b(`${r.int(2, 6) * 5}%`)} haste for ${r.int(6, 15)}s.`,
  cleanse: (r, f) =>
    `Cleanse one harmful effect from each ally within ${f.i(`${r.int(2, 6) * 5} metres`)}.`,
  dash: (r) => `Dash ${r.int(8, 20)} metres forward, breaking roots and slows.`,
  blink: (r, f) =>
    `Teleport up to ${r.int(10, 25)} metres; your next attack within 3s deals ${f.b(`${r.int(2, 8) * 5}%`)} more damage.`,
  sprint: (r, f, a) =>
    `Gain ${f.b(`${r.int(3, 10) * 5}%`)} movement speed for ${r.int(3, 8)}s${a.el ? `, leaving a trail of ${a.el}` : ''}.`,
  summon: (r, f, a) =>
    `Summon ${summoned(a.name)} to fight at your side for ${f.b(`${r.int(4, 12) * 5}s`)}.`,
  guardian: (r, _f, a) =>
    `Call forth ${summoned(a.name)}; it taunts enemies near you and lasts ${r.int(10, 30)}s.`,
  reveal: (r, f) =>
    `Reveal hidden enemies and traps within ${f.i(`${r.int(3, 8) * 5} metres`)} for ${r.int(6, 20)}s.`,
  trap: (r, f) =>
    `Place a trap that roots the first enemy to trigger it for ${f.b(`${r.int(2, 5)}s`)}.`,
  mark: (r, f) =>
    `Mark a target; allies deal ${f.b(`${r.int(1, 4) * 5}%`)} more damage to it for ${r.int(8, 15)}s.`,
  vanish: (r, f) =>
    `Vanish from sight for ${f.b(`${r.int(3, 8)}s`)}; attacking or taking damage breaks the effect.`,
  ward: (r) =>
    `Place a ward on an ally that blocks the next harmful spell within ${r.int(10, 30)}s.`,
};

/** Per category: name heads, and name tails with the template that fits each tail. */
/** @type {Record<string, { heads: string[], tails: Record<string, Template> }>} */
const CATEGORIES = {
  offense: {
    heads: [
      'Cinder',
      'Rending',
      'Savage',
      'Piercing',
      'Crushing',
      'Searing',
      'Storm',
      'Venom',
      'Shadow',
      'Frost',
    ],
    tails: {
      Strike: T.strike,
      Blow: T.strike,
      Cleave: T.strike,
      Slash: T.strike,
      Flurry: T.flurry,
      Barrage: T.flurry,
      Volley: T.volley,
      Lance: T.bolt,
      Bolt: T.bolt,
      Nova: T.nova,
    },
  },
  defense: {
    heads: ['Iron', 'Stone', 'Bastion', 'Warding', 'Stalwart', 'Unyielding', 'Oathsworn', 'Frost'],
    tails: {
      Barrier: T.barrier,
      Shell: T.barrier,
      Aegis: T.barrier,
      Wall: T.barrier,
      Skin: T.harden,
      Resolve: T.harden,
      Stance: T.harden,
      Guard: T.taunt,
    },
  },
  support: {
    heads: [
      'Mending',
      'Radiant',
      'Rallying',
      'Hallowed',
      'Soothing',
      'Kindred',
      'Inspiring',
      'Lantern',
    ],
    tails: {
      Touch: T.heal,
      Light: T.heal,
      Word: T.heal,
      Hymn: T.haste,
      Chorus: T.haste,
      Cry: T.haste,
      Banner: T.haste,
      Blessing: T.cleanse,
    },
  },
  movement: {
    heads: ['Shadow', 'Wind', 'Blink', 'Swift', 'Leaping', 'Phantom', 'Ember', 'Storm'],
    tails: {
      Dash: T.dash,
      Rush: T.dash,
      Charge: T.dash,
      Vault: T.dash,
      Step: T.blink,
      Stride: T.sprint,
      Glide: T.sprint,
    },
  },
  summoning: {
    heads: ['Bone', 'Ember', 'Spirit', 'Thorn', 'Storm', 'Grave', 'Wild', 'Clockwork'],
    tails: {
      Servant: T.summon,
      Wolves: T.summon,
      Golem: T.guardian,
      Sentinel: T.guardian,
      Swarm: T.summon,
      Totem: T.guardian,
      Familiar: T.summon,
      Hounds: T.summon,
    },
  },
  utility: {
    heads: ['Arcane', "Hunter's", "Tinker's", 'Silent', "Scholar's", 'Keen', 'Veiled'],
    tails: {
      Sight: T.reveal,
      Lantern: T.reveal,
      Snare: T.trap,
      Trap: T.trap,
      Lure: T.trap,
      Mark: T.mark,
      Cloak: T.vanish,
      Ward: T.ward,
    },
  },
};

const PER_CATEGORY = 28;
const NOTES = [
  'GCD exempt.',
  'Animation cancel window: 200ms.',
  'Shares cooldown with the PvP variant.',
  'Scales with level from 3.0.',
  'Voice lines pending.',
];

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
export function generateAbilities(rng, sprites) {
  const ids = new IdAllocator();
  const records = Object.entries(CATEGORIES).flatMap(([category, def]) => {
    const pairs = def.heads.flatMap((head) =>
      Object.entries(def.tails).map(([tail, template]) => ({ name: `${head} ${tail}`, template })),
    );
    return rng.sample(pairs, PER_CATEGORY).map((pair) => ({ ...pair, category }));
  });
  const abilities = records.map(({ name, template, category }, index) => {
    // The export leaves a handful of abilities uncategorised.
    const listed = rng.chance(0.97) ? category : undefined;
    return compact({
      id: ids.take(name),
      name,
      description: rng.chance(0.95) ? describe(rng, template, name) : undefined,
      category: listed,
      icon: rng.chance(0.97) ? abilityIcon(rng, listed ?? 'misc', sprites) : undefined,
      devNotes: rng.pick(NOTES),
      internalId: 5000 + index * 3 + rng.int(0, 2),
    });
  });
  return sortById(abilities);
}

/**
 * Four sprites per category (one for uncategorised abilities), differing in hue and pattern.
 * @param {import('./prng.mjs').Rng} rng
 * @param {string} category
 * @param {import('./sprite-set.mjs').SpriteSet} sprites
 */
function abilityIcon(rng, category, sprites) {
  const variant = category === 'misc' ? 0 : rng.int(0, 3);
  return sprites.use(`ability.${category}.${variant + 1}`, {
    shape: `ability-${category}`,
    rarity: -1,
    variant,
    tint: category,
  });
}

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {Template} template
 * @param {string} name
 */
function describe(rng, template, name) {
  const f = formatter(rng.chance(0.4));
  const id = HEAD_ELEMENT[/** @type {keyof typeof HEAD_ELEMENT} */ (name.split(' ')[0])];
  const element = ELEMENTS.find((e) => e.id === id);
  return template(rng, f, { name, el: element ? f.el(element) : '' });
}

/** "Bone Golem" -> "a bone golem", "Grave Hounds" -> "grave hounds". @param {string} name */
function summoned(name) {
  const lower = name.toLowerCase();
  if (/(wolves|hounds)$/.test(lower)) return lower;
  return `${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}`;
}
