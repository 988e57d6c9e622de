// Flavour text. A share of descriptions carry the export's Unity rich-text markup (colour, bold,
// italic, size) exactly as the game client would render it; the API strips it on load.
import { CHARACTERS, DUNGEON_NAMES, FACTIONS, QUOTES, markElement } from './lore.mjs';

/**
 * Formatting helpers that either emit markup or plain text, so each template is written once.
 * @typedef {object} Fmt
 * @property {(text: string) => string} b
 * @property {(text: string) => string} i
 * @property {(text: string) => string} small
 * @property {(e: import('./lore.mjs').Element) => string} el
 */

/** @param {boolean} rich @returns {Fmt} */
export function formatter(rich) {
  if (!rich) return { b: (t) => t, i: (t) => t, small: (t) => t, el: (e) => e.word };
  return {
    b: (t) => `<b>${t}</b>`,
    i: (t) => `<i>${t}</i>`,
    small: (t) => `<size=12>${t}</size>`,
    el: markElement,
  };
}

/**
 * @typedef {object} ItemText
 * @property {import('./catalog.mjs').Kind} kind
 * @property {string} noun
 * @property {number} rarity
 * @property {import('./lore.mjs').Element | null} element
 */

/** @typedef {(r: import('./prng.mjs').Rng, f: Fmt, t: ItemText) => string} Template */

/** @type {Record<string, Template[]>} */
const OPENERS = {
  melee: [
    (r) => `Forged in the depths of ${r.pick(DUNGEON_NAMES)}.`,
    (r, f) => `Standard issue for the ${f.b(r.pick(FACTIONS))}, balanced for long campaigns.`,
    (r, _f, t) =>
      `A ${r.pick(['well-balanced', 'notched', 'heavy', 'keen', 'ornate', 'battered'])} ${t.noun.toLowerCase()} that bites deeper against the unprepared.`,
    (r, f) => `Its grip is worn smooth by generations of ${f.b(r.pick(FACTIONS))} veterans.`,
    (r) => `Recovered from the vaults of ${r.pick(DUNGEON_NAMES)}.`,
  ],
  bow: [
    (r) =>
      `Strung with ${r.pick(['wyrm sinew', 'braided silk', 'spider-silk'])}; it never slackens in the rain.`,
    (r, f) => `Favoured by the scouts of the ${f.b(r.pick(FACTIONS))}.`,
    (r) => `Recovered from the vaults of ${r.pick(DUNGEON_NAMES)}.`,
  ],
  caster: [
    () => 'Hums softly whenever a spell is woven nearby.',
    (r, f) => `Attuned in the archives of the ${f.b(r.pick(FACTIONS))}.`,
    (r, f) =>
      `Its ${r.pick(['runes', 'inlays', 'glyphs'])} were cut by ${f.b(r.pick(CHARACTERS))}.`,
    (r) => `Recovered from the vaults of ${r.pick(DUNGEON_NAMES)}.`,
  ],
  shield: [
    () => 'Dented by a hundred blows, and never once broken.',
    (r, f) => `Bears the crest of the ${f.b(r.pick(FACTIONS))}.`,
    (r) => `Hammered out in the forges of ${r.pick(DUNGEON_NAMES)}.`,
  ],
  armour: [
    (r) => `Pieced together from salvage recovered in ${r.pick(DUNGEON_NAMES)}.`,
    (r, f) => `Favoured by the ${f.b(r.pick(FACTIONS))} for its fit and easy repair.`,
    () => 'Bears the scars of a hundred skirmishes.',
    (r, f) => `Fitted by hand in the workshops of the ${f.b(r.pick(FACTIONS))}.`,
  ],
  accessory: [
    (r) => `A keepsake from ${r.pick(DUNGEON_NAMES)}, warm to the touch.`,
    (r, f) => `Once belonged to ${f.b(r.pick(CHARACTERS))}.`,
    (r) =>
      `The ${r.pick(['garnet', 'moonstone', 'sapphire', 'shard of amber', 'black pearl'])} set in it glimmers when danger is near.`,
    (r, f) => `Engraved with the sigil of the ${f.b(r.pick(FACTIONS))}.`,
  ],
  hat: [
    (r) =>
      `Worn at every ${r.pick(['Midsummer Fair', 'Harvest Moon festival', 'Winterveil'])} since anyone can remember.`,
    () => 'Turns heads. Stops no arrows.',
  ],
  wings: [
    () => 'Purely for show, and what a show it is.',
    (_r, f) => `Sheds ${f.i('harmless')} sparks when you glide.`,
  ],
  mount: [
    () => 'A sure-footed companion for the long roads of Emberfall.',
    (_r, f, t) => `Summons and dismisses a ${t.noun.toLowerCase()}. ${f.b('Cosmetic only.')}`,
  ],
  pet: [
    () => 'A loyal companion that follows you everywhere. It does not fight.',
    () => 'Loves shiny things. Fetches nothing.',
  ],
};

/** Which opener list a weapon uses; anything not listed is a melee weapon. */
/** @type {Record<string, string>} */
const WEAPON_GROUP = {
  bow: 'bow',
  wand: 'caster',
  staff: 'caster',
  tome: 'caster',
  focus: 'caster',
  shield: 'shield',
};

/** Second sentences, chosen by what the item is. */
const CLOSERS = {
  /** @type {Template} */
  element: (r, f, t) => {
    if (!t.element) return '';
    const glow = `Glows faintly with ${f.el(t.element)} ${t.kind.type === 'weapon' ? 'when drawn' : 'in the dark'}.`;
    return r.pick([`Traces of ${f.el(t.element)} still cling to it.`, glow]);
  },
  /** @type {Template} */
  quote: (r, f) => `${f.i(`"${r.pick(QUOTES)}"`)} — ${r.pick(CHARACTERS)}`,
  /** @type {Template} */
  set: (r, f) => f.small(`Part of the ${r.pick(FACTIONS)} collection.`),
  /** @type {Template} */
  unique: (_r, f) => f.b('Unique-Equipped.'),
};

/**
 * Item description, or undefined for the items that have none (plain commons mostly).
 * @param {import('./prng.mjs').Rng} rng
 * @param {ItemText} t
 * @returns {string | undefined}
 */
export function describeItem(rng, t) {
  const missing = t.rarity === 0 ? 0.35 : t.kind.type === 'cosmetic' ? 0.2 : 0.06;
  if (rng.chance(missing)) return undefined;
  const f = formatter(rng.chance(t.rarity >= 3 ? 0.8 : 0.45));
  const group =
    t.kind.type === 'cosmetic'
      ? t.kind.shape
      : t.kind.type === 'weapon'
        ? WEAPON_GROUP[t.kind.shape]
        : t.kind.type;
  const opener = rng.pick(OPENERS[group ?? 'melee'] ?? OPENERS.melee ?? [])(rng, f, t);
  return [opener, closer(rng, f, t)].filter(Boolean).join(' ');
}

/**
 * @param {import('./prng.mjs').Rng} rng
 * @param {Fmt} f
 * @param {ItemText} t
 */
function closer(rng, f, t) {
  if (t.rarity === 4) return rng.pick([CLOSERS.quote, CLOSERS.unique])(rng, f, t);
  if (t.element && rng.chance(0.6)) return CLOSERS.element(rng, f, t);
  if (t.rarity >= 2 && rng.chance(0.3)) return CLOSERS.set(rng, f, t);
  return '';
}
