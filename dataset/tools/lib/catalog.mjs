// What items can exist: every (type, slot, subtype) "kind" with the words used to name it, the stats
// it rolls, the skill it requires and the sprite silhouette it shares.

/**
 * @typedef {object} Kind
 * @property {string} type
 * @property {string} slot
 * @property {string} [subtype]
 * @property {string} iconKind   middle part of the sprite id: item.<iconKind>.<rarity>.<variant>
 * @property {string} shape      silhouette drawn by the sprite renderer
 * @property {number} variants   sprite variants per rarity (a, b, c…)
 * @property {number} weight     relative frequency in the item pool
 * @property {string[]} nouns    base nouns for names
 * @property {string[]} materials
 * @property {string[]} primary  stat keys for the first (primary) stat
 * @property {string[]} pool     stat keys for secondary stats
 * @property {string} [skill]    skill named in requirements
 */

const METALS = [
  'Iron',
  'Steel',
  'Bronze',
  'Obsidian',
  'Silversteel',
  'Darkiron',
  'Moonsilver',
  'Starmetal',
  'Runed',
];
const WOODS = ['Ashwood', 'Yew', 'Gloomwood', 'Ironwood', 'Elderwood', 'Driftwood', 'Thornwood'];
const ARCANE = ['Runed', 'Ivory', 'Bone', 'Crystal', 'Moonstone', 'Ebon', 'Glass'];
const JEWELS = ['Silver', 'Gold', 'Copper', 'Jade', 'Obsidian', 'Pearl', 'Amber', 'Garnet'];
const CLOTHS = ['Linen', 'Silk', 'Woollen', 'Spidersilk', 'Mooncloth', 'Embroidered', 'Velvet'];

const MELEE = ['crc', 'cdx', 'as1', 'wpd', 'hst', 'lch', 'ar2', 'hp0'];
const AGILE = ['crc', 'cdx', 'as1', 'wpd', 'mvz', 'ddg', 'hst', 'lch'];
const CASTER = ['sp4', 'cs1', 'crc', 'k9c', 'mn0', 'rg2', 'hl4', 'spt', 'hst'];

/** @type {[string, string, string, string, string[], string[], string[], string[], string][]} */
// slot, subtype, shape, skill, nouns, materials, primary, pool, weapon family
const WEAPONS = [
  [
    'mainhand',
    'sword',
    'sword',
    'Swordsmanship',
    ['Longsword', 'Sword', 'Blade', 'Sabre', 'Broadsword', 'Falchion'],
    METALS,
    ['mgt'],
    MELEE,
    'melee',
  ],
  [
    'mainhand',
    'axe',
    'axe',
    'Axe Mastery',
    ['Axe', 'Hatchet', 'Cleaver', 'Waraxe', 'Broadaxe'],
    METALS,
    ['mgt'],
    MELEE,
    'melee',
  ],
  [
    'mainhand',
    'mace',
    'mace',
    'Blunt Weapons',
    ['Mace', 'Morningstar', 'Flail', 'Cudgel', 'Warhammer'],
    METALS,
    ['mgt', 'vgr'],
    MELEE,
    'melee',
  ],
  [
    'mainhand',
    'dagger',
    'dagger',
    'Daggers',
    ['Dagger', 'Dirk', 'Stiletto', 'Kris', 'Shiv'],
    METALS,
    ['fns'],
    AGILE,
    'agile',
  ],
  [
    'mainhand',
    'wand',
    'wand',
    'Arcana',
    ['Wand', 'Rod', 'Sceptre', 'Baton'],
    [...ARCANE, ...WOODS.slice(0, 3)],
    ['fcs'],
    CASTER,
    'caster',
  ],
  [
    'offhand',
    'shield',
    'shield',
    'Shield Mastery',
    ['Shield', 'Buckler', 'Kite Shield', 'Tower Shield', 'Aegis'],
    METALS,
    ['vgr', 'mgt'],
    ['blc', 'bla', 'ar2', 'hp0', 'thr', 'thn', 'q7r'],
    'shield',
  ],
  [
    'offhand',
    'tome',
    'tome',
    'Lore',
    ['Tome', 'Grimoire', 'Codex', 'Libram'],
    ['Leatherbound', 'Vellum', 'Ironclasp', ...ARCANE.slice(0, 4)],
    ['fcs', 'spt'],
    CASTER,
    'caster',
  ],
  [
    'offhand',
    'focus',
    'focus',
    'Arcana',
    ['Orb', 'Focus', 'Lantern', 'Censer', 'Prism'],
    ARCANE,
    ['fcs', 'spt'],
    CASTER,
    'caster',
  ],
  [
    'twohand',
    'greatsword',
    'greatsword',
    'Swordsmanship',
    ['Greatsword', 'Claymore', 'Zweihander', 'Executioner'],
    METALS,
    ['mgt'],
    MELEE,
    'melee',
  ],
  [
    'twohand',
    'staff',
    'staff',
    'Arcana',
    ['Staff', 'Quarterstaff', 'Crook', 'Greatstaff'],
    WOODS,
    ['fcs', 'spt'],
    CASTER,
    'caster',
  ],
  [
    'twohand',
    'bow',
    'bow',
    'Archery',
    ['Longbow', 'Shortbow', 'Recurve Bow', 'Warbow'],
    WOODS,
    ['fns'],
    AGILE,
    'agile',
  ],
  [
    'twohand',
    'polearm',
    'polearm',
    'Polearms',
    ['Halberd', 'Glaive', 'Spear', 'Pike', 'Partisan'],
    [...METALS.slice(0, 5), ...WOODS.slice(0, 2)],
    ['mgt', 'fns'],
    MELEE,
    'melee',
  ],
];

/** Armour nouns per slot, per material: [cloth, leather, mail, plate]. */
const ARMOUR_NOUNS = {
  head: [
    ['Hood', 'Cowl', 'Circlet'],
    ['Cap', 'Mask', 'Hood'],
    ['Coif', 'Helm'],
    ['Helm', 'Greathelm', 'Visage'],
  ],
  shoulders: [
    ['Mantle', 'Amice'],
    ['Shoulderpads', 'Spaulders'],
    ['Spaulders', 'Shoulderguards'],
    ['Pauldrons', 'Shoulderplates'],
  ],
  chest: [
    ['Robe', 'Vestments', 'Raiment'],
    ['Jerkin', 'Tunic', 'Harness'],
    ['Hauberk', 'Chainmail'],
    ['Breastplate', 'Cuirass', 'Warplate'],
  ],
  hands: [
    ['Gloves', 'Handwraps'],
    ['Gloves', 'Grips'],
    ['Gauntlets', 'Mitts'],
    ['Gauntlets', 'Fists'],
  ],
  legs: [
    ['Leggings', 'Trousers'],
    ['Breeches', 'Leggings'],
    ['Chausses', 'Legguards'],
    ['Greaves', 'Legplates'],
  ],
  feet: [
    ['Slippers', 'Sandals'],
    ['Boots', 'Treads'],
    ['Sabatons', 'Boots'],
    ['Sabatons', 'Warboots'],
  ],
};
const ARMOUR_MATERIALS = {
  cloth: {
    materials: CLOTHS,
    primary: ['fcs', 'spt'],
    pool: ['wd2', 'sp4', 'hl4', 'mn0', 'rg2', 'k9c', 'cs1', 'hp0'],
    skill: 'Light Armour',
  },
  leather: {
    materials: ['Hide', 'Leather', 'Wyrmhide', 'Boarhide', 'Studded', 'Scaled'],
    primary: ['fns'],
    pool: ['ddg', 'mvz', 'crc', 'as1', 'ar2', 'hp0', 'hst'],
    skill: 'Medium Armour',
  },
  mail: {
    materials: ['Chain', 'Ringmail', 'Bronze-link', 'Darkiron', 'Scale'],
    primary: ['mgt', 'fns'],
    pool: ['ar2', 'hp0', 'crc', 'hst', 'rg1', 'wd2'],
    skill: 'Medium Armour',
  },
  plate: {
    materials: ['Iron', 'Steel', 'Darkiron', 'Gilded', 'Dwarven', 'Bastion'],
    primary: ['mgt', 'vgr'],
    pool: ['ar2', 'hp0', 'blc', 'thn', 'thr', 'q7r', 'rg1'],
    skill: 'Heavy Armour',
  },
};

const ANY = [
  'crc',
  'cdx',
  'hst',
  'k9c',
  'mvz',
  'hp0',
  'mn0',
  'wpd',
  'sp4',
  'hl4',
  'lch',
  'ddg',
  'rg1',
  'rg2',
];
/** @type {[string, string, string[], string[], string[]][]} */
// slot, shape, nouns, materials, pool
const ACCESSORIES = [
  ['neck', 'amulet', ['Amulet', 'Pendant', 'Choker', 'Torc', 'Locket'], JEWELS, ANY],
  ['ring', 'ring', ['Ring', 'Band', 'Loop', 'Seal'], JEWELS, ANY],
  [
    'trinket',
    'trinket',
    ['Charm', 'Idol', 'Talisman', 'Totem', 'Figurine'],
    ['Carved', 'Bone', 'Brass', 'Clockwork', ...JEWELS.slice(3)],
    [...ANY, 'mfd', 'xpg'],
  ],
  [
    'back',
    'cloak',
    ['Cloak', 'Cape', 'Shroud', 'Drape'],
    CLOTHS,
    ['ar2', 'wd2', 'ddg', 'mvz', 'hp0', 'q7r'],
  ],
];

/** @type {[string, string | undefined, string, string[], string[]][]} */
// slot, subtype, shape, nouns, materials (cosmetics have no stats)
const COSMETICS = [
  [
    'head',
    'hat',
    'hat',
    ['Tricorn', 'Witch Hat', 'Feathered Cap', 'Festival Crown', 'Laurel Wreath'],
    ['Midsummer', 'Harvest', 'Masquerade', 'Winterveil', 'Corsair'],
  ],
  ['head', undefined, 'hat', ['Headdress', 'Antlers', 'Halo'], ['Festival', 'Moonlit', 'Gilded']],
  [
    'back',
    'wings',
    'wings',
    ['Wings', 'Pinions', 'Featherwings'],
    ['Seraphic', 'Moth', 'Cinder', 'Stormcrow', 'Clockwork'],
  ],
  [
    'mount',
    'steed',
    'mount',
    ['Warhorse', 'Charger', 'Destrier', 'Nightmare'],
    ['Armoured', 'Ghostly', 'Emberhoof', 'Frostmane', 'Gilded'],
  ],
  [
    'mount',
    'drake',
    'mount',
    ['Riding Drake', 'Wyvern', 'Skydrake'],
    ['Ashen', 'Azure', 'Bronze', 'Swamp'],
  ],
  [
    'pet',
    undefined,
    'pet',
    ['Owlet', 'Fox Kit', 'Mudling', 'Beetle', 'Sprite', 'Salamander'],
    ['Ember', 'Snowy', 'Clockwork', 'Mossy', 'Lantern', 'Tiny'],
  ],
];

/** @returns {Kind[]} */
function buildKinds() {
  /** @type {Kind[]} */
  const kinds = [];
  for (const [slot, subtype, shape, skill, nouns, materials, primary, pool] of WEAPONS)
    kinds.push({
      type: 'weapon',
      slot,
      subtype,
      iconKind: subtype,
      shape,
      variants: 2,
      weight: 6,
      nouns,
      materials,
      primary,
      pool,
      skill,
    });
  for (const [slot, bySub] of Object.entries(ARMOUR_NOUNS)) {
    Object.entries(ARMOUR_MATERIALS).forEach(([subtype, m], i) => {
      const nouns = /** @type {string[]} */ (bySub[i]);
      kinds.push({
        type: 'armour',
        slot,
        subtype,
        iconKind: `${slot}-${subtype}`,
        shape: slot,
        variants: 1,
        weight: 3,
        nouns,
        ...m,
      });
    });
  }
  for (const [slot, shape, nouns, materials, pool] of ACCESSORIES)
    kinds.push({
      type: 'accessory',
      slot,
      iconKind: slot,
      shape,
      variants: 3,
      weight: 10,
      nouns,
      materials,
      primary: ['mgt', 'fns', 'fcs', 'vgr', 'spt'],
      pool,
      skill: 'Attunement',
    });
  for (const [slot, subtype, shape, nouns, materials] of COSMETICS)
    kinds.push({
      type: 'cosmetic',
      slot,
      subtype,
      iconKind: shape,
      shape,
      variants: 2,
      weight: 4,
      nouns,
      materials,
      primary: [],
      pool: [],
    });
  return kinds;
}

export const KINDS = buildKinds();

/** Relative frequency of each rarity in the item pool (0 common … 4 legendary). */
export const RARITY_WEIGHTS = /** @type {[number, number][]} */ ([
  [0, 36],
  [1, 28],
  [2, 19],
  [3, 11],
  [4, 6],
]);

/** Accessories that sometimes carry a subtype: slot -> [subtype, noun replacing the base noun]. */
/** @type {Record<string, [string, string]>} */
export const ACCESSORY_SUBTYPES = {
  ring: ['signet', 'Signet'],
  neck: ['torc', 'Torc'],
  trinket: ['idol', 'Idol'],
};
