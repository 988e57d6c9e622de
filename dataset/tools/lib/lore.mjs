// Shared world vocabulary: elements, dungeons, factions and characters, so that item names,
// descriptions, effects, relics and followers all talk about the same world.
import { slugify } from './util.mjs';

/**
 * @typedef {object} Element
 * @property {string} id
 * @property {string} colour     rich-text colour used in descriptions
 * @property {string} word       the noun used in prose ("embers")
 * @property {string[]} adjectives  name prefixes that signal the element
 * @property {string} damageKey  stat key of the element's damage bonus
 * @property {string} [resistKey]
 */

/** @type {Element[]} */
export const ELEMENTS = [
  {
    id: 'fire',
    colour: '#ffb400',
    word: 'embers',
    adjectives: ['Emberforged', 'Cinder', 'Ashen', 'Blazing', 'Smouldering'],
    damageKey: 'e1f',
    resistKey: 'r1f',
  },
  {
    id: 'frost',
    colour: '#7fd4ff',
    word: 'rime',
    adjectives: ['Frostbitten', 'Rimed', 'Glacial', 'Wintry', 'Hoarfrost'],
    damageKey: 'e2c',
    resistKey: 'r2c',
  },
  {
    id: 'storm',
    colour: '#b18cff',
    word: 'lightning',
    adjectives: ['Thunderous', 'Crackling', 'Stormwrought', 'Tempest'],
    damageKey: 'e3s',
    resistKey: 'r3s',
  },
  {
    id: 'shadow',
    colour: '#8a5cff',
    word: 'shadow',
    adjectives: ['Umbral', 'Duskbound', 'Gloaming', 'Nightveiled'],
    damageKey: 'e4d',
    resistKey: 'r4d',
  },
  {
    id: 'radiant',
    colour: '#ffe680',
    word: 'dawnlight',
    adjectives: ['Dawnlit', 'Hallowed', 'Sunforged', 'Gilded'],
    damageKey: 'e5r',
  },
  {
    id: 'poison',
    colour: '#7cff4f',
    word: 'venom',
    adjectives: ['Venomous', 'Blighted', 'Festering', 'Thornbound'],
    damageKey: 'e6p',
  },
];

/** How often each theme is picked; `null` = no element, the usual case for plain gear. */
/** @type {[Element | null, number][]} */
export const ELEMENT_WEIGHTS = [
  [null, 40],
  ...ELEMENTS.map((e) => /** @type {[Element, number]} */ ([e, 10])),
];

export const DUNGEON_NAMES = [
  'The Sunken Crypt',
  'Emberdeep Forge',
  'Hollowmere Catacombs',
  'The Shattered Spire',
  'Frostfang Hollow',
  'Gloomwood Barrow',
  'The Drowned Cathedral',
  'Ashen Citadel',
  'Thornveil Labyrinth',
  'Stormbreak Keep',
  'The Obsidian Vault',
  'Mirefen Sewers',
  'Temple of the Silent Moon',
  'The Gilded Necropolis',
  'Wyrmroost Caverns',
  'Blackwater Bastion',
  'The Clockwork Undercroft',
  'Saltcliff Grotto',
  'Duskhallow Abbey',
  'The Ember Throne',
];

/** Dungeons as the export writes them; the id is internal, only the name is public. */
export const DUNGEONS = DUNGEON_NAMES.map((name) => ({
  name,
  dungeonId: `dg-${slugify(name.replace(/^The /, ''))}`,
}));

export const FACTIONS = [
  'Ashen Legion',
  'Tidewatch',
  'Order of the Silent Moon',
  'Emberfall Wardens',
  'Thornveil Druids',
  'Glasswind Corsairs',
  'Hollow Court',
  'Ironhold Clans',
  'Lanternbearers',
  'Saltcliff Reavers',
];

export const CHARACTERS = [
  'Ashbringer',
  'Velmora',
  'Thane Harrow',
  'Queen Isolde',
  'Morrigan',
  'Kaelthar',
  'Sister Ysolde',
  'Old Grimble',
  'Ser Aldric',
  'Vashti',
  'Oren Blackwater',
  'Maerwen',
  'Tamsin Vale',
  'the Last Warden',
  'Brannoc',
  'Ilsabet',
  'Corvane',
  'Hesk the Drowned',
  'Lady Seraphine',
  'Dunmor',
];

export const QUOTES = [
  'Steel remembers.',
  'The tide takes what the forge forgets.',
  'Hold the line. Then hold it again.',
  'Every ember was once a wildfire.',
  'No crown outlives its keeper.',
  'Walk softly; the dead are listening.',
  'Light is a promise, not a gift.',
  'Bend, but do not break.',
  'What sleeps beneath the moon does not dream.',
];

/**
 * The element's prose word wrapped in rich-text colour markup.
 * @param {Element} element
 */
export function markElement(element) {
  return `<color=${element.colour}>${element.word}</color>`;
}
