// French: every translatable field. Names put the noun first, then its adjectives, agreeing in gender
// and number ("Dague usée en fer", "Bottes givrées"), then complements ("de l'Ours"); ability and
// relic names are built the same way ("Frappe de cendre", "Idole cendreuse"). Sentences that would
// make a participle agree with an unknown noun are phrased around it ("Une pièce forgée dans…").
import { capitalise, entryOf, splitEntry } from './grammar.mjs';

/** Item nouns: word and gender (m, f, mp, fp). */
const NOUNS = {
  Longsword: 'épée longue:f',
  Sword: 'épée:f',
  Blade: 'lame:f',
  Sabre: 'sabre:m',
  Broadsword: 'épée large:f',
  Falchion: 'fauchon:m',
  Axe: 'hache:f',
  Hatchet: 'hachette:f',
  Cleaver: 'couperet:m',
  Waraxe: 'hache de guerre:f',
  Broadaxe: 'grande hache:f',
  Mace: 'masse:f',
  Morningstar: 'étoile du matin:f',
  Flail: 'fléau:m',
  Cudgel: 'gourdin:m',
  Warhammer: 'marteau de guerre:m',
  Dagger: 'dague:f',
  Dirk: 'poignard:m',
  Stiletto: 'stylet:m',
  Kris: 'kriss:m',
  Shiv: 'surin:m',
  Wand: 'baguette:f',
  Rod: 'verge:f',
  Sceptre: 'sceptre:m',
  Baton: 'bâton de commandement:m',
  Shield: 'bouclier:m',
  Buckler: 'rondache:f',
  'Kite Shield': 'écu normand:m',
  'Tower Shield': 'pavois:m',
  Aegis: 'égide:f',
  Tome: 'tome:m',
  Grimoire: 'grimoire:m',
  Codex: 'codex:m',
  Libram: 'livre de prières:m',
  Orb: 'orbe:m',
  Focus: 'focaliseur:m',
  Lantern: 'lanterne:f',
  Censer: 'encensoir:m',
  Prism: 'prisme:m',
  Greatsword: 'espadon:m',
  Claymore: 'claymore:f',
  Zweihander: 'épée à deux mains:f',
  Executioner: 'épée de bourreau:f',
  Staff: 'bâton:m',
  Quarterstaff: 'bâton de combat:m',
  Crook: 'houlette:f',
  Greatstaff: 'grand bâton:m',
  Longbow: 'arc long:m',
  Shortbow: 'arc court:m',
  'Recurve Bow': 'arc recourbé:m',
  Warbow: 'arc de guerre:m',
  Halberd: 'hallebarde:f',
  Glaive: 'guisarme:f',
  Spear: 'lance:f',
  Pike: 'pique:f',
  Partisan: 'pertuisane:f',
  Hood: 'capuche:f',
  Cowl: 'capuchon:m',
  Circlet: 'diadème:m',
  Cap: 'bonnet:m',
  Mask: 'masque:m',
  Coif: 'camail:m',
  Helm: 'heaume:m',
  Greathelm: 'grand heaume:m',
  Visage: 'visière:f',
  Mantle: 'mantelet:m',
  Amice: 'amict:m',
  Shoulderpads: 'épaulettes:fp',
  Spaulders: 'spallières:fp',
  Shoulderguards: 'protège-épaules:mp',
  Pauldrons: 'épaulières:fp',
  Shoulderplates: "plaques d'épaule:fp",
  Robe: 'robe:f',
  Vestments: 'habits sacerdotaux:mp',
  Raiment: 'parure:f',
  Jerkin: 'pourpoint:m',
  Tunic: 'tunique:f',
  Harness: 'harnais:m',
  Hauberk: 'haubert:m',
  Chainmail: 'cotte de mailles:f',
  Breastplate: 'plastron:m',
  Cuirass: 'cuirasse:f',
  Warplate: 'armure de guerre:f',
  Gloves: 'gants:mp',
  Handwraps: 'bandages:mp',
  Grips: 'mitaines:fp',
  Gauntlets: 'gantelets:mp',
  Mitts: 'moufles:fp',
  Fists: "poings d'acier:mp",
  Leggings: 'jambières:fp',
  Trousers: 'pantalon:m',
  Breeches: 'culottes:fp',
  Chausses: 'chausses:fp',
  Legguards: 'genouillères:fp',
  Greaves: 'grèves:fp',
  Legplates: 'cuissards:mp',
  Slippers: 'chaussons:mp',
  Sandals: 'sandales:fp',
  Boots: 'bottes:fp',
  Treads: 'godillots:mp',
  Sabatons: 'solerets:mp',
  Warboots: 'bottes de guerre:fp',
  Amulet: 'amulette:f',
  Pendant: 'pendentif:m',
  Choker: 'ras-du-cou:m',
  Torc: 'torque:m',
  Locket: 'médaillon:m',
  Ring: 'anneau:m',
  Band: 'bague:f',
  Loop: 'jonc:m',
  Seal: 'sceau:m',
  Signet: 'chevalière:f',
  Charm: 'porte-bonheur:m',
  Idol: 'idole:f',
  Talisman: 'talisman:m',
  Totem: 'totem:m',
  Figurine: 'figurine:f',
  Cloak: 'manteau:m',
  Cape: 'cape:f',
  Shroud: 'suaire:m',
  Drape: 'drapé:m',
  Tricorn: 'tricorne:m',
  'Witch Hat': 'chapeau de sorcière:m',
  'Feathered Cap': 'toque à plume:f',
  'Festival Crown': 'couronne de fête:f',
  'Laurel Wreath': 'couronne de laurier:f',
  Headdress: 'coiffe:f',
  Antlers: 'bois de cerf:mp',
  Halo: 'auréole:f',
  Wings: 'ailes:fp',
  Pinions: 'rémiges:fp',
  Featherwings: 'ailes de plumes:fp',
  Warhorse: 'cheval de guerre:m',
  Charger: 'coursier:m',
  Destrier: 'destrier:m',
  Nightmare: 'cauchemar:m',
  'Riding Drake': 'drake de monte:m',
  Wyvern: 'vouivre:f',
  Skydrake: 'drake céleste:m',
  Owlet: 'petit hibou:m',
  'Fox Kit': 'renardeau:m',
  Mudling: 'gadouillon:m',
  Beetle: 'scarabée:m',
  Sprite: 'feu follet:m',
  Salamander: 'salamandre:f',
};

/** Adjectives ("masculine/feminine" where the feminine is not the masculine plus "e"), or (after "+") complements. */
const MODIFIERS = {
  Worn: 'usé',
  Simple: 'simple',
  Sturdy: 'robuste',
  Plain: 'ordinaire',
  Militia: '+de milice',
  "Recruit's": '+de recrue',
  Tarnished: 'terni',
  Patched: 'rapiécé',
  Crude: 'grossier/grossière',
  "Traveller's": '+de voyageur',
  Iron: '+en fer',
  Steel: '+en acier',
  Bronze: '+en bronze',
  Obsidian: "+d'obsidienne",
  Silversteel: "+en acier d'argent",
  Darkiron: '+en fer noir',
  Moonsilver: '+en argent lunaire',
  Starmetal: '+en métal stellaire',
  Runed: 'runique',
  Ashwood: '+en frêne',
  Yew: '+en if',
  Gloomwood: '+en bois sombre',
  Ironwood: '+en bois de fer',
  Elderwood: '+en sureau',
  Driftwood: '+en bois flotté',
  Thornwood: "+en bois d'épine",
  Ivory: "+d'ivoire",
  Bone: "+d'os",
  Crystal: '+de cristal',
  Moonstone: '+en pierre de lune',
  Ebon: "+d'ébène",
  Glass: '+de verre',
  Silver: "+d'argent",
  Gold: "+d'or",
  Copper: '+de cuivre',
  Jade: '+de jade',
  Pearl: '+de nacre',
  Amber: "+d'ambre",
  Garnet: '+de grenat',
  Linen: '+de lin',
  Silk: '+de soie',
  Woollen: '+de laine',
  Spidersilk: "+en soie d'araignée",
  Mooncloth: '+en étoffe lunaire',
  Embroidered: 'brodé',
  Velvet: '+de velours',
  Leatherbound: 'relié de cuir',
  Vellum: '+de vélin',
  Ironclasp: '+à fermoir de fer',
  Hide: '+en peau',
  Leather: '+de cuir',
  Wyrmhide: '+en peau de wyrm',
  Boarhide: '+en cuir de sanglier',
  Studded: 'clouté',
  Scaled: '+à écailles',
  Chain: '+de mailles',
  Ringmail: '+en mailles annelées',
  'Bronze-link': '+à maillons de bronze',
  Scale: "+d'écailles",
  Gilded: 'doré',
  Dwarven: 'nain',
  Bastion: '+de bastion',
  Carved: 'sculpté',
  Brass: '+de laiton',
  Clockwork: 'mécanique',
  Midsummer: '+de la Saint-Jean',
  Harvest: '+des moissons',
  Masquerade: '+de mascarade',
  Winterveil: "+du Voile d'hiver",
  Corsair: '+de corsaire',
  Festival: 'festif/festive',
  Moonlit: 'baigné de lune',
  Seraphic: 'séraphique',
  Moth: '+de phalène',
  Stormcrow: '+de corbeau-tempête',
  Armoured: 'caparaçonné',
  Ghostly: 'spectral',
  Emberhoof: '+aux sabots de braise',
  Frostmane: '+à crinière de givre',
  Azure: "+d'azur",
  Swamp: '+des marais',
  Ember: '+de braise',
  Snowy: 'neigeux/neigeuse',
  Mossy: 'moussu',
  Lantern: '+à lanterne',
  Tiny: 'minuscule',
  Emberforged: 'forgé dans la braise',
  Cinder: '+de cendre',
  Ashen: 'cendreux/cendreuse',
  Blazing: 'flamboyant',
  Smouldering: 'fumant',
  Frostbitten: 'gelé',
  Rimed: 'givré',
  Glacial: 'glacial',
  Wintry: 'hivernal',
  Hoarfrost: '+de frimas',
  Thunderous: 'tonitruant',
  Crackling: 'crépitant',
  Stormwrought: 'forgé par la tempête',
  Tempest: '+des tempêtes',
  Umbral: 'ombreux/ombreuse',
  Duskbound: '+du crépuscule',
  Gloaming: '+de la pénombre',
  Nightveiled: 'voilé de nuit',
  Dawnlit: "éclairé par l'aube",
  Hallowed: 'sacré',
  Sunforged: 'forgé par le soleil',
  Venomous: 'venimeux/venimeuse',
  Blighted: 'flétri',
  Festering: 'purulent',
  Thornbound: "cerclé d'épines",
};

const SUFFIXES = {
  'of the Bear': "de l'Ours",
  'of the Fox': 'du Renard',
  'of the Owl': 'du Hibou',
  'of the Tides': 'des Marées',
  'of Warding': 'de Protection',
  'of the Vanguard': "de l'Avant-garde",
  'of Ruin': 'de Ruine',
  'of the Silent Moon': 'de la Lune silencieuse',
  'of the Deep': 'des Abysses',
  'of Sorrow': 'du Chagrin',
  'of the Wanderer': 'du Vagabond',
  'of the Hunt': 'de la Chasse',
  'of Valour': 'de Bravoure',
  'of the Sentinel': 'de la Sentinelle',
  'of Embers': 'des Braises',
  'of the Forge': 'de la Forge',
  'of Cinders': 'des Cendres',
  'of the Long Winter': 'du Long Hiver',
  'of Frozen Stars': 'des Étoiles gelées',
  'of the Glacier': 'du Glacier',
  'of the Tempest': 'de la Tempête',
  'of Thunder': 'du Tonnerre',
  'of the Gale': 'de la Bourrasque',
  'of Dusk': 'du Crépuscule',
  'of the Hollow Court': 'de la Cour creuse',
  'of Whispers': 'des Murmures',
  'of Dawn': "de l'Aube",
  'of the Lanternbearers': 'des Porte-Lanternes',
  'of the Sun': 'du Soleil',
  'of the Mire': 'du Bourbier',
  'of Thorns': 'des Épines',
  'of Rot': 'de la Pourriture',
};

/** With their article: "de" and "à" contract with it (de(), a()). */
const FACTIONS = {
  'Ashen Legion': 'la Légion cendrée',
  Tidewatch: 'la Garde des Marées',
  'Order of the Silent Moon': "l'Ordre de la Lune silencieuse",
  'Emberfall Wardens': "les Gardiens d'Emberfall",
  'Thornveil Druids': 'les Druides du Voile-Épine',
  'Glasswind Corsairs': 'les Corsaires de Ventverre',
  'Hollow Court': 'la Cour creuse',
  'Ironhold Clans': 'les Clans de Fortfer',
  Lanternbearers: 'les Porte-Lanternes',
  'Saltcliff Reavers': 'les Pillards de Falaise-Sel',
};

const DUNGEONS = {
  'The Sunken Crypt': 'la Crypte engloutie',
  'Emberdeep Forge': 'la Forge de Braisefonde',
  'Hollowmere Catacombs': 'les Catacombes de Creusemer',
  'The Shattered Spire': 'la Flèche brisée',
  'Frostfang Hollow': 'le Val de Croc-Givre',
  'Gloomwood Barrow': 'le Tertre de Sombrebois',
  'The Drowned Cathedral': 'la Cathédrale noyée',
  'Ashen Citadel': 'la Citadelle cendrée',
  'Thornveil Labyrinth': 'le Labyrinthe du Voile-Épine',
  'Stormbreak Keep': 'le Donjon de Brise-Tempête',
  'The Obsidian Vault': "la Chambre forte d'obsidienne",
  'Mirefen Sewers': 'les Égouts de Fangemarais',
  'Temple of the Silent Moon': 'le Temple de la Lune silencieuse',
  'The Gilded Necropolis': 'la Nécropole dorée',
  'Wyrmroost Caverns': 'les Cavernes du Nid-de-Wyrm',
  'Blackwater Bastion': "le Bastion d'Eaunoire",
  'The Clockwork Undercroft': 'la Crypte mécanique',
  'Saltcliff Grotto': 'la Grotte de Falaise-Sel',
  'Duskhallow Abbey': "l'Abbaye de Sainte-Brune",
  'The Ember Throne': 'le Trône de braise',
};

const CHARACTERS = {
  Ashbringer: 'Porte-Cendre',
  Velmora: 'Velmora',
  'Thane Harrow': 'le thane Harrow',
  'Queen Isolde': 'la reine Isolde',
  Morrigan: 'Morrigan',
  Kaelthar: 'Kaelthar',
  'Sister Ysolde': 'sœur Ysolde',
  'Old Grimble': 'le vieux Grimble',
  'Ser Aldric': 'ser Aldric',
  Vashti: 'Vashti',
  'Oren Blackwater': 'Oren Eaunoire',
  Maerwen: 'Maerwen',
  'Tamsin Vale': 'Tamsin Vale',
  'the Last Warden': 'le Dernier Gardien',
  Brannoc: 'Brannoc',
  Ilsabet: 'Ilsabet',
  Corvane: 'Corvane',
  'Hesk the Drowned': 'Hesk le Noyé',
  'Lady Seraphine': 'dame Séraphine',
  Dunmor: 'Dunmor',
};

const LEGEND_NOUNS = {
  Oath: 'Serment',
  Lament: 'Complainte',
  Requiem: 'Requiem',
  Promise: 'Promesse',
  Edge: 'Tranchant',
  Vigil: 'Veille',
  Wrath: 'Courroux',
  Grasp: 'Étreinte',
  Ward: 'Rempart',
  Embrace: 'Enlacement',
  Reckoning: 'Jugement',
  Heart: 'Cœur',
  Mercy: 'Miséricorde',
  Folly: 'Folie',
  Crown: 'Couronne',
  Hymn: 'Hymne',
  Bane: 'Fléau',
  Answer: 'Réponse',
  Burden: 'Fardeau',
  'Last Word': 'Dernier Mot',
};

const EPITHETS = {
  'Edge of the Last Dawn': 'Tranchant de la Dernière Aube',
  'Bane of Kings': 'Fléau des Rois',
  'the Unbroken': "l'Inflexible",
  'Keeper of Oaths': 'Gardien des Serments',
  'Whisper of the Deep': 'Murmure des Abysses',
  'Herald of Storms': 'Héraut des Tempêtes',
  'Warden of the Drowned': 'Gardien des Noyés',
  'the Ember Crown': 'la Couronne de braise',
  'Last Light of Velmora': 'Dernière Lueur de Velmora',
  'Mercy of the Moon': 'Miséricorde de la Lune',
};

const WORDS = {
  quote: {
    'Steel remembers.': "L'acier se souvient.",
    'The tide takes what the forge forgets.': 'La marée prend ce que la forge oublie.',
    'Hold the line. Then hold it again.': 'Tenez la ligne. Puis tenez-la encore.',
    'Every ember was once a wildfire.': 'Chaque braise fut un jour un incendie.',
    'No crown outlives its keeper.': 'Nulle couronne ne survit à qui la porte.',
    'Walk softly; the dead are listening.': 'Marchez doucement ; les morts écoutent.',
    'Light is a promise, not a gift.': 'La lumière est une promesse, pas un don.',
    'Bend, but do not break.': 'Pliez, mais ne rompez pas.',
    'What sleeps beneath the moon does not dream.': 'Ce qui dort sous la lune ne rêve pas.',
  },
  string: {
    'wyrm sinew': 'tendon de wyrm',
    'braided silk': 'soie tressée',
    'spider-silk': "soie d'araignée",
  },
  runes: { runes: 'ses runes', inlays: 'ses incrustations', glyphs: 'ses glyphes' },
  gem: {
    garnet: 'le grenat',
    moonstone: 'la pierre de lune',
    sapphire: 'le saphir',
    'shard of amber': "l'éclat d'ambre",
    'black pearl': 'la perle noire',
  },
  fest: {
    'Midsummer Fair': 'foire de la Saint-Jean',
    'Harvest Moon festival': 'fête de la Lune des moissons',
    Winterveil: "fête du Voile d'hiver",
  },
  adj: {
    'well-balanced': 'équilibré',
    notched: 'ébréché',
    heavy: 'lourd',
    keen: 'affûté',
    ornate: 'ouvragé',
    battered: 'cabossé',
  },
};

/** An element's word with its article; the forms come from it (word('el')). */
const ELEMENT_WORDS = {
  embers: 'les braises',
  rime: 'le givre',
  lightning: 'la foudre',
  shadow: "l'ombre",
  dawnlight: "la lumière de l'aube",
  venom: 'le venin',
  'raw force': 'la force brute',
  force: 'la force',
  'a gentle light': 'une douce lumière',
};

/** Ability name heads and relic materials, read like MODIFIERS. */
const HEADS = {
  Cinder: '+de cendre',
  Rending: 'déchirant',
  Savage: 'sauvage',
  Piercing: 'perçant',
  Crushing: 'écrasant',
  Searing: 'brûlant',
  Storm: '+de tempête',
  Venom: '+de venin',
  Shadow: "+d'ombre",
  Frost: '+de givre',
  Iron: '+de fer',
  Stone: '+de pierre',
  Bastion: '+du bastion',
  Warding: '+de protection',
  Stalwart: 'vaillant',
  Unyielding: 'inflexible',
  Oathsworn: 'lié par serment',
  Mending: 'réparateur/réparatrice',
  Radiant: 'radieux/radieuse',
  Rallying: '+de ralliement',
  Hallowed: 'sacré',
  Soothing: 'apaisant',
  Kindred: 'fraternel/fraternelle',
  Inspiring: 'inspirant',
  Lantern: '+de la lanterne',
  Wind: '+du vent',
  Blink: '+éclair',
  Swift: 'rapide',
  Leaping: 'bondissant',
  Phantom: 'fantôme',
  Ember: '+de braise',
  Bone: "+d'os",
  Spirit: 'spirituel/spirituelle',
  Thorn: "+d'épines",
  Grave: '+de la tombe',
  Wild: 'sauvage',
  Clockwork: 'mécanique',
  Arcane: 'arcanique',
  "Hunter's": '+du chasseur',
  "Tinker's": '+du bricoleur',
  Silent: 'silencieux/silencieuse',
  "Scholar's": '+du savant',
  Keen: 'aiguisé',
  Veiled: 'voilé',
  Ashen: 'cendreux/cendreuse',
  Rime: '+de givre',
  Glacial: 'glacial',
  Hoarfrost: '+de frimas',
  Thunder: '+du tonnerre',
  Gale: '+de la bourrasque',
  Umbral: 'ombreux/ombreuse',
  Dusk: '+du crépuscule',
  Shade: '+des ombres',
  Sun: 'solaire',
  Dawn: "+de l'aube",
  Blight: '+de la flétrissure',
  Moon: 'lunaire',
  Blood: '+de sang',
  Star: 'stellaire',
  Oaken: '+de chêne',
  Wyrm: '+de wyrm',
  Salt: '+de sel',
};

const TAILS = {
  Strike: 'frappe:f',
  Blow: 'coup:m',
  Cleave: 'taille:f',
  Slash: 'entaille:f',
  Flurry: 'rafale:f',
  Barrage: 'déluge:m',
  Volley: 'volée:f',
  Lance: 'lance:f',
  Bolt: 'trait:m',
  Nova: 'nova:f',
  Barrier: 'barrière:f',
  Shell: 'carapace:f',
  Aegis: 'égide:f',
  Wall: 'mur:m',
  Skin: 'peau:f',
  Resolve: 'résolution:f',
  Stance: 'posture:f',
  Guard: 'garde:f',
  Touch: 'toucher:m',
  Light: 'lumière:f',
  Word: 'parole:f',
  Hymn: 'hymne:m',
  Chorus: 'chœur:m',
  Cry: 'cri:m',
  Banner: 'bannière:f',
  Blessing: 'bénédiction:f',
  Dash: 'ruée:f',
  Rush: 'élan:m',
  Charge: 'charge:f',
  Vault: 'saut:m',
  Step: 'pas:m',
  Stride: 'foulée:f',
  Glide: 'glissade:f',
  Servant: 'serviteur:m',
  Wolves: 'loups:mp',
  Golem: 'golem:m',
  Sentinel: 'sentinelle:f',
  Swarm: 'essaim:m',
  Totem: 'totem:m',
  Familiar: 'familier:m',
  Hounds: 'molosses:mp',
  Sight: 'regard:m',
  Lantern: 'lanterne:f',
  Snare: 'collet:m',
  Trap: 'piège:m',
  Lure: 'leurre:m',
  Mark: 'marque:f',
  Cloak: 'cape:f',
  Ward: 'sauvegarde:f',
  Idol: 'idole:f',
  Shard: 'éclat:m',
  Reliquary: 'reliquaire:m',
  Sigil: 'sigile:m',
  Censer: 'encensoir:m',
  Fetish: 'fétiche:m',
  Effigy: 'effigie:f',
  Phylactery: 'phylactère:m',
  Seal: 'sceau:m',
  Heart: 'cœur:m',
  Eye: 'œil:m',
  Tooth: 'croc:m',
  Chalice: 'calice:m',
};

/**
 * An adjective agreeing with its noun; only its first word inflects ("voilée de nuit").
 * @param {string} entry  "usé", or "grossier/grossière"
 * @param {string} gender m, f, mp or fp
 */
function agree(entry, gender) {
  const [masculine = '', feminine] = entry.split('/');
  const [first = '', ...rest] = masculine.split(' ');
  let word = first;
  if (gender.startsWith('f'))
    word = feminine?.split(' ')[0] ?? (first.endsWith('e') ? first : `${first}e`);
  if (gender.endsWith('p') && !/[sx]$/.test(word))
    word = gender === 'mp' && word.endsWith('al') ? `${word.slice(0, -2)}aux` : `${word}s`;
  return [word, ...rest].join(' ');
}

/**
 * The noun, its adjectives, then its complements.
 * @param {string} nounEntry
 * @param {string[]} modifiers  MODIFIERS or HEADS entries
 */
function nounPhrase(nounEntry, modifiers) {
  const [noun, gender] = splitEntry(nounEntry);
  const adjectives = modifiers.filter((m) => !m.startsWith('+')).map((m) => agree(m, gender));
  const complements = modifiers.filter((m) => m.startsWith('+')).map((m) => m.slice(1));
  return [noun, ...adjectives, ...complements].join(' ');
}

/** "de" before a noun phrase, contracted with its article: du, des, de la, de l', d'. @param {string} np */
function de(np) {
  if (np.startsWith('le ')) return `du ${np.slice(3)}`;
  if (np.startsWith('les ')) return `des ${np.slice(4)}`;
  return /^[aeiouéèêàâîôûœAEIOUÉÈ]/.test(np) ? `d'${np}` : `de ${np}`;
}

/** "à" before a noun phrase: au, aux, à la, à l'. @param {string} np */
function a(np) {
  if (np.startsWith('le ')) return `au ${np.slice(3)}`;
  if (np.startsWith('les ')) return `aux ${np.slice(4)}`;
  return `à ${np}`;
}

/** The forms sentences use: as written, after "de", after "à", after "dans". @param {string} np */
const forms = (np) => ({ nom: np, de: de(np), a: a(np), dans: `dans ${np}` });

/**
 * @param {import('./compose.mjs').ItemName} name
 * @returns {string}
 */
function itemName(name) {
  if (name.kind === 'possessive')
    return `${entryOf(LEGEND_NOUNS, name.what, 'legendary noun')} ${de(entryOf(CHARACTERS, name.who, 'character'))}`;
  if (name.kind === 'proper')
    return name.epithet ? `${name.word}, ${entryOf(EPITHETS, name.epithet, 'epithet')}` : name.word;
  const phrase = nounPhrase(
    entryOf(NOUNS, name.noun, 'noun'),
    name.mods.map((m) => entryOf(MODIFIERS, m, 'modifier')),
  );
  const suffix = name.suffix
    ? [
        SUFFIXES[/** @type {keyof typeof SUFFIXES} */ (name.suffix)] ??
          de(entryOf(FACTIONS, name.faction ?? name.suffix, 'faction')),
      ]
    : [];
  const [, gender] = splitEntry(entryOf(NOUNS, name.noun, 'noun'));
  const article = gender === 'f' ? 'la ' : /^[aeiouéèêh]/.test(phrase) ? "l'" : 'le ';
  // "Rênes du destrier spectral"
  return capitalise(
    [name.reins ? `rênes ${de(`${article}${phrase}`)}` : phrase, ...suffix].join(' '),
  );
}

/** @param {string} head @param {string} tail */
function compound(head, tail) {
  return capitalise(
    nounPhrase(entryOf(TAILS, tail, 'name tail'), [entryOf(HEADS, head, 'name head')]),
  );
}

/** @param {Record<string, string>} noun */
const indefinite = (noun) => (noun.g === 'f' ? 'une' : 'un');

/** @type {import('./compose.mjs').Language} */
export default {
  tag: 'fr',
  nicknames: { articles: ['le ', 'la ', 'les ', "l'"] },
  rarities: {
    common: 'commun',
    uncommon: 'peu commun',
    rare: 'rare',
    epic: 'épique',
    legendary: 'légendaire',
  },
  stats: {
    mgt: [
      'Puissance',
      'PUI',
      'Augmente les dégâts physiques des armes et la force des coups lourds.',
    ],
    fns: [
      'Finesse',
      'FIN',
      "Augmente les dégâts des armes légères et des arcs, et améliore légèrement l'esquive.",
    ],
    fcs: [
      'Concentration',
      'CON',
      'Augmente les dégâts des sorts et la taille de votre réserve de mana.',
    ],
    vgr: ['Vigueur', 'VIG', 'Augmente la santé maximale.'],
    q7r: [
      'Résolution',
      'RÉS',
      'Raccourcit les étourdissements, la peur et les autres pertes de contrôle.',
    ],
    spt: ['Esprit', 'ESP', 'Améliore la régénération de mana et les soins prodigués.'],
    ar2: ['Armure', 'ARM', 'Réduit les dégâts physiques subis.'],
    wd2: ['Protection', 'PRO', 'Réduit les dégâts magiques subis.'],
    hp0: ['Santé maximale', 'PV', 'Bonus fixe à la santé maximale.'],
    mn0: ['Mana maximal', 'PM', 'Bonus fixe au mana maximal.'],
    rg1: [
      'Régénération de santé',
      'PV/s',
      'Santé rendue chaque seconde hors combat, réduite de moitié en combat.',
    ],
    rg2: ['Régénération de mana', 'PM/s', 'Mana rendu chaque seconde.'],
    crc: ['Chances de critique', 'Crit', "Chance qu'un coup ou un soin soit critique."],
    cdx: [
      'Dégâts critiques',
      'Dég crit',
      'Dégâts supplémentaires des coups critiques, en plus des 150 % de base.',
    ],
    hst: [
      'Hâte',
      'Hâte',
      'Accélère les attaques, les incantations et les temps de recharge globaux.',
    ],
    as1: ["Vitesse d'attaque", 'VA', "Augmente la vitesse de frappe de l'arme."],
    cs1: ["Vitesse d'incantation", 'VI', "Raccourcit les temps d'incantation."],
    k9c: [
      'Réduction des temps de recharge',
      'RTR',
      'Raccourcit les temps de recharge des compétences.',
    ],
    mvz: [
      'Vitesse de déplacement',
      'Dépl',
      'Augmente la vitesse de course ; ne se cumule pas avec la vitesse de monture.',
    ],
    ddg: ['Esquive', 'Esq', "Chance d'éviter entièrement une attaque de mêlée ou à distance."],
    blc: [
      'Chances de blocage',
      'Bloc',
      "Chance de bloquer une attaque lorsqu'un bouclier est équipé.",
    ],
    bla: ['Valeur de blocage', 'BLO', 'Dégâts absorbés par un blocage réussi.'],
    lch: ['Vol de vie', 'Vol', 'Part des dégâts infligés rendue sous forme de santé.'],
    thn: ['Épines', 'Épines', 'Dégâts renvoyés aux attaquants de mêlée.'],
    e1f: ['Dégâts de feu', 'Feu', 'Augmente les dégâts de feu infligés.'],
    e2c: ['Dégâts de givre', 'Givre', 'Augmente les dégâts de givre infligés.'],
    e3s: ['Dégâts de tempête', 'Tempête', 'Augmente les dégâts de tempête infligés.'],
    e4d: ["Dégâts d'ombre", 'Ombre', "Augmente les dégâts d'ombre infligés."],
    e5r: ['Dégâts radiants', 'Radiant'],
    e6p: [
      'Dégâts de poison',
      'Poison',
      'Augmente les dégâts de poison infligés, y compris sur la durée.',
    ],
    r1f: ['Résistance au feu', 'Rés feu', 'Réduit les dégâts de feu subis.'],
    r2c: ['Résistance au givre', 'Rés givre', 'Réduit les dégâts de givre subis.'],
    r3s: ['Résistance à la tempête', 'Rés tempête'],
    r4d: ["Résistance à l'ombre", 'Rés ombre', "Réduit les dégâts d'ombre subis."],
    wpd: ["Dégâts de l'arme", 'DArme', "Dégâts fixes ajoutés à chaque coup d'arme."],
    sp4: ['Puissance des sorts', 'PS', 'Puissance fixe ajoutée aux sorts offensifs.'],
    hl4: ['Puissance de soins', 'PSo', 'Puissance fixe ajoutée aux soins et aux boucliers.'],
    thr: ['Menace', 'Men'],
    mfd: ['Découverte magique', 'DM', 'Améliore la rareté des objets trouvés.'],
    xpg: ["Gain d'expérience", 'XP', "Augmente l'expérience obtenue de toutes sources."],
  },
  units: { '%': '%', pts: 'pts', '/s': '/s', s: 's' },
  relicLabels: {
    'Health per Kill': 'Santé par ennemi tué',
    'Gold Find': "Découverte d'or",
    'Curse Duration': 'Durée des malédictions',
    'Damage Taken': 'Dégâts subis',
    'Potion Cooldown': 'Temps de recharge des potions',
    'Extra Projectiles': 'Projectiles supplémentaires',
    'Healing Received': 'Soins reçus',
    'Revive once per dungeon': 'Ressuscite une fois par donjon',
    'Immune to fear': 'Immunisé contre la peur',
    'Reveals hidden doors': 'Révèle les portes cachées',
    'Burning ground no longer harms you': 'Le sol embrasé ne vous blesse plus',
  },
  nouns: NOUNS,
  itemName,
  abilityName: compound,
  relicName: compound,
  followerTitles: {
    Ser: 'Ser',
    Captain: 'Capitaine',
    Thane: 'Thane',
    Sergeant: 'Sergent|Sergente',
    Warden: 'Gardien|Gardienne',
    Scout: 'Éclaireur|Éclaireuse',
    Magister: 'Magister|Magistra',
    Archivist: 'Archiviste',
    Adept: 'Adepte',
    Chaplain: 'Chapelain|Chapelaine',
    Oracle: 'Oracle',
    Deacon: 'Diacre|Diaconesse',
  },
  followerEpithets: {
    'the Ironhand': 'Main-de-Fer',
    Shieldbreaker: 'Brise-Bouclier',
    'the Unbowed': "l'Insoumis|l'Insoumise",
    'of Stormbreak Keep': 'de Brise-Tempête',
    'the Far-Sighted': 'le Clairvoyant|la Clairvoyante',
    'of the Thornveil': 'du Voile-Épine',
    Longstride: 'Grand-Pas',
    Wolfsbane: 'Tue-Loup',
    'the Ember-Eyed': 'aux Yeux de braise',
    'of the Spire': 'de la Flèche',
    Stormcaller: 'Mande-Tempête',
    'the Learned': 'le Savant|la Savante',
    'the Lantern': 'la Lanterne',
    'of the Silent Moon': 'de la Lune silencieuse',
    'the Merciful': 'le Miséricordieux|la Miséricordieuse',
    Quickfingers: 'Doigts-Vifs',
    'the Knife': 'le Couteau',
    'of the Glasswind': 'de Ventverre',
    'Nine-Lives': 'Neuf-Vies',
    'the Quiet': 'le Silencieux|la Silencieuse',
    'the Boar': 'le Sanglier',
    'the Bear': "l'Ours",
    'the Salamander': 'la Salamandre',
    'the Wolf': 'le Loup',
    'the Stormcrow': 'le Corbeau-Tempête',
    'the Stag': 'le Cerf',
    'the Fox': 'le Renard',
    'the Lynx': 'le Lynx',
  },
  word(placeholder, english) {
    switch (placeholder) {
      case 'dungeon': {
        const np = entryOf(DUNGEONS, english, 'dungeon');
        return { ...forms(np), nom: capitalise(np) };
      }
      case 'faction':
        return forms(entryOf(FACTIONS, english, 'faction'));
      case 'char':
        return forms(entryOf(CHARACTERS, english, 'character'));
      case 'el': {
        const np = entryOf(ELEMENT_WORDS, english, 'element word');
        return { ...forms(np), de: de(np.replace(/^(les |le |la |l'|une )/, '')) };
      }
      case 'noun': {
        const [nom, g] = splitEntry(entryOf(NOUNS, english, 'noun'));
        return { nom, g };
      }
      default:
        return entryOf(
          WORDS[/** @type {keyof typeof WORDS} */ (placeholder)] ?? {},
          english,
          placeholder,
        );
    }
  },
  itemSentences: {
    'Forged in the depths of {dungeon}.': 'Une pièce forgée dans les profondeurs {dungeon.de}.',
    'Standard issue for the {faction}, balanced for long campaigns.':
      'Équipement réglementaire {faction.de}, équilibré pour les longues campagnes.',
    'A {adj} {noun} that bites deeper against the unprepared.': (g) => {
      const noun = /** @type {Record<string, string>} */ (g.noun);
      return `${indefinite(noun)} ${noun.nom} ${agree(/** @type {string} */ (g.adj), noun.g ?? 'm')} qui mord plus profondément les imprudents.`;
    },
    'Its grip is worn smooth by generations of {faction} veterans.':
      'Sa poignée a été polie par des générations de vétérans {faction.de}.',
    'Recovered from the vaults of {dungeon}.': 'Une pièce récupérée dans les caveaux {dungeon.de}.',
    'Strung with {string}; it never slackens in the rain.':
      'Sa corde en {string} ne se détend jamais sous la pluie.',
    'Favoured by the scouts of the {faction}.': "Les éclaireurs {faction.de} l'apprécient.",
    'Hums softly whenever a spell is woven nearby.':
      "Bourdonne doucement dès qu'un sort est tissé à proximité.",
    'Attuned in the archives of the {faction}.':
      'Une pièce accordée dans les archives {faction.de}.',
    'Its {runes} were cut by {char}.': '{char} a gravé {runes}.',
    'Dented by a hundred blows, and never once broken.':
      'Porte la marque de cent coups, sans jamais avoir cédé.',
    'Bears the crest of the {faction}.': 'Porte le blason {faction.de}.',
    'Hammered out in the forges of {dungeon}.': 'Une pièce martelée dans les forges {dungeon.de}.',
    'Pieced together from salvage recovered in {dungeon}.':
      'Une pièce assemblée à partir de débris récupérés {dungeon.dans}.',
    'Favoured by the {faction} for its fit and easy repair.':
      'Le choix {faction.de}, pour sa coupe et sa facilité de réparation.',
    'Bears the scars of a hundred skirmishes.': 'Porte les cicatrices de cent escarmouches.',
    'Fitted by hand in the workshops of the {faction}.':
      'Une pièce ajustée à la main dans les ateliers {faction.de}.',
    'A keepsake from {dungeon}, warm to the touch.': 'Un souvenir {dungeon.de}, tiède au toucher.',
    'Once belonged to {char}.': 'A appartenu jadis {char.a}.',
    'The {gem} set in it glimmers when danger is near.':
      "Quand le danger approche, {gem} qui l'orne scintille.",
    'Engraved with the sigil of the {faction}.': 'Le sceau {faction.de} y est gravé.',
    'Worn at every {fest} since anyone can remember.':
      "Incontournable à chaque {fest}, de mémoire d'homme.",
    'Turns heads. Stops no arrows.': "Attire les regards. N'arrête aucune flèche.",
    'Purely for show, and what a show it is.': 'Pour la parade uniquement – et quelle parade !',
    'Sheds harmless sparks when you glide.':
      'Laisse échapper des étincelles inoffensives quand vous planez.',
    'A sure-footed companion for the long roads of Emberfall.':
      "Un compagnon au pied sûr pour les longues routes d'Emberfall.",
    'Summons and dismisses a {noun}. Cosmetic only.': (g) => {
      const noun = /** @type {Record<string, string>} */ (g.noun);
      return `Appelle ou renvoie ${indefinite(noun)} ${noun.nom}. Purement cosmétique.`;
    },
    'A loyal companion that follows you everywhere. It does not fight.':
      'Un compagnon fidèle qui vous suit partout. Il ne combat pas.',
    'Loves shiny things. Fetches nothing.': 'Adore ce qui brille. Ne rapporte rien.',
    'Traces of {el} still cling to it.': 'Des traces {el.de} y subsistent encore.',
    'Glows faintly with {el} when drawn.': 'Luit faiblement {el.de} hors du fourreau.',
    'Glows faintly with {el} in the dark.': 'Luit faiblement {el.de} dans le noir.',
    '"{quote}" — {char}': '« {quote} » — {char}',
    'Part of the {faction} collection.': 'Fait partie de la collection {faction.de}.',
    'Unique-Equipped.': 'Unique (équipé).',
  },
  abilitySentences: {
    'Strike with {el}, dealing {n}% weapon damage.':
      "Frappe avec {el}, infligeant {n} % des dégâts de l'arme.",
    'Unleash a flurry of {k} blows, each dealing {n}% weapon damage.':
      "Déchaîne une rafale de {k} coups, chacun infligeant {n} % des dégâts de l'arme.",
    'Loose {k} arrows, each dealing {n}% weapon damage.':
      "Décoche {k} flèches, chacune infligeant {n} % des dégâts de l'arme.",
    'Loose {k} arrows wreathed in {el}, each dealing {n}% weapon damage.':
      "Décoche {k} flèches nimbées {el.de}, chacune infligeant {n} % des dégâts de l'arme.",
    'Hurl a bolt of {el} that deals {n}% spell power to the first enemy hit.':
      'Lance un trait {el.de} qui inflige {n} % de la puissance des sorts au premier ennemi touché.',
    'Release a nova of {el}, dealing {n}% spell power to enemies within 8 metres.':
      'Libère une nova {el.de}, infligeant {n} % de la puissance des sorts aux ennemis dans un rayon de 8 mètres.',
    'Raise a barrier that absorbs {a} damage for {s}s.':
      'Dresse une barrière qui absorbe {a} points de dégâts pendant {s} s.',
    'Reduce all damage taken by {p}% for {s}s.':
      'Réduit tous les dégâts subis de {p} % pendant {s} s.',
    'Taunt nearby enemies and gain {p}% armour for {s}s.':
      'Provoque les ennemis proches et augmente votre armure de {p} % pendant {s} s.',
    'Heal an ally with {el} for {n}% of your healing power.':
      'Soigne un allié grâce {el.a}, à hauteur de {n} % de votre puissance de soins.',
    'Grant nearby allies {p}% haste for {s}s.':
      'Confère {p} % de hâte aux alliés proches pendant {s} s.',
    'Cleanse one harmful effect from each ally within {m} metres.':
      'Dissipe un effet néfaste sur chaque allié dans un rayon de {m} mètres.',
    'Dash {m} metres forward, breaking roots and slows.':
      "Fonce de {m} mètres vers l'avant, brisant immobilisations et ralentissements.",
    'Teleport up to {m} metres; your next attack within 3s deals {p}% more damage.':
      "Se téléporte jusqu'à {m} mètres ; votre prochaine attaque dans les 3 s inflige {p} % de dégâts en plus.",
    'Gain {p}% movement speed for {s}s.':
      'Augmente la vitesse de déplacement de {p} % pendant {s} s.',
    'Gain {p}% movement speed for {s}s, leaving a trail of {el}.':
      'Augmente la vitesse de déplacement de {p} % pendant {s} s, en laissant une traînée {el.de}.',
    'Summon {summon} to fight at your side for {s}s.':
      'Invoque un renfort ({summon}) qui combat à vos côtés pendant {s} s.',
    'Call forth {summon}; it taunts enemies near you and lasts {s}s.':
      'Appelle un protecteur ({summon}) qui provoque les ennemis proches et reste {s} s.',
    'Reveal hidden enemies and traps within {m} metres for {s}s.':
      'Révèle les ennemis et pièges cachés dans un rayon de {m} mètres pendant {s} s.',
    'Place a trap that roots the first enemy to trigger it for {s}s.':
      'Pose un piège qui immobilise pendant {s} s le premier ennemi à le déclencher.',
    'Mark a target; allies deal {p}% more damage to it for {s}s.':
      'Marque une cible ; vos alliés lui infligent {p} % de dégâts en plus pendant {s} s.',
    'Vanish from sight for {s}s; attacking or taking damage breaks the effect.':
      "Disparaît pendant {s} s ; attaquer ou subir des dégâts met fin à l'effet.",
    'Place a ward on an ally that blocks the next harmful spell within {s}s.':
      'Place sur un allié une protection qui bloque le prochain sort néfaste dans les {s} s.',
  },
  uninterruptible: 'Ne peut plus être interrompu.',
  impacts: {
    'Causes the target to bleed for {n}% weapon damage over {s}s':
      "Fait saigner la cible pour {n} % des dégâts de l'arme en {s} s",
    'Spins, dealing {n}% weapon damage to all nearby enemies':
      "Tournoie, infligeant {n} % des dégâts de l'arme à tous les ennemis proches",
    'Restores {p}% of maximum health': 'Rend {p} % de la santé maximale',
    'Grants a barrier absorbing {a} damage for {s}s':
      'Confère une barrière absorbant {a} points de dégâts pendant {s} s',
    'Deals {n}% weapon damage as fire to nearby enemies':
      "Inflige {n} % des dégâts de l'arme sous forme de feu aux ennemis proches",
    'Sets the target ablaze for {n}% weapon damage over {s}s':
      "Embrase la cible pour {n} % des dégâts de l'arme en {s} s",
    'Rains embers around you, dealing {n}% spell power as fire':
      'Fait pleuvoir des braises autour de vous, infligeant {n} % de la puissance des sorts sous forme de feu',
    'Releases a nova that slows nearby enemies by {p}% for {s}s':
      'Libère une nova qui ralentit les ennemis proches de {p} % pendant {s} s',
    'Impales the target for {n}% weapon damage as frost':
      "Empale la cible pour {n} % des dégâts de l'arme sous forme de givre",
    'Frozen enemies take {p}% more damage for {s}s':
      'Les ennemis gelés subissent {p} % de dégâts en plus pendant {s} s',
    'Arcs to up to 4 enemies for {n}% spell power as storm damage':
      'Rebondit sur 4 ennemis au plus pour {n} % de la puissance des sorts en dégâts de tempête',
    'Stuns nearby enemies for 2s': 'Étourdit les ennemis proches pendant 2 s',
    'Grants {p}% haste for {s}s': 'Confère {p} % de hâte pendant {s} s',
    'Drains {n}% weapon damage as shadow and heals you for half of it':
      "Draine {n} % des dégâts de l'arme sous forme d'ombre et vous soigne de la moitié",
    'Roots the target in shadow for 3s': "Immobilise la cible dans l'ombre pendant 3 s",
    'Fears the attacker for 2s': "Terrifie l'assaillant pendant 2 s",
    'Heals nearby allies for {n}% of your healing power':
      'Soigne les alliés proches à hauteur de {n} % de votre puissance de soins',
    'Consecrates the ground, dealing {n}% spell power as radiant over {s}s':
      'Consacre le sol, infligeant {n} % de la puissance des sorts en dégâts radiants en {s} s',
    'Prevents a killing blow and restores {p}% of maximum health':
      'Empêche un coup fatal et rend {p} % de la santé maximale',
    'Poisons nearby enemies for {n}% weapon damage over {s}s':
      "Empoisonne les ennemis proches pour {n} % des dégâts de l'arme en {s} s",
    "Reduces the target's healing received by {p}% for {s}s":
      'Réduit les soins reçus par la cible de {p} % pendant {s} s',
  },
  triggers: {
    'on hit': 'en touchant',
    'on crit': 'sur coup critique',
    'on kill': 'en tuant',
    'on block': 'en bloquant',
    'when struck': 'quand vous êtes touché',
    'on cast': 'en lançant un sort',
    'on dodge': 'en esquivant',
    'below 30% health': 'sous 30 % de santé',
  },
  effectLabels: {
    Rend: 'Lacération',
    Whirlwind: 'Tourbillon',
    'Second Wind': 'Second souffle',
    Bulwark: 'Rempart',
    Cinderburst: 'Éclat de cendres',
    Immolate: 'Immolation',
    Ashfall: 'Pluie de cendres',
    'Rime Nova': 'Nova de givre',
    'Glacial Spike': 'Pic glaciaire',
    Shatter: 'Fracas',
    'Chain Lightning': "Chaîne d'éclairs",
    Thunderclap: 'Coup de tonnerre',
    'Static Surge': 'Surtension statique',
    'Soul Siphon': "Siphon d'âme",
    'Umbral Grasp': 'Étreinte ombreuse',
    Dread: 'Effroi',
    Dawnflare: "Éclat de l'aube",
    Sanctify: 'Sanctification',
    Mercy: 'Miséricorde',
    'Venom Bloom': 'Floraison venimeuse',
    Rot: 'Pourriture',
  },
  skills: {
    Swordsmanship: "Maniement de l'épée",
    'Axe Mastery': 'Maîtrise de la hache',
    'Blunt Weapons': 'Armes contondantes',
    Daggers: 'Dagues',
    Arcana: 'Arcanes',
    'Shield Mastery': 'Maîtrise du bouclier',
    Lore: 'Érudition',
    Archery: "Tir à l'arc",
    Polearms: "Armes d'hast",
    'Light Armour': 'Armure légère',
    'Medium Armour': 'Armure intermédiaire',
    'Heavy Armour': 'Armure lourde',
    Attunement: 'Harmonisation',
  },
};
