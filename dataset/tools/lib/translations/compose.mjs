// Translates a generated export into one language: names are taken apart into the words the
// generator built them from and put together again by the language's own grammar (language modules
// de.mjs, fr.mjs, es.mjs); prose is translated sentence by sentence (sentences.mjs). A language
// translates exactly what its module gives: a section it leaves out stays in English, which is how
// the demo's incomplete language (es.mjs) is made.
import { EFFECTS } from '../item-extras.mjs';
import { RARITIES } from '../manifest.mjs';
import { STATS } from '../stats.mjs';
import { nicknames } from '../aliases.mjs';
import { compact } from '../util.mjs';
import { byGender, capitalise } from './grammar.mjs';
import { ABILITY_SENTENCES, ITEM_SENTENCES, UNINTERRUPTIBLE } from './sentences.mjs';
import { compileRules, translateSentences } from './sentences-engine.mjs';

/**
 * An item name taken apart: `plain` is "[modifiers] noun [suffix]" (a suffix "of the <faction>"
 * given as `faction`), optionally "Reins of the …"; `possessive` a legendary "<who>'s <what>";
 * `proper` a legendary's made-up name, kept as the studio wrote it, with an optional epithet.
 * @typedef {{ kind: 'plain', mods: string[], noun: string, suffix?: string, faction?: string, reins: boolean }
 *   | { kind: 'possessive', who: string, what: string }
 *   | { kind: 'proper', word: string, epithet?: string }} ItemName
 */

/**
 * A follower's name taken apart: a title before the given name, or an epithet after it; `feminine`
 * for the given names that are women's, so titles and epithets agree.
 * @typedef {{ given: string, title?: string, epithet?: string, feminine: boolean }} FollowerName
 */

/** The followers' given names (followers.mjs) that are women's. */
const FEMININE = new Set([
  'Ysolde',
  'Maerwen',
  'Tamsin',
  'Seraphine',
  'Ilsabet',
  'Vashti',
  'Kestrel',
  'Thessaly',
  'Mirela',
  'Odalys',
  'Liesel',
  'Nyra',
  'Wren',
  'Elspeth',
  'Sable',
]);

/**
 * What a language module gives: every part optional but `tag`. Word tables are keyed by the
 * English word the generator writes.
 * @typedef {object} Language
 * @property {string} tag                      BCP 47 tag: the directory's name
 * @property {Record<string, string>} rarities  by English rarity name
 * @property {Record<string, [string, string, string?]>} stats  by stat key: name, short, description
 * @property {Record<string, string>} units     a stat's or relic's unit
 * @property {Record<string, string>} relicLabels  a relic's label, beyond the stat names it shares
 * @property {Record<string, string>} [nouns]   item nouns, with what the language's grammar needs
 * @property {(name: ItemName) => string} [itemName]
 * @property {(head: string, tail: string) => string} [abilityName]
 * @property {(material: string, noun: string) => string} [relicName]
 * @property {Record<string, string>} [followerTitles]   "masculine|feminine" where they differ
 * @property {Record<string, string>} [followerEpithets]
 * @property {(placeholder: string, english: string) => import('./sentences-engine.mjs').Word} [word]
 * @property {Record<string, string | import('./sentences-engine.mjs').Render>} [itemSentences]
 * @property {Record<string, string | import('./sentences-engine.mjs').Render>} [abilitySentences]
 * @property {Record<string, string>} [impacts]   by the English template of item-extras.mjs
 * @property {string} [uninterruptible]
 * @property {(sentence: string) => string} [polish]  last touches to a translated sentence (German "in dem" → "im")
 * @property {Record<string, string>} [triggers]
 * @property {Record<string, string>} [effectLabels]
 * @property {Record<string, string>} [skills]
 * @property {import('../aliases.mjs').NicknameHabits} [nicknames]  how its players shorten names; none without
 */

/** @typedef {import('../patches.mjs').Export} Export */

/**
 * One language's translations/<tag>/ files, by file name, each value as it is written.
 * @param {Export} data
 * @param {Language} lang
 * @returns {Record<string, unknown>}
 */
export function translateExport(data, lang) {
  const t = translator(lang);
  /** @type {Record<string, unknown>} */
  const files = {
    'manifest.json': {
      rarities: Object.fromEntries(
        RARITIES.map((name, value) => [String(value), t.lookup(lang.rarities, name, 'rarity')]),
      ),
    },
    'stats.json': byId(
      data.stats,
      (s) => s.key,
      (s) => t.stat(s),
    ),
    'relics.json': byId(
      data.relics,
      (r) => r.id,
      (r) => t.relic(r),
    ),
  };
  if (lang.itemName)
    files['items.json'] = byId(
      data.items,
      (i) => i.id,
      (i) => t.item(i),
    );
  if (lang.abilityName)
    files['abilities.json'] = byId(
      data.abilities,
      (a) => a.id,
      (a) => t.ability(a),
    );
  if (lang.followerTitles)
    files['followers.json'] = byId(
      data.followers,
      (f) => f.id,
      (f) => t.follower(f),
    );
  if (lang.nicknames) addNicknames(files, lang.nicknames);
  return files;
}

/**
 * Gives the translated items and followers the nicknames their names in the language suggest
 * (`nicknames`); a record without one searches by its English aliases.
 * @param {Record<string, unknown>} files
 * @param {import('../aliases.mjs').NicknameHabits} habits
 */
function addNicknames(files, habits) {
  const translated = ['items.json', 'followers.json'].flatMap((file) =>
    Object.entries(
      /** @type {Record<string, { name?: string, aliases?: string[] }>} */ (files[file] ?? {}),
    ),
  );
  const named = translated.flatMap(([id, record]) =>
    record.name === undefined ? [] : [{ id, name: record.name }],
  );
  const aliases = nicknames(named, habits);
  for (const [id, record] of translated) {
    const alias = aliases.get(id);
    if (alias !== undefined) record.aliases = [alias];
  }
}

/**
 * @param {any[]} records
 * @param {(record: any) => string} key
 * @param {(record: any) => Record<string, unknown>} translate
 */
function byId(records, key, translate) {
  return Object.fromEntries(records.map((record) => [key(record), translate(record)]));
}

/** The export's colour markup, which the loader strips from descriptions. @param {string} text */
const plain = (text) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** @param {Language} lang */
function translator(lang) {
  /**
   * @param {Record<string, string> | undefined} table
   * @param {string} english
   * @param {string} what
   */
  const lookup = (table, english, what) => {
    const found = table?.[english];
    if (found === undefined)
      throw new Error(`translations ${lang.tag}: no ${what} for "${english}"`);
    return found;
  };
  const need = (/** @type {any} */ part, /** @type {string} */ what) => {
    if (part === undefined)
      throw new Error(`translations ${lang.tag}: the language gives names but no ${what}`);
    return part;
  };
  const itemRules = () => compileRules(ITEM_SENTENCES, need(lang.itemSentences, 'item sentences'));
  const abilityRules = () =>
    compileRules(ABILITY_SENTENCES, need(lang.abilitySentences, 'ability sentences'));
  const impactRules = () => compileRules(IMPACT_TEMPLATES, need(lang.impacts, 'effect impacts'));
  /** @type {Map<string, import('./sentences-engine.mjs').Rule[]>} */
  const rules = new Map();
  const rulesOf = (
    /** @type {string} */ name,
    /** @type {() => import('./sentences-engine.mjs').Rule[]} */ make,
  ) => {
    if (!rules.has(name)) rules.set(name, make());
    return /** @type {import('./sentences-engine.mjs').Rule[]} */ (rules.get(name));
  };
  /** @type {import('./sentences-engine.mjs').WordOf} */
  const word = (placeholder, english) => {
    // A summoned creature is the ability's own name ("a bone golem").
    if (placeholder === 'summon') {
      const [head = '', tail = ''] = english.replace(/^an? /, '').split(' ');
      return need(lang.abilityName, 'ability names')(capitalise(head), capitalise(tail));
    }
    return need(lang.word, 'words')(placeholder, english);
  };
  const sentences = (
    /** @type {string} */ text,
    /** @type {string} */ kind,
    /** @type {() => import('./sentences-engine.mjs').Rule[]} */ make,
  ) =>
    (lang.polish ?? ((/** @type {string} */ s) => s))(
      translateSentences(plain(text), rulesOf(kind, make), word),
    );

  return {
    lookup,
    /** @param {any} s */
    stat(s) {
      const [name, short, description] = lookup(/** @type {any} */ (lang.stats), s.key, 'stat');
      return compact({
        name,
        short,
        unit: s.unit && lookup(lang.units, s.unit, 'unit'),
        description: s.description && description,
      });
    },
    /** @param {any} r */
    relic(r) {
      const [material = '', noun = ''] = r.name.split(' ');
      return compact({
        name: lang.relicName?.(material, noun),
        label: lang.relicLabels[r.label] ?? lookup(statNames(lang), r.label, 'relic label'),
        unit: r.unit && lookup(lang.units, r.unit, 'unit'),
      });
    },
    /** @param {any} i */
    item(i) {
      return compact({
        name: need(
          lang.itemName,
          'item names',
        )(parseItemName(i.name, i.rarity, need(lang.nouns, 'nouns'))),
        description: i.description && sentences(i.description, 'item', itemRules),
        effects: i.effects?.map((/** @type {any} */ e) => ({
          trigger: lookup(lang.triggers, e.trigger, 'trigger'),
          label: lookup(lang.effectLabels, e.label, 'effect label'),
          impact: sentences(e.impact, 'impact', impactRules),
        })),
        requirements: i.requirements?.map((/** @type {any} */ r) => ({
          skill: lookup(lang.skills, r.skill, 'skill'),
        })),
        dungeons: i.dungeons?.map((/** @type {any} */ d) => wordText(word('dungeon', d.name))),
      });
    },
    /** @param {any} a */
    ability(a) {
      const [head = '', tail = ''] = a.name.split(' ');
      /** @type {string | undefined} */
      let description;
      if (a.description) {
        const patched = a.description.endsWith(UNINTERRUPTIBLE);
        const base = patched
          ? `${a.description.slice(0, -UNINTERRUPTIBLE.length)}.`
          : a.description;
        description = sentences(base, 'ability', abilityRules);
        if (patched)
          description = `${description} ${need(lang.uninterruptible, 'uninterruptible')}`;
      }
      return compact({ name: need(lang.abilityName, 'ability names')(head, tail), description });
    },
    /** @param {any} f */
    follower(f) {
      const { title, given, epithet, feminine } = parseFollowerName(f.name, lang);
      if (title)
        return {
          name: `${byGender(lookup(lang.followerTitles, title, 'title'), feminine)} ${given}`,
        };
      return {
        name: `${given} ${byGender(lookup(lang.followerEpithets, epithet ?? '', 'epithet'), feminine)}`,
      };
    },
  };
}

/** Every effect impact template of item-extras.mjs. */
const IMPACT_TEMPLATES = [
  ...new Set(Object.values(EFFECTS).flatMap((effects) => effects.map(([, impact]) => impact))),
];

/** @param {import('./sentences-engine.mjs').Word} w */
const wordText = (w) => (typeof w === 'string' ? w : /** @type {string} */ (w.nom));

/** The stats' names in the language, by English name: relic labels that name a stat use them. @param {Language} lang */
function statNames(lang) {
  return Object.fromEntries(
    STATS.flatMap((s) => (lang.stats[s.key] ? [[s.name, lang.stats[s.key]?.[0]]] : [])),
  );
}

/**
 * @param {string} name
 * @param {number} rarity
 * @param {Record<string, string>} nouns  the known nouns, by English noun
 * @returns {ItemName}
 */
export function parseItemName(name, rarity, nouns) {
  if (rarity === 4) {
    const possessive = /^(.+)'s (.+)$/.exec(name);
    if (possessive)
      return {
        kind: 'possessive',
        who: /** @type {string} */ (possessive[1]),
        what: /** @type {string} */ (possessive[2]),
      };
    const [word = '', epithet] = name.split(', ');
    return { kind: 'proper', word, epithet };
  }
  const reins = name.startsWith('Reins of the ');
  const rest = reins ? name.slice('Reins of the '.length) : name;
  const of = rest.indexOf(' of ');
  const head = of === -1 ? rest : rest.slice(0, of);
  const suffix = of === -1 ? undefined : rest.slice(of + 1);
  const noun = Object.keys(nouns)
    .filter((n) => head === n || head.endsWith(` ${n}`))
    .sort((a, b) => b.length - a.length)[0];
  if (noun === undefined) throw new Error(`item name "${name}": no known noun ends "${head}"`);
  const mods = head === noun ? [] : head.slice(0, -noun.length - 1).split(' ');
  const faction = suffix?.startsWith('of the ') && suffix.slice('of the '.length);
  return compact({
    kind: /** @type {const} */ ('plain'),
    mods,
    noun,
    suffix,
    faction: faction || undefined,
    reins,
  });
}

/**
 * @param {string} name
 * @param {Language} lang
 * @returns {FollowerName}
 */
function parseFollowerName(name, lang) {
  const [first = '', ...rest] = name.split(' ');
  if (lang.followerTitles?.[first] !== undefined)
    return { title: first, given: rest.join(' '), feminine: FEMININE.has(rest.join(' ')) };
  const epithet = Object.keys(lang.followerEpithets ?? {})
    .filter((e) => name.endsWith(` ${e}`))
    .sort((a, b) => b.length - a.length)[0];
  if (epithet === undefined)
    throw new Error(`follower name "${name}": no known title or epithet (${lang.tag})`);
  const given = name.slice(0, -epithet.length - 1);
  return { given, epithet, feminine: FEMININE.has(given) };
}
