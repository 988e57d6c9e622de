// German: every translatable field. Item names put inflected adjectives before the noun (strong
// endings by the noun's gender: "Abgenutzter eiserner Dolch") and materials that are no adjective
// after it ("Dolch aus Obsidian"); ability and relic names are compounds ("Glutschlag", "Sonnenkelch").
// Places, factions and characters carry the cases the sentences use (nom, dat, gen).
import { capitalise, entryOf, splitEntry } from './grammar.mjs';

/** Strong adjective endings in the nominative, by gender: "eiserner Dolch", "eiserne Axt". */
const STRONG = /** @type {Record<string, string>} */ ({ m: 'er', f: 'e', n: 'es', p: 'e' });

/** Item nouns: word and gender; mounts add their genitive, for "Zügel des …", and a weak noun its accusative. */
const NOUNS = {
  Longsword: 'Langschwert:n',
  Sword: 'Schwert:n',
  Blade: 'Klinge:f',
  Sabre: 'Säbel:m',
  Broadsword: 'Breitschwert:n',
  Falchion: 'Malchus:m',
  Axe: 'Axt:f',
  Hatchet: 'Beil:n',
  Cleaver: 'Hackbeil:n',
  Waraxe: 'Kriegsaxt:f',
  Broadaxe: 'Breitaxt:f',
  Mace: 'Streitkolben:m',
  Morningstar: 'Morgenstern:m',
  Flail: 'Flegel:m',
  Cudgel: 'Knüppel:m',
  Warhammer: 'Kriegshammer:m',
  Dagger: 'Dolch:m',
  Dirk: 'Dolchmesser:n',
  Stiletto: 'Stilett:n',
  Kris: 'Kris:m',
  Shiv: 'Stichel:m',
  Wand: 'Zauberstab:m',
  Rod: 'Rute:f',
  Sceptre: 'Zepter:n',
  Baton: 'Kommandostab:m',
  Shield: 'Schild:m',
  Buckler: 'Faustschild:m',
  'Kite Shield': 'Drachenschild:m',
  'Tower Shield': 'Turmschild:m',
  Aegis: 'Ägide:f',
  Tome: 'Foliant:m',
  Grimoire: 'Grimoire:n',
  Codex: 'Kodex:m',
  Libram: 'Gebetbuch:n',
  Orb: 'Kugel:f',
  Focus: 'Fokus:m',
  Lantern: 'Laterne:f',
  Censer: 'Räuchergefäß:n',
  Prism: 'Prisma:n',
  Greatsword: 'Großschwert:n',
  Claymore: 'Claymore:n',
  Zweihander: 'Zweihänder:m',
  Executioner: 'Richtschwert:n',
  Staff: 'Stab:m',
  Quarterstaff: 'Kampfstab:m',
  Crook: 'Hirtenstab:m',
  Greatstaff: 'Großstab:m',
  Longbow: 'Langbogen:m',
  Shortbow: 'Kurzbogen:m',
  'Recurve Bow': 'Reflexbogen:m',
  Warbow: 'Kriegsbogen:m',
  Halberd: 'Hellebarde:f',
  Glaive: 'Glefe:f',
  Spear: 'Speer:m',
  Pike: 'Pike:f',
  Partisan: 'Partisane:f',
  Hood: 'Kapuze:f',
  Cowl: 'Gugel:f',
  Circlet: 'Stirnreif:m',
  Cap: 'Kappe:f',
  Mask: 'Maske:f',
  Coif: 'Kettenhaube:f',
  Helm: 'Helm:m',
  Greathelm: 'Topfhelm:m',
  Visage: 'Visier:n',
  Mantle: 'Schulterumhang:m',
  Amice: 'Schultertuch:n',
  Shoulderpads: 'Schulterpolster:p',
  Spaulders: 'Schulterstücke:p',
  Shoulderguards: 'Schulterschützer:p',
  Pauldrons: 'Brechränder:p',
  Shoulderplates: 'Schulterplatten:p',
  Robe: 'Robe:f',
  Vestments: 'Gewänder:p',
  Raiment: 'Gewandung:f',
  Jerkin: 'Wams:n',
  Tunic: 'Tunika:f',
  Harness: 'Harnisch:m',
  Hauberk: 'Halsberge:f',
  Chainmail: 'Kettenhemd:n',
  Breastplate: 'Brustplatte:f',
  Cuirass: 'Kürass:m',
  Warplate: 'Kriegsplatte:f',
  Gloves: 'Handschuhe:p',
  Handwraps: 'Handwickel:p',
  Grips: 'Griffhandschuhe:p',
  Gauntlets: 'Panzerhandschuhe:p',
  Mitts: 'Fäustlinge:p',
  Fists: 'Panzerfäuste:p',
  Leggings: 'Beinlinge:p',
  Trousers: 'Hosen:p',
  Breeches: 'Bundhosen:p',
  Chausses: 'Kettenbeinlinge:p',
  Legguards: 'Beinschützer:p',
  Greaves: 'Beinschienen:p',
  Legplates: 'Beinplatten:p',
  Slippers: 'Pantoffeln:p',
  Sandals: 'Sandalen:p',
  Boots: 'Stiefel:p',
  Treads: 'Wanderschuhe:p',
  Sabatons: 'Eisenschuhe:p',
  Warboots: 'Kriegsstiefel:p',
  Amulet: 'Amulett:n',
  Pendant: 'Anhänger:m',
  Choker: 'Halsband:n',
  Torc: 'Torques:m',
  Locket: 'Medaillon:n',
  Ring: 'Ring:m',
  Band: 'Reif:m',
  Loop: 'Fingerreif:m',
  Seal: 'Siegelring:m',
  Signet: 'Siegel:n',
  Charm: 'Glücksbringer:m',
  Idol: 'Idol:n',
  Talisman: 'Talisman:m',
  Totem: 'Totem:n',
  Figurine: 'Figur:f',
  Cloak: 'Mantel:m',
  Cape: 'Cape:n',
  Shroud: 'Schleier:m',
  Drape: 'Überwurf:m',
  Tricorn: 'Dreispitz:m',
  'Witch Hat': 'Hexenhut:m',
  'Feathered Cap': 'Federkappe:f',
  'Festival Crown': 'Festkrone:f',
  'Laurel Wreath': 'Lorbeerkranz:m',
  Headdress: 'Kopfschmuck:m',
  Antlers: 'Geweih:n',
  Halo: 'Heiligenschein:m',
  Wings: 'Flügel:p',
  Pinions: 'Schwingen:p',
  Featherwings: 'Federflügel:p',
  Warhorse: 'Schlachtross:n:Schlachtrosses',
  Charger: 'Streitross:n:Streitrosses',
  Destrier: 'Turnierross:n:Turnierrosses',
  Nightmare: 'Nachtmahr:m:Nachtmahrs',
  'Riding Drake': 'Reitdrache:m:Reitdrachen:Reitdrachen',
  Wyvern: 'Lindwurm:m:Lindwurms',
  Skydrake: 'Himmelsdrache:m:Himmelsdrachen:Himmelsdrachen',
  Owlet: 'Eulenküken:n',
  'Fox Kit': 'Fuchswelpe:m',
  Mudling: 'Schlammling:m',
  Beetle: 'Käfer:m',
  Sprite: 'Irrlicht:n',
  Salamander: 'Salamander:m',
};

/** Name modifiers: an adjective's stem, or (after "+") a phrase that follows the noun. */
const MODIFIERS = {
  Worn: 'abgenutzt',
  Simple: 'schlicht',
  Sturdy: 'robust',
  Plain: 'einfach',
  Militia: '+der Miliz',
  "Recruit's": '+eines Rekruten',
  Tarnished: 'angelaufen',
  Patched: 'geflickt',
  Crude: 'grob',
  "Traveller's": '+eines Reisenden',
  Iron: 'eisern',
  Steel: 'stählern',
  Bronze: 'bronzen',
  Obsidian: '+aus Obsidian',
  Silversteel: '+aus Silberstahl',
  Darkiron: '+aus Dunkeleisen',
  Moonsilver: '+aus Mondsilber',
  Starmetal: '+aus Sternmetall',
  Runed: 'runenbesetzt',
  Ashwood: '+aus Eschenholz',
  Yew: '+aus Eibe',
  Gloomwood: '+aus Düsterholz',
  Ironwood: '+aus Eisenholz',
  Elderwood: '+aus Holunderholz',
  Driftwood: '+aus Treibholz',
  Thornwood: '+aus Dornholz',
  Ivory: 'elfenbeinern',
  Bone: 'knöchern',
  Crystal: '+aus Kristall',
  Moonstone: '+aus Mondstein',
  Ebon: '+aus Ebenholz',
  Glass: 'gläsern',
  Silver: 'silbern',
  Gold: 'golden',
  Copper: 'kupfern',
  Jade: '+aus Jade',
  Pearl: '+aus Perlmutt',
  Amber: '+aus Bernstein',
  Garnet: '+mit Granat',
  Linen: 'leinen',
  Silk: 'seiden',
  Woollen: 'wollen',
  Spidersilk: '+aus Spinnenseide',
  Mooncloth: '+aus Mondstoff',
  Embroidered: 'bestickt',
  Velvet: '+aus Samt',
  Leatherbound: 'ledergebunden',
  Vellum: '+aus Pergament',
  Ironclasp: '+mit Eisenschließe',
  Hide: '+aus Fell',
  Leather: 'ledern',
  Wyrmhide: '+aus Wyrmhaut',
  Boarhide: '+aus Eberleder',
  Studded: 'beschlagen',
  Scaled: 'geschuppt',
  Chain: '+aus Kettengeflecht',
  Ringmail: '+aus Ringgeflecht',
  'Bronze-link': '+aus Bronzegliedern',
  Scale: '+aus Schuppen',
  Gilded: 'vergoldet',
  Dwarven: 'zwergisch',
  Bastion: '+der Bastion',
  Carved: 'geschnitzt',
  Brass: '+aus Messing',
  Clockwork: '+mit Uhrwerk',
  Midsummer: '+für Mittsommer',
  Harvest: '+zum Erntefest',
  Masquerade: '+für den Maskenball',
  Winterveil: '+zum Winterschleier',
  Corsair: '+eines Korsaren',
  Festival: 'festlich',
  Moonlit: 'mondbeschienen',
  Seraphic: 'seraphisch',
  Moth: '+einer Motte',
  Stormcrow: '+der Sturmkrähe',
  Armoured: 'gepanzert',
  Ghostly: 'geisterhaft',
  Emberhoof: '+mit Gluthufen',
  Frostmane: '+mit Frostmähne',
  Azure: 'azurblau',
  Swamp: '+aus dem Sumpf',
  Ember: 'glühend',
  Snowy: 'schneeweiß',
  Mossy: 'bemoost',
  Lantern: '+mit Laterne',
  Tiny: 'winzig',
  Emberforged: 'glutgeschmiedet',
  Cinder: 'glimmend',
  Ashen: 'aschgrau',
  Blazing: 'lodernd',
  Smouldering: 'schwelend',
  Frostbitten: 'frostversehrt',
  Rimed: 'bereift',
  Glacial: 'eisig',
  Wintry: 'winterlich',
  Hoarfrost: '+des Raureifs',
  Thunderous: 'donnernd',
  Crackling: 'knisternd',
  Stormwrought: 'sturmgeschmiedet',
  Tempest: '+des Unwetters',
  Umbral: 'schattenhaft',
  Duskbound: 'dämmergebunden',
  Gloaming: '+der Abenddämmerung',
  Nightveiled: 'nachtverhüllt',
  Dawnlit: 'morgenhell',
  Hallowed: 'geweiht',
  Sunforged: 'sonnengeschmiedet',
  Venomous: 'giftig',
  Blighted: 'verdorben',
  Festering: 'eiternd',
  Thornbound: 'dornumrankt',
};

/** Name suffixes, as genitives. */
const SUFFIXES = {
  'of the Bear': 'des Bären',
  'of the Fox': 'des Fuchses',
  'of the Owl': 'der Eule',
  'of the Tides': 'der Gezeiten',
  'of Warding': 'des Schutzes',
  'of the Vanguard': 'der Vorhut',
  'of Ruin': 'des Verderbens',
  'of the Silent Moon': 'des Stillen Mondes',
  'of the Deep': 'der Tiefe',
  'of Sorrow': 'des Kummers',
  'of the Wanderer': 'des Wanderers',
  'of the Hunt': 'der Jagd',
  'of Valour': 'der Tapferkeit',
  'of the Sentinel': 'des Wächters',
  'of Embers': 'der Glut',
  'of the Forge': 'der Schmiede',
  'of Cinders': 'der Asche',
  'of the Long Winter': 'des Langen Winters',
  'of Frozen Stars': 'der Gefrorenen Sterne',
  'of the Glacier': 'des Gletschers',
  'of the Tempest': 'des Unwetters',
  'of Thunder': 'des Donners',
  'of the Gale': 'des Sturmwinds',
  'of Dusk': 'der Dämmerung',
  'of the Hollow Court': 'des Hohlen Hofes',
  'of Whispers': 'des Flüsterns',
  'of Dawn': 'des Morgengrauens',
  'of the Lanternbearers': 'der Laternenträger',
  'of the Sun': 'der Sonne',
  'of the Mire': 'des Morasts',
  'of Thorns': 'der Dornen',
  'of Rot': 'der Fäulnis',
};

/** nom|dat|gen, with the article. */
const FACTIONS = {
  'Ashen Legion': 'die Aschenlegion|der Aschenlegion|der Aschenlegion',
  Tidewatch: 'die Gezeitenwacht|der Gezeitenwacht|der Gezeitenwacht',
  'Order of the Silent Moon':
    'der Orden des Stillen Mondes|dem Orden des Stillen Mondes|des Ordens des Stillen Mondes',
  'Emberfall Wardens':
    'die Wächter von Emberfall|den Wächtern von Emberfall|der Wächter von Emberfall',
  'Thornveil Druids':
    'die Druiden des Dornenschleiers|den Druiden des Dornenschleiers|der Druiden des Dornenschleiers',
  'Glasswind Corsairs': 'die Glaswind-Korsaren|den Glaswind-Korsaren|der Glaswind-Korsaren',
  'Hollow Court': 'der Hohle Hof|dem Hohlen Hof|des Hohlen Hofes',
  'Ironhold Clans': 'die Clans von Eisenfels|den Clans von Eisenfels|der Clans von Eisenfels',
  Lanternbearers: 'die Laternenträger|den Laternenträgern|der Laternenträger',
  'Saltcliff Reavers':
    'die Salzklippen-Plünderer|den Salzklippen-Plünderern|der Salzklippen-Plünderer',
};

/** The name as an item lists it | the dative with its article. */
const DUNGEONS = {
  'The Sunken Crypt': 'Die Versunkene Krypta|der Versunkenen Krypta',
  'Emberdeep Forge': 'Glutgrund-Schmiede|der Glutgrund-Schmiede',
  'Hollowmere Catacombs': 'Katakomben von Hohlmeer|den Katakomben von Hohlmeer',
  'The Shattered Spire': 'Der Zerborstene Turm|dem Zerborstenen Turm',
  'Frostfang Hollow': 'Frostzahnsenke|der Frostzahnsenke',
  'Gloomwood Barrow': 'Düsterwald-Hügelgrab|dem Düsterwald-Hügelgrab',
  'The Drowned Cathedral': 'Die Ertrunkene Kathedrale|der Ertrunkenen Kathedrale',
  'Ashen Citadel': 'Aschenzitadelle|der Aschenzitadelle',
  'Thornveil Labyrinth': 'Dornenschleier-Labyrinth|dem Dornenschleier-Labyrinth',
  'Stormbreak Keep': 'Sturmbruchfeste|der Sturmbruchfeste',
  'The Obsidian Vault': 'Das Obsidiangewölbe|dem Obsidiangewölbe',
  'Mirefen Sewers': 'Kanäle von Sumpffenn|den Kanälen von Sumpffenn',
  'Temple of the Silent Moon': 'Tempel des Stillen Mondes|dem Tempel des Stillen Mondes',
  'The Gilded Necropolis': 'Die Vergoldete Nekropole|der Vergoldeten Nekropole',
  'Wyrmroost Caverns': 'Wyrmhorst-Höhlen|den Wyrmhorst-Höhlen',
  'Blackwater Bastion': 'Schwarzwasser-Bastion|der Schwarzwasser-Bastion',
  'The Clockwork Undercroft': 'Das Uhrwerk-Gewölbe|dem Uhrwerk-Gewölbe',
  'Saltcliff Grotto': 'Salzklippengrotte|der Salzklippengrotte',
  'Duskhallow Abbey': 'Abtei Dämmerweih|der Abtei Dämmerweih',
  'The Ember Throne': 'Der Glutthron|dem Glutthron',
};

/** nom, or nom|gen where the genitive is not the name plus "s". */
const CHARACTERS = {
  Ashbringer: 'Aschenbringer',
  Velmora: 'Velmora',
  'Thane Harrow': 'Than Harrow',
  'Queen Isolde': 'Königin Isolde',
  Morrigan: 'Morrigan',
  Kaelthar: 'Kaelthar',
  'Sister Ysolde': 'Schwester Ysolde',
  'Old Grimble': 'Alt-Grimble',
  'Ser Aldric': 'Ser Aldric',
  Vashti: 'Vashti',
  'Oren Blackwater': 'Oren Schwarzwasser',
  Maerwen: 'Maerwen',
  'Tamsin Vale': 'Tamsin Vale',
  'the Last Warden': 'der Letzte Wächter|des Letzten Wächters',
  Brannoc: 'Brannoc',
  Ilsabet: 'Ilsabet',
  Corvane: 'Corvane',
  'Hesk the Drowned': 'Hesk der Ertrunkene|Hesk des Ertrunkenen',
  'Lady Seraphine': 'Herrin Seraphine',
  Dunmor: 'Dunmor',
};

const LEGEND_NOUNS = {
  Oath: 'Schwur',
  Lament: 'Klage',
  Requiem: 'Requiem',
  Promise: 'Versprechen',
  Edge: 'Schneide',
  Vigil: 'Wacht',
  Wrath: 'Zorn',
  Grasp: 'Griff',
  Ward: 'Schutz',
  Embrace: 'Umarmung',
  Reckoning: 'Abrechnung',
  Heart: 'Herz',
  Mercy: 'Gnade',
  Folly: 'Torheit',
  Crown: 'Krone',
  Hymn: 'Hymne',
  Bane: 'Fluch',
  Answer: 'Antwort',
  Burden: 'Bürde',
  'Last Word': 'Letztes Wort',
};

const EPITHETS = {
  'Edge of the Last Dawn': 'Schneide der Letzten Dämmerung',
  'Bane of Kings': 'Fluch der Könige',
  'the Unbroken': 'der Ungebrochene',
  'Keeper of Oaths': 'Hüter der Eide',
  'Whisper of the Deep': 'Flüstern der Tiefe',
  'Herald of Storms': 'Herold der Stürme',
  'Warden of the Drowned': 'Wächter der Ertrunkenen',
  'the Ember Crown': 'die Glutkrone',
  'Last Light of Velmora': 'Letztes Licht von Velmora',
  'Mercy of the Moon': 'Gnade des Mondes',
};

/** Words the item and ability sentences are filled with. */
const WORDS = {
  quote: {
    'Steel remembers.': 'Stahl vergisst nicht.',
    'The tide takes what the forge forgets.': 'Die Flut nimmt, was die Schmiede vergisst.',
    'Hold the line. Then hold it again.': 'Halte die Linie. Und dann halte sie noch einmal.',
    'Every ember was once a wildfire.': 'Jede Glut war einst ein Flächenbrand.',
    'No crown outlives its keeper.': 'Keine Krone überlebt ihren Träger.',
    'Walk softly; the dead are listening.': 'Geh leise; die Toten hören zu.',
    'Light is a promise, not a gift.': 'Licht ist ein Versprechen, kein Geschenk.',
    'Bend, but do not break.': 'Beuge dich, doch brich nicht.',
    'What sleeps beneath the moon does not dream.': 'Was unter dem Mond schläft, träumt nicht.',
  },
  /** After "aus": dative. */
  string: {
    'wyrm sinew': 'Wyrmsehne',
    'braided silk': 'geflochtener Seide',
    'spider-silk': 'Spinnenseide',
  },
  runes: { runes: 'die Runen', inlays: 'die Einlagen', glyphs: 'die Glyphen' },
  gem: {
    garnet: 'der eingefasste Granat',
    moonstone: 'der eingefasste Mondstein',
    sapphire: 'der eingefasste Saphir',
    'shard of amber': 'der eingefasste Bernsteinsplitter',
    'black pearl': 'die eingefasste schwarze Perle',
  },
  /** After "jedem": dative. */
  fest: {
    'Midsummer Fair': 'Mittsommermarkt',
    'Harvest Moon festival': 'Erntemondfest',
    Winterveil: 'Winterschleierfest',
  },
  /** After "von", "mit", "aus", "in": dative. */
  el: {
    embers: 'Glut',
    rime: 'Raureif',
    lightning: 'Blitzen',
    shadow: 'Schatten',
    dawnlight: 'Morgenlicht',
    venom: 'Gift',
    'raw force': 'roher Kraft',
    force: 'Kraft',
    'a gentle light': 'sanftem Licht',
  },
  adj: {
    'well-balanced': 'ausgewogen',
    notched: 'schartig',
    heavy: 'schwer',
    keen: 'scharf',
    ornate: 'verziert',
    battered: 'zerbeult',
  },
};

/** Compound heads of ability and relic names; "~" an adjective instead ("Unbeugsame Barriere"). */
const HEADS = {
  Cinder: 'Zunder',
  Rending: 'Reiß',
  Savage: 'Wild',
  Piercing: 'Stech',
  Crushing: 'Brech',
  Searing: 'Seng',
  Storm: 'Sturm',
  Venom: 'Gift',
  Shadow: 'Schatten',
  Frost: 'Frost',
  Iron: 'Eisen',
  Stone: 'Stein',
  Bastion: 'Bastions',
  Warding: 'Schutz',
  Stalwart: '~standhaft',
  Unyielding: '~unbeugsam',
  Oathsworn: '~eidgebunden',
  Mending: '~heilend',
  Radiant: 'Strahlen',
  Rallying: 'Sammel',
  Hallowed: '~geweiht',
  Soothing: '~lindernd',
  Kindred: 'Sippen',
  Inspiring: '~ermutigend',
  Lantern: 'Laternen',
  Wind: 'Wind',
  Blink: 'Flimmer',
  Swift: '~flink',
  Leaping: 'Sprung',
  Phantom: 'Phantom',
  Ember: 'Glut',
  Bone: 'Knochen',
  Spirit: 'Geister',
  Thorn: 'Dornen',
  Grave: 'Grab',
  Wild: 'Wild',
  Clockwork: 'Uhrwerk',
  Arcane: '~arkan',
  "Hunter's": 'Jäger',
  "Tinker's": 'Tüftler',
  Silent: '~still',
  "Scholar's": 'Gelehrten',
  Keen: '~scharf',
  Veiled: '~verhüllt',
  Ashen: 'Aschen',
  Rime: 'Raureif',
  Glacial: 'Gletscher',
  Hoarfrost: 'Reif',
  Thunder: 'Donner',
  Gale: 'Böen',
  Umbral: 'Umbra',
  Dusk: 'Dämmer',
  Shade: 'Schemen',
  Sun: 'Sonnen',
  Dawn: 'Morgen',
  Blight: 'Fäulnis',
  Moon: 'Mond',
  Blood: 'Blut',
  Star: 'Stern',
  Oaken: '~eichen',
  Wyrm: 'Wyrm',
  Salt: 'Salz',
};

/** Tails of ability names and nouns of relic names, with their gender. */
const TAILS = {
  Strike: 'Schlag:m',
  Blow: 'Hieb:m',
  Cleave: 'Spalter:m',
  Slash: 'Schnitt:m',
  Flurry: 'Wirbel:m',
  Barrage: 'Hagel:m',
  Volley: 'Salve:f',
  Lance: 'Lanze:f',
  Bolt: 'Geschoss:n',
  Nova: 'Nova:f',
  Barrier: 'Barriere:f',
  Shell: 'Schale:f',
  Aegis: 'Ägide:f',
  Wall: 'Wall:m',
  Skin: 'Haut:f',
  Resolve: 'Entschlossenheit:f',
  Stance: 'Haltung:f',
  Guard: 'Wache:f',
  Touch: 'Berührung:f',
  Light: 'Licht:n',
  Word: 'Wort:n',
  Hymn: 'Hymne:f',
  Chorus: 'Chor:m',
  Cry: 'Ruf:m',
  Banner: 'Banner:n',
  Blessing: 'Segen:m',
  Dash: 'Sprint:m',
  Rush: 'Ansturm:m',
  Charge: 'Sturmangriff:m',
  Vault: 'Satz:m',
  Step: 'Schritt:m',
  Stride: 'Gang:m',
  Glide: 'Gleiten:n',
  Servant: 'Diener:m',
  Wolves: 'Wölfe:p',
  Golem: 'Golem:m',
  Sentinel: 'Wächter:m',
  Swarm: 'Schwarm:m',
  Totem: 'Totem:n',
  Familiar: 'Vertrauter:m',
  Hounds: 'Hunde:p',
  Sight: 'Blick:m',
  Lantern: 'Laterne:f',
  Snare: 'Schlinge:f',
  Trap: 'Falle:f',
  Lure: 'Köder:m',
  Mark: 'Mal:n',
  Cloak: 'Mantel:m',
  Ward: 'Bann:m',
  Idol: 'Idol:n',
  Shard: 'Splitter:m',
  Reliquary: 'Reliquiar:n',
  Sigil: 'Zeichen:n',
  Censer: 'Räuchergefäß:n',
  Fetish: 'Fetisch:m',
  Effigy: 'Bildnis:n',
  Phylactery: 'Phylakterium:n',
  Seal: 'Siegel:n',
  Heart: 'Herz:n',
  Eye: 'Auge:n',
  Tooth: 'Zahn:m',
  Chalice: 'Kelch:m',
};

/** A compound ("Glut" + "Schlag" → "Glutschlag"), or an adjective and the noun ("Unbeugsame Barriere"). */
function compound(/** @type {string} */ head, /** @type {string} */ tail) {
  const prefix = entryOf(HEADS, head, 'name head');
  const [noun, gender] = splitEntry(entryOf(TAILS, tail, 'name tail'));
  if (prefix.startsWith('~')) return capitalise(`${prefix.slice(1)}${STRONG[gender]} ${noun}`);
  return `${prefix}${noun.charAt(0).toLowerCase()}${noun.slice(1)}`;
}

/** @param {string} english */
function character(english) {
  const [nom = '', gen] = entryOf(CHARACTERS, english, 'character').split('|');
  return { nom, gen: gen ?? (/[sxzß]$/.test(nom) ? `${nom}’` : `${nom}s`) };
}

/**
 * @param {import('./compose.mjs').ItemName} name
 * @returns {string}
 */
function itemName(name) {
  if (name.kind === 'possessive')
    return capitalise(
      `${character(name.who).gen} ${entryOf(LEGEND_NOUNS, name.what, 'legendary noun')}`,
    );
  if (name.kind === 'proper')
    return name.epithet ? `${name.word}, ${entryOf(EPITHETS, name.epithet, 'epithet')}` : name.word;
  const [noun, gender, genitive] = splitEntry(entryOf(NOUNS, name.noun, 'noun'));
  const mods = name.mods.map((m) => entryOf(MODIFIERS, m, 'modifier'));
  const after = mods.filter((m) => m.startsWith('+')).map((m) => m.slice(1));
  const adjectives = mods.filter((m) => !m.startsWith('+'));
  const suffix = name.suffix
    ? [
        SUFFIXES[/** @type {keyof typeof SUFFIXES} */ (name.suffix)] ??
          faction(name.faction ?? name.suffix).gen,
      ]
    : [];
  if (name.reins) {
    // "Zügel des geisterhaften Schlachtrosses": the genitive, weak endings after the article.
    const article = gender === 'f' ? 'der' : 'des';
    return [
      'Zügel',
      article,
      ...adjectives.map((a) => `${a}en`),
      genitive ?? noun,
      ...after,
      ...suffix,
    ].join(' ');
  }
  return capitalise(
    [...adjectives.map((a) => `${a}${STRONG[gender]}`), noun, ...after, ...suffix].join(' '),
  );
}

/** @param {string} english */
function faction(english) {
  const [nom = '', dat = '', gen = ''] = entryOf(FACTIONS, english, 'faction').split('|');
  return { nom, dat, gen };
}

/** @param {string} english */
function nounOf(english) {
  const [nom, g, , acc = nom] = splitEntry(entryOf(NOUNS, english, 'noun'));
  return { nom, g, acc };
}

const INDEFINITE = /** @type {Record<string, string>} */ ({ m: 'ein', f: 'eine', n: 'ein' });
const INDEFINITE_ACC = /** @type {Record<string, string>} */ ({ m: 'einen', f: 'eine', n: 'ein' });
const RELATIVE = /** @type {Record<string, string>} */ ({ m: 'der', f: 'die', n: 'das' });
const PRONOUN_ACC = /** @type {Record<string, string>} */ ({ m: 'ihn', f: 'sie', n: 'es' });

/** @type {import('./compose.mjs').Language} */
export default {
  tag: 'de',
  nicknames: { articles: ['der ', 'die ', 'das ', 'des '] },
  rarities: {
    common: 'gewöhnlich',
    uncommon: 'ungewöhnlich',
    rare: 'selten',
    epic: 'episch',
    legendary: 'legendär',
  },
  stats: {
    mgt: ['Macht', 'MAC', 'Erhöht den physischen Waffenschaden und die Wucht schwerer Schläge.'],
    fns: [
      'Finesse',
      'FIN',
      'Erhöht den Schaden mit leichten Waffen und Bögen und verbessert das Ausweichen leicht.',
    ],
    fcs: ['Fokus', 'FOK', 'Erhöht den Zauberschaden und die Größe deines Manavorrats.'],
    vgr: ['Vitalität', 'VIT', 'Erhöht die maximale Gesundheit.'],
    q7r: [
      'Entschlossenheit',
      'ENT',
      'Verkürzt Betäubungen, Furcht und andere Kontrollverlust-Effekte.',
    ],
    spt: ['Willenskraft', 'WIL', 'Verbessert die Manaregeneration und ausgehende Heilung.'],
    ar2: ['Rüstung', 'RÜS', 'Verringert erlittenen physischen Schaden.'],
    wd2: ['Schutz', 'SCH', 'Verringert erlittenen magischen Schaden.'],
    hp0: ['Maximale Gesundheit', 'GES', 'Fester Bonus auf die maximale Gesundheit.'],
    mn0: ['Maximales Mana', 'MP', 'Fester Bonus auf das maximale Mana.'],
    rg1: [
      'Gesundheitsregeneration',
      'GES/s',
      'Gesundheit, die außerhalb des Kampfes jede Sekunde wiederhergestellt wird, im Kampf halbiert.',
    ],
    rg2: ['Manaregeneration', 'MP/s', 'Mana, das jede Sekunde wiederhergestellt wird.'],
    crc: [
      'Kritische Trefferchance',
      'Krit',
      'Chance, dass ein Treffer oder eine Heilung kritisch ist.',
    ],
    cdx: [
      'Kritischer Schaden',
      'Krit-Schd',
      'Zusätzlicher Schaden kritischer Treffer, zu den grundlegenden 150 % hinzu.',
    ],
    hst: ['Tempo', 'Tempo', 'Beschleunigt Angriffe, Zauber und globale Abklingzeiten.'],
    as1: ['Angriffstempo', 'AT', 'Erhöht die Schlaggeschwindigkeit der Waffe.'],
    cs1: ['Zaubertempo', 'ZT', 'Verkürzt die Zauberzeiten.'],
    k9c: ['Abklingzeitverringerung', 'AZV', 'Verkürzt die Abklingzeiten von Fähigkeiten.'],
    mvz: [
      'Bewegungstempo',
      'Bew',
      'Erhöht die Laufgeschwindigkeit; nicht mit dem Tempo von Reittieren kumulierbar.',
    ],
    ddg: [
      'Ausweichen',
      'Ausw',
      'Chance, einem Nah- oder Fernkampfangriff vollständig auszuweichen.',
    ],
    blc: ['Blockchance', 'Block', 'Chance, bei angelegtem Schild einen Angriff zu blocken.'],
    bla: ['Blockwert', 'BLK', 'Schaden, den ein erfolgreicher Block absorbiert.'],
    lch: [
      'Lebensraub',
      'Raub',
      'Anteil des verursachten Schadens, der als Gesundheit zurückfließt.',
    ],
    thn: ['Dornen', 'Dornen', 'Schaden, der auf Nahkampfangreifer zurückgeworfen wird.'],
    e1f: ['Feuerschaden', 'Feuer', 'Erhöht verursachten Feuerschaden.'],
    e2c: ['Frostschaden', 'Frost', 'Erhöht verursachten Frostschaden.'],
    e3s: ['Sturmschaden', 'Sturm', 'Erhöht verursachten Sturmschaden.'],
    e4d: ['Schattenschaden', 'Schatten', 'Erhöht verursachten Schattenschaden.'],
    e5r: ['Strahlenschaden', 'Strahl'],
    e6p: ['Giftschaden', 'Gift', 'Erhöht verursachten Giftschaden, auch Schaden über Zeit.'],
    r1f: ['Feuerwiderstand', 'Feuer-Wid', 'Verringert erlittenen Feuerschaden.'],
    r2c: ['Frostwiderstand', 'Frost-Wid', 'Verringert erlittenen Frostschaden.'],
    r3s: ['Sturmwiderstand', 'Sturm-Wid'],
    r4d: ['Schattenwiderstand', 'Schatten-Wid', 'Verringert erlittenen Schattenschaden.'],
    wpd: ['Waffenschaden', 'WSchd', 'Fester Schaden, der jedem Waffentreffer hinzugefügt wird.'],
    sp4: ['Zaubermacht', 'ZM', 'Feste Macht, die schadensverursachenden Zaubern hinzugefügt wird.'],
    hl4: ['Heilkraft', 'HK', 'Feste Macht, die Heilungen und Schilden hinzugefügt wird.'],
    thr: ['Bedrohung', 'Bedr'],
    mfd: ['Magiefund', 'MF', 'Verbessert die Seltenheit gefundener Gegenstände.'],
    xpg: ['Erfahrungsgewinn', 'EP', 'Erhöht die aus allen Quellen erhaltene Erfahrung.'],
  },
  units: { '%': '%', pts: 'Pkt.', '/s': '/s', s: 's' },
  relicLabels: {
    'Health per Kill': 'Gesundheit pro Tötung',
    'Gold Find': 'Goldfund',
    'Curse Duration': 'Fluchdauer',
    'Damage Taken': 'Erlittener Schaden',
    'Potion Cooldown': 'Trank-Abklingzeit',
    'Extra Projectiles': 'Zusätzliche Geschosse',
    'Healing Received': 'Erhaltene Heilung',
    'Revive once per dungeon': 'Einmal pro Dungeon wiederbeleben',
    'Immune to fear': 'Immun gegen Furcht',
    'Reveals hidden doors': 'Enthüllt verborgene Türen',
    'Burning ground no longer harms you': 'Brennender Boden schadet dir nicht mehr',
  },
  nouns: NOUNS,
  itemName,
  abilityName: compound,
  relicName: compound,
  followerTitles: {
    Ser: 'Ser',
    Captain: 'Hauptmann|Hauptfrau',
    Thane: 'Than|Thanin',
    Sergeant: 'Feldwebel|Feldwebelin',
    Warden: 'Hüter|Hüterin',
    Scout: 'Späher|Späherin',
    Magister: 'Magister|Magistra',
    Archivist: 'Archivar|Archivarin',
    Adept: 'Adept|Adeptin',
    Chaplain: 'Kaplan|Kaplanin',
    Oracle: 'Orakel',
    Deacon: 'Diakon|Diakonin',
  },
  followerEpithets: {
    'the Ironhand': 'Eisenhand',
    Shieldbreaker: 'Schildbrecher|Schildbrecherin',
    'the Unbowed': 'der Ungebeugte|die Ungebeugte',
    'of Stormbreak Keep': 'von der Sturmbruchfeste',
    'the Far-Sighted': 'der Weitsichtige|die Weitsichtige',
    'of the Thornveil': 'vom Dornenschleier',
    Longstride: 'Langschritt',
    Wolfsbane: 'Wolfsbann',
    'the Ember-Eyed': 'der Glutäugige|die Glutäugige',
    'of the Spire': 'vom Turm',
    Stormcaller: 'Sturmrufer|Sturmruferin',
    'the Learned': 'der Gelehrte|die Gelehrte',
    'the Lantern': 'die Laterne',
    'of the Silent Moon': 'vom Stillen Mond',
    'the Merciful': 'der Barmherzige|die Barmherzige',
    Quickfingers: 'Flinkfinger',
    'the Knife': 'das Messer',
    'of the Glasswind': 'vom Glaswind',
    'Nine-Lives': 'Neunleben',
    'the Quiet': 'der Stille|die Stille',
    'the Boar': 'der Keiler',
    'the Bear': 'der Bär',
    'the Salamander': 'der Salamander',
    'the Wolf': 'der Wolf',
    'the Stormcrow': 'die Sturmkrähe',
    'the Stag': 'der Hirsch',
    'the Fox': 'der Fuchs',
    'the Lynx': 'der Luchs',
  },
  word(placeholder, english) {
    switch (placeholder) {
      case 'dungeon': {
        const [nom = '', dat = ''] = entryOf(DUNGEONS, english, 'dungeon').split('|');
        return { nom, dat };
      }
      case 'faction':
        return faction(english);
      case 'char':
        return character(english);
      case 'noun':
        return nounOf(english);
      default:
        return entryOf(
          WORDS[/** @type {keyof typeof WORDS} */ (placeholder)] ?? {},
          english,
          placeholder,
        );
    }
  },
  itemSentences: {
    'Forged in the depths of {dungeon}.': 'Tief unten in {dungeon.dat} geschmiedet.',
    'Standard issue for the {faction}, balanced for long campaigns.':
      'Standardausrüstung {faction.gen}, ausgewogen für lange Feldzüge.',
    'A {adj} {noun} that bites deeper against the unprepared.': (g) => {
      const { nom, g: gender = 'n' } = /** @type {Record<string, string>} */ (g.noun);
      return `${INDEFINITE[gender]} ${g.adj}${STRONG[gender]} ${nom}, ${RELATIVE[gender]} Unvorbereitete tiefer trifft.`;
    },
    'Its grip is worn smooth by generations of {faction} veterans.':
      'Der Griff ist von Generationen von Veteranen {faction.gen} glatt gewetzt.',
    'Recovered from the vaults of {dungeon}.': 'Aus den Gewölben in {dungeon.dat} geborgen.',
    'Strung with {string}; it never slackens in the rain.':
      'Die Sehne aus {string} erschlafft selbst im Regen nie.',
    'Favoured by the scouts of the {faction}.': 'Beliebt bei den Spähern {faction.gen}.',
    'Hums softly whenever a spell is woven nearby.':
      'Summt leise, sobald in der Nähe ein Zauber gewirkt wird.',
    'Attuned in the archives of the {faction}.': 'In den Archiven {faction.gen} abgestimmt.',
    'Its {runes} were cut by {char}.': '{runes} schnitt {char}.',
    'Dented by a hundred blows, and never once broken.':
      'Von hundert Hieben verbeult und doch nie gebrochen.',
    'Bears the crest of the {faction}.': 'Trägt das Wappen {faction.gen}.',
    'Hammered out in the forges of {dungeon}.': 'In den Schmieden in {dungeon.dat} gehämmert.',
    'Pieced together from salvage recovered in {dungeon}.':
      'Aus Fundstücken aus {dungeon.dat} zusammengeflickt.',
    'Favoured by the {faction} for its fit and easy repair.':
      'Bei {faction.dat} wegen guter Passform und leichter Reparatur beliebt.',
    'Bears the scars of a hundred skirmishes.': 'Trägt die Narben von hundert Scharmützeln.',
    'Fitted by hand in the workshops of the {faction}.':
      'Von Hand angepasst in den Werkstätten {faction.gen}.',
    'A keepsake from {dungeon}, warm to the touch.':
      'Ein Andenken aus {dungeon.dat}, warm in der Hand.',
    'Once belonged to {char}.': 'Einst besaß es {char}.',
    'The {gem} set in it glimmers when danger is near.': '{gem} schimmert, wenn Gefahr naht.',
    'Engraved with the sigil of the {faction}.': 'Mit dem Siegel {faction.gen} graviert.',
    'Worn at every {fest} since anyone can remember.':
      'Seit Menschengedenken auf jedem {fest} getragen.',
    'Turns heads. Stops no arrows.': 'Zieht Blicke auf sich. Hält keine Pfeile auf.',
    'Purely for show, and what a show it is.': 'Reine Zierde – aber was für eine!',
    'Sheds harmless sparks when you glide.': 'Versprüht im Gleitflug harmlose Funken.',
    'A sure-footed companion for the long roads of Emberfall.':
      'Ein trittsicherer Begleiter für die langen Straßen von Emberfall.',
    'Summons and dismisses a {noun}. Cosmetic only.': (g) => {
      const { acc, g: gender = 'n' } = /** @type {Record<string, string>} */ (g.noun);
      return `Ruft ${INDEFINITE_ACC[gender]} ${acc} herbei und entlässt ${PRONOUN_ACC[gender]} wieder. Rein kosmetisch.`;
    },
    'A loyal companion that follows you everywhere. It does not fight.':
      'Ein treuer Begleiter, der dir überallhin folgt. Er kämpft nicht.',
    'Loves shiny things. Fetches nothing.': 'Liebt glänzende Dinge. Apportiert nichts.',
    'Traces of {el} still cling to it.': 'Spuren von {el} haften noch daran.',
    'Glows faintly with {el} when drawn.': 'Schimmert beim Ziehen schwach von {el}.',
    'Glows faintly with {el} in the dark.': 'Schimmert im Dunkeln schwach von {el}.',
    '"{quote}" — {char}': '„{quote}“ – {char}',
    'Part of the {faction} collection.': 'Teil der Kollektion {faction.gen}.',
    'Unique-Equipped.': 'Nur einmal anlegbar.',
  },
  abilitySentences: {
    'Strike with {el}, dealing {n}% weapon damage.':
      'Schlägt mit {el} zu und verursacht {n} % Waffenschaden.',
    'Unleash a flurry of {k} blows, each dealing {n}% weapon damage.':
      'Entfesselt einen Wirbel aus {k} Hieben, die jeweils {n} % Waffenschaden verursachen.',
    'Loose {k} arrows, each dealing {n}% weapon damage.':
      'Schießt {k} Pfeile ab, die jeweils {n} % Waffenschaden verursachen.',
    'Loose {k} arrows wreathed in {el}, each dealing {n}% weapon damage.':
      'Schießt {k} in {el} gehüllte Pfeile ab, die jeweils {n} % Waffenschaden verursachen.',
    'Hurl a bolt of {el} that deals {n}% spell power to the first enemy hit.':
      'Schleudert ein Geschoss aus {el}, das dem ersten getroffenen Gegner {n} % Zaubermacht zufügt.',
    'Release a nova of {el}, dealing {n}% spell power to enemies within 8 metres.':
      'Entfesselt eine Nova aus {el} und fügt Gegnern im Umkreis von 8 Metern {n} % Zaubermacht zu.',
    'Raise a barrier that absorbs {a} damage for {s}s.':
      'Errichtet eine Barriere, die {s} s lang {a} Schaden absorbiert.',
    'Reduce all damage taken by {p}% for {s}s.':
      'Verringert {s} s lang jeden erlittenen Schaden um {p} %.',
    'Taunt nearby enemies and gain {p}% armour for {s}s.':
      'Verspottet Gegner in der Nähe und erhöht {s} s lang die Rüstung um {p} %.',
    'Heal an ally with {el} for {n}% of your healing power.':
      'Heilt einen Verbündeten mit {el} um {n} % deiner Heilkraft.',
    'Grant nearby allies {p}% haste for {s}s.':
      'Gewährt Verbündeten in der Nähe {s} s lang {p} % Tempo.',
    'Cleanse one harmful effect from each ally within {m} metres.':
      'Entfernt von jedem Verbündeten im Umkreis von {m} Metern einen schädlichen Effekt.',
    'Dash {m} metres forward, breaking roots and slows.':
      'Sprintet {m} Meter nach vorn und bricht Fesselungen und Verlangsamungen.',
    'Teleport up to {m} metres; your next attack within 3s deals {p}% more damage.':
      'Teleportiert bis zu {m} Meter weit; dein nächster Angriff innerhalb von 3 s verursacht {p} % mehr Schaden.',
    'Gain {p}% movement speed for {s}s.': 'Erhöht {s} s lang das Bewegungstempo um {p} %.',
    'Gain {p}% movement speed for {s}s, leaving a trail of {el}.':
      'Erhöht {s} s lang das Bewegungstempo um {p} % und hinterlässt eine Spur aus {el}.',
    'Summon {summon} to fight at your side for {s}s.':
      'Beschwört Verstärkung ({summon}), die {s} s lang an deiner Seite kämpft.',
    'Call forth {summon}; it taunts enemies near you and lasts {s}s.':
      'Ruft einen Beschützer herbei ({summon}), der Gegner in deiner Nähe verspottet und {s} s lang bleibt.',
    'Reveal hidden enemies and traps within {m} metres for {s}s.':
      'Enthüllt {s} s lang verborgene Gegner und Fallen im Umkreis von {m} Metern.',
    'Place a trap that roots the first enemy to trigger it for {s}s.':
      'Legt eine Falle, die den ersten Gegner, der sie auslöst, {s} s lang festhält.',
    'Mark a target; allies deal {p}% more damage to it for {s}s.':
      'Markiert ein Ziel; Verbündete fügen ihm {s} s lang {p} % mehr Schaden zu.',
    'Vanish from sight for {s}s; attacking or taking damage breaks the effect.':
      'Verschwindet {s} s lang aus dem Blickfeld; Angreifen oder erlittener Schaden beendet den Effekt.',
    'Place a ward on an ally that blocks the next harmful spell within {s}s.':
      'Belegt einen Verbündeten mit einem Bann, der den nächsten schädlichen Zauber innerhalb von {s} s abwehrt.',
  },
  uninterruptible: 'Kann nicht mehr unterbrochen werden.',
  // "in dem", "von dem" contract, as German always writes them.
  polish: (sentence) =>
    sentence.replace(/\b([Ii])n dem\b/g, '$1m').replace(/\b([Vv])on dem\b/g, '$1om'),
  impacts: {
    'Causes the target to bleed for {n}% weapon damage over {s}s':
      'Lässt das Ziel über {s} s für {n} % Waffenschaden bluten',
    'Spins, dealing {n}% weapon damage to all nearby enemies':
      'Wirbelt herum und fügt allen Gegnern in der Nähe {n} % Waffenschaden zu',
    'Restores {p}% of maximum health': 'Stellt {p} % der maximalen Gesundheit wieder her',
    'Grants a barrier absorbing {a} damage for {s}s':
      'Gewährt {s} s lang eine Barriere, die {a} Schaden absorbiert',
    'Deals {n}% weapon damage as fire to nearby enemies':
      'Fügt Gegnern in der Nähe {n} % Waffenschaden als Feuerschaden zu',
    'Sets the target ablaze for {n}% weapon damage over {s}s':
      'Setzt das Ziel in Brand und verursacht über {s} s {n} % Waffenschaden',
    'Rains embers around you, dealing {n}% spell power as fire':
      'Lässt Glut um dich herabregnen und verursacht {n} % Zaubermacht als Feuerschaden',
    'Releases a nova that slows nearby enemies by {p}% for {s}s':
      'Entfesselt eine Nova, die Gegner in der Nähe {s} s lang um {p} % verlangsamt',
    'Impales the target for {n}% weapon damage as frost':
      'Durchbohrt das Ziel für {n} % Waffenschaden als Frostschaden',
    'Frozen enemies take {p}% more damage for {s}s':
      'Gefrorene Gegner erleiden {s} s lang {p} % mehr Schaden',
    'Arcs to up to 4 enemies for {n}% spell power as storm damage':
      'Springt auf bis zu 4 Gegner über und verursacht {n} % Zaubermacht als Sturmschaden',
    'Stuns nearby enemies for 2s': 'Betäubt Gegner in der Nähe für 2 s',
    'Grants {p}% haste for {s}s': 'Gewährt {s} s lang {p} % Tempo',
    'Drains {n}% weapon damage as shadow and heals you for half of it':
      'Entzieht {n} % Waffenschaden als Schattenschaden und heilt dich um die Hälfte davon',
    'Roots the target in shadow for 3s': 'Fesselt das Ziel 3 s lang im Schatten',
    'Fears the attacker for 2s': 'Versetzt den Angreifer 2 s lang in Furcht',
    'Heals nearby allies for {n}% of your healing power':
      'Heilt Verbündete in der Nähe um {n} % deiner Heilkraft',
    'Consecrates the ground, dealing {n}% spell power as radiant over {s}s':
      'Weiht den Boden und verursacht über {s} s {n} % Zaubermacht als Strahlenschaden',
    'Prevents a killing blow and restores {p}% of maximum health':
      'Verhindert einen tödlichen Schlag und stellt {p} % der maximalen Gesundheit wieder her',
    'Poisons nearby enemies for {n}% weapon damage over {s}s':
      'Vergiftet Gegner in der Nähe und verursacht über {s} s {n} % Waffenschaden',
    "Reduces the target's healing received by {p}% for {s}s":
      'Verringert die erhaltene Heilung des Ziels {s} s lang um {p} %',
  },
  triggers: {
    'on hit': 'bei Treffer',
    'on crit': 'bei kritischem Treffer',
    'on kill': 'bei Tötung',
    'on block': 'beim Blocken',
    'when struck': 'wenn getroffen',
    'on cast': 'beim Wirken',
    'on dodge': 'beim Ausweichen',
    'below 30% health': 'unter 30 % Gesundheit',
  },
  effectLabels: {
    Rend: 'Zerfleischen',
    Whirlwind: 'Wirbelwind',
    'Second Wind': 'Zweiter Atem',
    Bulwark: 'Bollwerk',
    Cinderburst: 'Glutstoß',
    Immolate: 'Verbrennen',
    Ashfall: 'Aschenregen',
    'Rime Nova': 'Raureifnova',
    'Glacial Spike': 'Gletscherdorn',
    Shatter: 'Zersplittern',
    'Chain Lightning': 'Kettenblitz',
    Thunderclap: 'Donnerschlag',
    'Static Surge': 'Statische Welle',
    'Soul Siphon': 'Seelenentzug',
    'Umbral Grasp': 'Schattengriff',
    Dread: 'Grauen',
    Dawnflare: 'Morgenglanz',
    Sanctify: 'Weihen',
    Mercy: 'Gnade',
    'Venom Bloom': 'Giftblüte',
    Rot: 'Fäulnis',
  },
  skills: {
    Swordsmanship: 'Schwertkampf',
    'Axe Mastery': 'Axtbeherrschung',
    'Blunt Weapons': 'Stumpfe Waffen',
    Daggers: 'Dolche',
    Arcana: 'Arkanum',
    'Shield Mastery': 'Schildbeherrschung',
    Lore: 'Wissen',
    Archery: 'Bogenschießen',
    Polearms: 'Stangenwaffen',
    'Light Armour': 'Leichte Rüstung',
    'Medium Armour': 'Mittlere Rüstung',
    'Heavy Armour': 'Schwere Rüstung',
    Attunement: 'Einstimmung',
  },
};
