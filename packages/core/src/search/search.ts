import { hasBit, type Bitset, emptyBits } from '../bitset.js';
import { TopKeys } from './top-hits.js';
import { MATCH_RULES, type MatchRule } from './match-rules.js';
import { nameSets, type NameSets } from './name-sets.js';
import { MAX_SEARCH_ENTRIES, type SearchIndex } from './search-index.js';
import { LruCache } from '../lru-cache.js';
import { createNameIndex, type NameIndex } from '../dataset/name-index.js';
import { namesContaining } from './contains-text.js';
import { editBudget } from './edit-budget.js';
import { CONTAINS_LETTERS, TYPO_LETTERS } from './short-searches.js';
import { nearWords } from './near-words.js';
import { spacedTypos } from './spaced-typos.js';
import { prefixRange } from './word-walk.js';
import { bytesOf } from '../dataset/derived-memory.js';
import { codePointLength } from '../text/code-points.js';
import { namesWithInitials } from './initials-hits.js';
import { aliasRows } from './alias-index.js';
import { intersectTyped, wordsInUse, type TypedSets } from './typed-sets.js';
import { eachOfBoth } from '../sorted-union.js';

/** One record found, as its entry in the index. */
export interface Hit {
  entry: number;
  match: MatchRule;
  /** The alias that found it, as written, for `match: "alias"`. */
  alias?: string;
}

export interface SearchResult {
  /** The best hits, best first. */
  hits: Hit[];
  /** How many records match by any rule. */
  total: number;
}

/** A typed word, and the words of the index it matches: those it starts (`[start, end)`) and those near it. */
interface Typed {
  start: number;
  end: number;
  near: ReadonlyMap<number, number>;
}

const NO_WORDS: ReadonlyMap<number, number> = new Map();

/** The edits from typed word `typed` to the index's word `word`: 0 when it starts it, -1 when it matches it not at all. */
function editsTo(typed: Typed, word: number, allowNear: boolean): number {
  if (word >= typed.start && word < typed.end) return 0;
  return allowNear ? (typed.near.get(word) ?? -1) : -1;
}

/** Whether any index word could be claimed by two typed words, so a name must be checked for one word each. */
function wordsShared(typed: readonly Typed[]): boolean {
  for (let i = 0; i < typed.length; i++) {
    const a = typed[i] as Typed;
    for (let j = i + 1; j < typed.length; j++) {
      const b = typed[j] as Typed;
      if (a.start < b.end && b.start < a.end) return true;
      for (const word of a.near.keys()) if (editsTo(b, word, true) >= 0) return true;
      for (const word of b.near.keys()) if (editsTo(a, word, true) >= 0) return true;
    }
  }
  return false;
}

/**
 * The first two typed words' fewest edits, where in the name they are, and their fewest on another
 * word of the name (-1: none).
 */
const TWO_BEST = new Int32Array(2);
const TWO_AT = new Int32Array(2);
const TWO_SECOND = new Int32Array(2);

/**
 * The fewest edits of two typed words on two words of a name: their fewest when on two words; when
 * both are fewest on one, one keeps it and the other takes its next best, or -1 when neither has another.
 */
function twoWordsApart(): number {
  if (TWO_AT[0] !== TWO_AT[1]) return (TWO_BEST[0] as number) + (TWO_BEST[1] as number);
  const second0 = TWO_SECOND[0] as number;
  const second1 = TWO_SECOND[1] as number;
  const keepFirst = second1 < 0 ? -1 : (TWO_BEST[0] as number) + second1;
  const keepSecond = second0 < 0 ? -1 : second0 + (TWO_BEST[1] as number);
  return keepFirst < 0 ? keepSecond : keepSecond < 0 ? keepFirst : Math.min(keepFirst, keepSecond);
}

/**
 * The edits by which name `name` matches every typed word with a word of the name (the fewest), or -1
 * when it does not: without `allowNear`, only words a typed word starts count. With `distinct`, two
 * typed words may not take the same word of the name (`fox fox` is not `Amulet of the Fox`): whether
 * they can is found by augmenting paths, and the fewest edits so by `fewestEdits`.
 */
function wordEdits(
  index: SearchIndex,
  typed: readonly Typed[],
  name: number,
  allowNear: boolean,
  distinct: boolean,
): number {
  const { values, starts } = index.nameWords;
  const first = starts[name] as number;
  const count = (starts[name + 1] as number) - first;
  let total = 0;
  // Whether each typed word's fewest edits are on a word of the name of its own: then they are the
  // fewest of any assignment, and no search for one is needed.
  let apart = true;
  let taken = 0;
  for (let t = 0; t < typed.length; t++) {
    const word = typed[t] as Typed;
    let best = -1;
    let bestAt = 0;
    let second = -1;
    for (let at = 0; at < count; at++) {
      const edits = editsTo(word, values[first + at] as number, allowNear);
      if (edits < 0) continue;
      if (best < 0 || edits < best) {
        second = best;
        best = edits;
        bestAt = at;
      } else if (second < 0 || edits < second) second = edits;
    }
    if (best < 0) return -1;
    total += best;
    if (bestAt < 31 && (taken & (1 << bestAt)) === 0) taken |= 1 << bestAt;
    else apart = false;
    if (t < 2) {
      TWO_BEST[t] = best;
      TWO_AT[t] = bestAt;
      TWO_SECOND[t] = second;
    }
  }
  if (!distinct || apart) return total;
  if (typed.length === 2) return twoWordsApart();
  const takenBy = new Int32Array(count).fill(-1);
  const take = (t: number, seen: Uint8Array): boolean => {
    for (let at = 0; at < count; at++) {
      if (seen[at] === 1 || editsTo(typed[t] as Typed, values[first + at] as number, allowNear) < 0)
        continue;
      seen[at] = 1;
      if ((takenBy[at] as number) < 0 || take(takenBy[at] as number, seen)) {
        takenBy[at] = t;
        return true;
      }
    }
    return false;
  };
  for (let t = 0; t < typed.length; t++) if (!take(t, new Uint8Array(count))) return -1;
  return fewestEdits(typed, values.subarray(first, first + count), allowNear, total);
}

/** The most assignments `fewestEdits` tries before it settles for the best found. */
const ASSIGNMENTS_TRIED = 4096;

/**
 * The fewest edits with which each typed word takes a word of its own among `words` (one such
 * assignment exists), searching the assignments best first and cutting any that cannot beat the best
 * found; `least`, each typed word's own fewest, bounds it from below. Names have a handful of words,
 * so the search is short; past `ASSIGNMENTS_TRIED` steps, the best found stands.
 */
function fewestEdits(
  typed: readonly Typed[],
  words: Int32Array,
  allowNear: boolean,
  least: number,
): number {
  const costs = typed.map((word) => Array.from(words, (w) => editsTo(word, w, allowNear)));
  const fewest = costs.map((row) => Math.min(...row.filter((edits) => edits >= 0)));
  // `rest[t]`: the fewest the typed words from `t` on could add.
  const rest = new Array<number>(typed.length + 1).fill(0);
  for (let t = typed.length - 1; t >= 0; t--)
    rest[t] = (rest[t + 1] as number) + (fewest[t] as number);
  const taken = new Uint8Array(words.length);
  let best = Number.POSITIVE_INFINITY;
  let steps = 0;
  const visit = (t: number, sum: number): void => {
    if (sum + (rest[t] as number) >= best || ++steps > ASSIGNMENTS_TRIED) return;
    if (t === typed.length) {
      best = sum;
      return;
    }
    const row = costs[t] as number[];
    for (let at = 0; at < row.length && best > least; at++) {
      const edits = row[at] as number;
      if (edits < 0 || taken[at] === 1) continue;
      taken[at] = 1;
      visit(t + 1, sum + edits);
      taken[at] = 0;
    }
  };
  visit(0, 0);
  return best;
}

// A hit's key orders hits as the README ranks them: rule, then edits, then whether the first typed
// word starts the name's first word, then whether it is another name plus a qualifier word, then the
// name's length, then the entry (collection, then id). Entries below MAX_SEARCH_ENTRIES (checked as
// an index is built), edits below 64; a name folded past 1,023 letters (folding can lengthen one)
// ranks as 1,023. The widest key, 6 · 2⁴², is an exact double.
const ENTRY_SPAN = MAX_SEARCH_ENTRIES;
const LENGTH_SPAN = 1024;
const TIES_SPAN = 4;
const EDITS_SPAN = 64;
const RULE_SPAN = ENTRY_SPAN * LENGTH_SPAN * TIES_SPAN * EDITS_SPAN;
const [EXACT, ALIAS, PREFIX, WORDS, INITIALS, CONTAINS, FUZZY] = MATCH_RULES.map(
  (_, rule) => rule,
) as [number, number, number, number, number, number, number];

/** What a search reuses between searches of one index. */
interface Helpers {
  sets: NameSets;
  /** A typed word and the index's words it starts, and with `typos`, those near it. */
  typedWord: (word: string, typos: boolean) => Typed;
  /** The sets of names of a typed word (as typed, and as `typedWord` gave it). */
  setsOf: (text: string, word: Typed, typos: boolean) => TypedSets;
  spaced: ReturnType<typeof spacedTypos>;
  /**
   * The sets a search works in, made once per index: a search runs to its end without yielding,
   * so one at a time uses them, and none is made and thrown away per search.
   */
  scratch: Record<
    'mask' | 'starting' | 'near' | 'later' | 'contains' | 'initials' | 'ending',
    Bitset
  >;
  /** Which of the index's words contain a text. */
  wordFragments: NameIndex;
  /** Room for every name: those a search counts, then the rule after `prefix` that takes each. */
  visited: Int32Array;
  rules: Uint8Array;
}

/**
 * The typed words whose matches are kept, the least recently typed dropped first: players type the
 * same words over and over, and finding the words near a long one took most of a search
 * (bench/README.md, "Search on 100,000 items"). At most 32,768 words and 8 MiB a language, counting
 * each word near a typed one.
 */
const TYPED_WORDS_KEPT = { maxEntries: 32_768, maxBytes: 8 * 1024 * 1024 };
const typedWordBytes = (typed: Typed) => 96 + 32 * typed.near.size;

/**
 * The typed words whose sets of names are kept, once typed twice: most words players type are a
 * game's words, typed again and again, and their sets cost a search more than ANDing them. At most
 * 8 MiB a language (about 900 words' at 36,000 names).
 */
const TYPED_SETS_KEPT = { maxEntries: 4096, maxBytes: 8 * 1024 * 1024, admitOnSecondUse: true };
const typedSetsBytes = ({ own, withNear, inUse }: TypedSets) =>
  64 + own.byteLength + (withNear === own ? 0 : withNear.byteLength) + inUse.byteLength;

/** The hits a search keeps, from their keys. */
function hitsOf(top: TopKeys, aliasOf: (entry: number) => string): Hit[] {
  return top.keys.map((key) => {
    const entry = key % ENTRY_SPAN;
    const match = MATCH_RULES[Math.floor(key / RULE_SPAN)] as MatchRule;
    return match === 'alias' ? { entry, match, alias: aliasOf(entry) } : { entry, match };
  });
}

/** What `Search` does, with the index's sets of names. */
function search(
  index: SearchIndex,
  { typedWord, setsOf, spaced, scratch, sets, wordFragments, visited, rules }: Helpers,
  text: string,
  limit: number,
  selected?: readonly number[],
): SearchResult {
  if (text === '') return { hits: [], total: 0 };
  const { names, entries, collectionStarts } = index;
  let mask: Bitset | undefined;
  let inSelected: ((entry: number) => boolean) | undefined;
  if (selected !== undefined && selected.length < collectionStarts.length - 1) {
    mask = scratch.mask.fill(0);
    for (const collection of selected) {
      const bits = index.collectionNames[collection] as Bitset;
      for (let i = 0; i < mask.length; i++) mask[i] = (mask[i] as number) | (bits[i] as number);
    }
    const ranges = selected.map((c) => [
      collectionStarts[c] as number,
      collectionStarts[c + 1] as number,
    ]);
    inSelected = (entry) =>
      ranges.some(([start, end]) => entry >= (start as number) && entry < (end as number));
  }

  const words = text.split(' ');
  const letters = codePointLength(text) - words.length + 1;
  const typos = letters >= TYPO_LETTERS;
  const typed = words.map((word) => typedWord(word, typos));
  const distinct = typed.length > 1 && wordsShared(typed);
  // Names whose words start with each typed word, and those with each typed word or one near it;
  // of several, the words of those sets that may not be zero, and of the names whose words start
  // with each typed word after the first (`later`).
  const typedSets = typed.map((word, at) => setsOf(words[at] as string, word, typos));
  const { later } = scratch;
  let starting = (typedSets[0] as TypedSets).own;
  let near = (typedSets[0] as TypedSets).withNear;
  let inUse: { near: Int32Array; later: Int32Array } | undefined;
  if (typed.length > 1) {
    starting = scratch.starting.fill(0);
    near = scratch.near.fill(0);
    inUse = {
      near: intersectTyped(typedSets, 0, starting, near),
      later: intersectTyped(typedSets, 1, later.fill(0)),
    };
  }
  const contains = scratch.contains.fill(0);
  if (letters >= CONTAINS_LETTERS)
    namesContaining(
      index,
      sets,
      wordFragments,
      text,
      contains,
      inUse && {
        later,
        laterInUse: inUse.later,
        found: distinct ? undefined : starting,
        ending: scratch.ending,
      },
    );
  const initials = scratch.initials.fill(0);
  if (typed.length === 1) namesWithInitials(index, text, initials);

  const entryCount = (name: number): number => {
    const from = entries.starts[name] as number;
    const to = entries.starts[name + 1] as number;
    if (inSelected === undefined) return to - from;
    let count = 0;
    for (let at = from; at < to; at++) if (inSelected(entries.values[at] as number)) count++;
    return count;
  };
  const isWordsHit = (name: number) =>
    hasBit(starting, name) && (!distinct || wordEdits(index, typed, name, false, true) >= 0);

  /** Whether a name among `contains`, `near` and `initials` matches by a rule. */
  const matches = (name: number) =>
    !distinct ||
    hasBit(contains, name) ||
    hasBit(initials, name) ||
    wordEdits(index, typed, name, true, true) >= 0;
  let total = 0;
  let visitedCount = 0;
  const visit = (word: number) => {
    let bits =
      ((contains[word] as number) | (near[word] as number) | (initials[word] as number)) >>> 0;
    if (mask !== undefined) bits &= mask[word] as number;
    while (bits !== 0) {
      const name = (word << 5) + (31 - Math.clz32(bits & -bits));
      bits &= bits - 1;
      if (matches(name)) {
        total += entryCount(name);
        visited[visitedCount++] = name;
      }
    }
  };
  // Of several typed words, only the words `near` and `later` use hold names: a name that contains
  // the text has a word starting with each typed word after the first, so `contains` is in `later`.
  if (inUse === undefined) for (let word = 0; word < contains.length; word++) visit(word);
  else eachOfBoth(inUse.near, inUse.later, visit);
  // Entries an alias finds (by its row; the first, for one found by two), but those the whole
  // name finds; counted unless their name is.
  const byAlias = new Map<number, number>();
  const [aliasFrom, aliasTo] = aliasRows(index.aliases, text);
  for (let row = aliasFrom; row < aliasTo; row++) {
    const entry = index.aliases.entries[row] as number;
    const name = index.aliases.names[row] as number;
    if (names[name] === text || byAlias.has(entry) || (inSelected && !inSelected(entry))) continue;
    byAlias.set(entry, row);
    const counted =
      (hasBit(contains, name) || hasBit(near, name) || hasBit(initials, name)) &&
      (mask === undefined || hasBit(mask, name)) &&
      matches(name);
    if (!counted) total++;
  }
  const aliasOf = (entry: number) => index.aliases.written[byAlias.get(entry) as number] as string;

  const top = new TopKeys(limit);
  const firstTyped = typed[0] as Typed;
  /** Whether the first typed word matches the first word of name `name`. */
  const firstWordTyped = (name: number) => {
    const firstWord = index.nameWords.values[index.nameWords.starts[name] as number];
    return firstWord !== undefined && editsTo(firstTyped, firstWord, true) >= 0;
  };
  /** The key of a hit by `rule` with `edits` on a record named `name`, but for its entry. */
  const keyBase = (rule: number, edits: number, name: number) => {
    // A name the text starts has a first word the first typed word starts.
    const notFirst = rule === EXACT || rule === PREFIX || firstWordTyped(name) ? 0 : 1;
    const ties = notFirst * 2 + (index.qualified[name] as number);
    return (
      (((rule * EDITS_SPAN + edits) * TIES_SPAN + ties) * LENGTH_SPAN +
        Math.min(index.nameLengths[name] as number, LENGTH_SPAN - 1)) *
      ENTRY_SPAN
    );
  };
  const offer = (rule: number, edits: number, name: number) => {
    const base = keyBase(rule, edits, name);
    for (let at = entries.starts[name] as number; at < (entries.starts[name + 1] as number); at++) {
      const entry = entries.values[at] as number;
      if (inSelected !== undefined && !inSelected(entry)) continue;
      if (byAlias.size > 0 && byAlias.has(entry)) continue;
      // Entries ascend: once one is not among the best, none after it is.
      if (!top.offer(base + entry)) break;
    }
  };
  for (const [entry, row] of byAlias)
    top.offer(keyBase(ALIAS, 0, index.aliases.names[row] as number) + entry);
  const masked = (name: number) => mask === undefined || hasBit(mask, name);
  if (total === 0 && typos) {
    // Nothing matched by its words: names that do once spaces are set aside (README, "Search").
    for (const [name, edits] of spaced(text)) {
      if (!masked(name)) continue;
      total += entryCount(name);
      offer(FUZZY, edits, name);
    }
    return { hits: hitsOf(top, aliasOf), total };
  }
  const [first, last] = prefixRange(names, text);
  for (let name = first; name < last; name++)
    if (masked(name)) offer(names[name] === text ? EXACT : PREFIX, 0, name);
  // Each rule takes the names no rule before it took, from those counted; once the hits are full,
  // a later rule's keys are all larger, so its pass is spared.
  let ranked = 0;
  if (!top.full)
    for (let at = 0; at < visitedCount; at++) {
      const name = visited[at] as number;
      if (name >= first && name < last) continue;
      visited[ranked] = name;
      rules[ranked++] = isWordsHit(name)
        ? WORDS
        : hasBit(initials, name)
          ? INITIALS
          : hasBit(contains, name)
            ? CONTAINS
            : FUZZY;
    }
  for (const rule of [WORDS, INITIALS, CONTAINS, FUZZY]) {
    if (top.full) break;
    for (let at = 0; at < ranked; at++) {
      if (rules[at] !== rule) continue;
      const name = visited[at] as number;
      const edits = rule === FUZZY ? wordEdits(index, typed, name, true, distinct) : 0;
      if (edits >= 0) offer(rule, Math.min(edits, EDITS_SPAN - 1), name);
    }
  }
  return { hits: hitsOf(top, aliasOf), total };
}

/**
 * Searches `index` for a text (folded as `foldText` folds it) in the collections `selected` (by
 * position in the index's source; all when undefined): the best `limit` hits, and how many records
 * match by any rule.
 */
export type Search = (text: string, limit: number, selected?: readonly number[]) => SearchResult;

/**
 * Search over `index`, keeping the sets of names it reuses between searches; `count` is told what
 * its scratch sets, its words' fragments and one-letter drops, its names without spaces and its dense
 * name sets hold as each is made (its memos are bounded by their own limits).
 *
 * @example createSearch(index)('amulet fox', 10).hits[0] // { entry: 4, match: 'words' }
 */
export function createSearch(index: SearchIndex, count?: (bytes: number) => void): Search {
  const sets = nameSets(index, count);
  const near = nearWords(index.words, index.wordsShared, count);
  const typedWords = new LruCache<Typed>({ ...TYPED_WORDS_KEPT, sizeOf: typedWordBytes });
  const typedWord = (word: string, typos: boolean): Typed => {
    if (!typos) {
      const [start, end] = prefixRange(index.words, word);
      return { start, end, near: NO_WORDS };
    }
    return typedWords.getOrCreate(word, () => {
      const [start, end] = prefixRange(index.words, word);
      const budget = editBudget(word);
      return { start, end, near: budget > 0 ? near(word, budget) : NO_WORDS };
    });
  };
  const size = index.names.length;
  const typedSets = new LruCache<TypedSets>({ ...TYPED_SETS_KEPT, sizeOf: typedSetsBytes });
  const setsOf = (text: string, word: Typed, typos: boolean): TypedSets =>
    typedSets.getOrCreate(`${typos ? '~' : '='}${text}`, () => {
      const own = emptyBits(size);
      sets.names(word.start, word.end, own);
      if (word.near.size === 0) return { own, withNear: own, inUse: wordsInUse(own) };
      const withNear = own.slice();
      for (const nearWord of word.near.keys()) sets.add(nearWord, withNear);
      return { own, withNear, inUse: wordsInUse(withNear) };
    });
  const spaced = spacedTypos(index, count);
  const scratch = {
    mask: emptyBits(size),
    starting: emptyBits(size),
    near: emptyBits(size),
    later: emptyBits(size),
    contains: emptyBits(size),
    initials: emptyBits(size),
    ending: emptyBits(size),
  };
  const visited = new Int32Array(size);
  const rules = new Uint8Array(size);
  count?.(bytesOf(visited, rules, ...Object.values(scratch)));
  const wordFragments = createNameIndex(index.words, count);
  const helpers = { typedWord, setsOf, spaced, scratch, sets, wordFragments, visited, rules };
  return (text, limit, selected) => search(index, helpers, text, limit, selected);
}
