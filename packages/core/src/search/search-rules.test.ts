import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/seeded.js';
import { editDistance } from '../testing/edit-distance.js';
import { foldText } from '../text/fold-text.js';
import { MATCH_RULES } from './match-rules.js';
import { editBudget } from './edit-budget.js';
import { createSearch } from './search.js';
import { buildSearchIndex } from './search-index.js';

/**
 * The fewest edits with which each typed word takes a word of its own among `words` (`cost` -1 where
 * it cannot take it), trying every assignment; -1 when there is none.
 */
function assigned(typed: string[], words: string[], cost: (t: string, w: string) => number) {
  let best = -1;
  const taken = words.map(() => false);
  const visit = (t: number, sum: number) => {
    if (t === typed.length) {
      if (best < 0 || sum < best) best = sum;
      return;
    }
    words.forEach((word, at) => {
      const edits = cost(typed[t]!, word);
      if (edits < 0 || taken[at]) return;
      taken[at] = true;
      visit(t + 1, sum + edits);
      taken[at] = false;
    });
  };
  visit(0, 0);
  return best;
}

const JOINING = new Set(['of', 'the', 'a']);

/** Every way of typing a name's initials: its words' first letters, any of its joining words left out. */
function initialsOf(words: string[]): string[] {
  const joining = words.flatMap((word, at) => (JOINING.has(word) ? [at] : []));
  // Past three joining words, only all kept and all left out.
  const skips =
    joining.length <= 3
      ? Array.from({ length: 2 ** joining.length }, (_, mask) =>
          joining.filter((_, bit) => mask & (2 ** bit)),
        )
      : [[], joining];
  return skips
    .map((skipped) =>
      words
        .filter((_, at) => !skipped.includes(at))
        .map((word) => word[0])
        .join(''),
    )
    .filter((initials) => initials.length >= 2 && initials.length <= 6);
}

/** Each list of names folded, and how many names each word follows as the last word of a name. */
const preparedNames = new WeakMap<string[], { folded: string[]; bases: Map<string, number> }>();
function prepared(names: string[]) {
  let found = preparedNames.get(names);
  if (found === undefined) {
    const folded = names.map(foldText);
    const distinct = new Set(folded);
    // A word that ends at least two names which are names without it is a qualifier.
    const bases = new Map<string, number>();
    for (const n of distinct) {
      const base = n.slice(0, n.lastIndexOf(' '));
      const last = n.slice(n.lastIndexOf(' ') + 1);
      if (n.includes(' ') && distinct.has(base)) bases.set(last, (bases.get(last) ?? 0) + 1);
    }
    preparedNames.set(names, (found = { folded, bases }));
  }
  return found;
}

/** The README's rules, read name by name: what the index must answer. */
function plainSearch(names: string[], text: string, limit: number) {
  const typed = text.split(' ');
  const letters = text.replaceAll(' ', '').length;
  // Each typed word's edits to each word, worked out once a search.
  const known = new Map<string, number>();
  const edits = (t: string, w: string) => {
    const key = `${t} ${w}`;
    let found = known.get(key);
    if (found === undefined) {
      const distance = w.startsWith(t) || letters < 4 ? -1 : editDistance(t, w);
      found = w.startsWith(t) ? 0 : distance >= 0 && distance <= editBudget(t) ? distance : -1;
      known.set(key, found);
    }
    return found;
  };
  const { folded, bases } = prepared(names);
  // Ties within a rule: the first typed word starts (or, with typos, is near) the first word, then
  // not another name plus a qualifier word.
  const ties = (n: string, words: string[]) => [
    words[0] !== undefined && edits(typed[0]!, words[0]) >= 0 ? 0 : 1,
    n.includes(' ') && (bases.get(words.at(-1)!) ?? 0) >= 2 ? 1 : 0,
  ];
  const keyed = folded.flatMap((n, entry) => {
    const words = n === '' ? [] : n.split(' ');
    // Rules by their place in MATCH_RULES (1, `alias`, needs aliases: none here).
    let rule = -1;
    let cost = 0;
    if (n === text) rule = 0;
    else if (n.startsWith(text)) rule = 2;
    else if (assigned(typed, words, (t, w) => (w.startsWith(t) ? 0 : -1)) >= 0) rule = 3;
    else if (typed.length === 1 && initialsOf(words).includes(text)) rule = 4;
    else if (letters >= 3 && n.includes(text)) rule = 5;
    else if ((cost = assigned(typed, words, edits)) >= 0) rule = 6;
    return rule < 0 ? [] : [{ entry, key: [rule, cost, ...ties(n, words), n.length, entry] }];
  });
  if (keyed.length === 0 && letters >= 4) {
    const squashed = text.replaceAll(' ', '');
    const budget = squashed.length <= 1 ? 0 : squashed.length < 8 ? 1 : 2;
    folded.forEach((n, entry) => {
      const d = editDistance(n.replaceAll(' ', ''), squashed);
      if (d <= budget)
        keyed.push({ entry, key: [6, d, ...ties(n, n.split(' ')), n.length, entry] });
    });
  }
  keyed.sort((a, b) => {
    const at = a.key.findIndex((value, i) => value !== b.key[i]);
    return at < 0 ? 0 : a.key[at]! - b.key[at]!;
  });
  return {
    hits: keyed.slice(0, limit).map(({ entry, key }) => ({ entry, match: MATCH_RULES[key[0]!] })),
    total: keyed.length,
  };
}

describe('search against its rules read name by name', () => {
  // A thousand searches, each read name by name too: seconds on a loaded machine.
  it('gives the same hits, in the same order, and the same total, over random names and searches', () => {
    const random = seeded(5);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    const vocabulary = [
      'amber',
      'amulet',
      'of',
      'the',
      'fox',
      'bear',
      'ember',
      'am',
      'totem',
      'a',
      'foxes',
      'amberwood',
    ];
    for (let round = 0; round < 40; round++) {
      const names = Array.from({ length: 30 }, () =>
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(vocabulary)).join(' '),
      );
      const search = createSearch(buildSearchIndex({ collections: [{ names }], joining: JOINING }));
      for (let query = 0; query < 25; query++) {
        const name = foldText(pick(names));
        const at = Math.floor(random() * name.length);
        const text = foldText(
          [
            name.slice(0, 1 + at),
            name.slice(0, at) + name.slice(at + 1),
            name.slice(0, at) + (name[at + 1] ?? '') + (name[at] ?? '') + name.slice(at + 2),
            `${pick(vocabulary).slice(0, 3)} ${pick(vocabulary)}`,
            name.slice(at),
            pick(initialsOf(name.split(' ')).concat(name.slice(0, 2))),
          ][Math.floor(random() * 6)] as string,
        );
        if (text === '') continue;
        expect([text, search(text, 5)]).toEqual([text, plainSearch(names, text, 5)]);
      }
    }
  }, 30_000);

  it('gives the same when typed words are near one word of a name, and each must take its own', () => {
    const random = seeded(11);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    // Words one or two edits apart, so two typed words are often fewest on the same word.
    const vocabulary = ['stone', 'stove', 'store', 'lantern', 'lanterns', 'lanterb', 'lantvrnz'];
    for (let round = 0; round < 20; round++) {
      const names = Array.from({ length: 30 }, () =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(vocabulary)).join(' '),
      );
      const search = createSearch(buildSearchIndex({ collections: [{ names }], joining: JOINING }));
      for (let query = 0; query < 25; query++) {
        const text = [pick(vocabulary), pick(vocabulary)].join(' ');
        expect([text, search(text, 10)]).toEqual([text, plainSearch(names, text, 10)]);
      }
    }
  }, 30_000);

  it('gives the same for typed words on words past the 31st of a long name', () => {
    const filler = Array.from({ length: 31 }, (_, at) => `w${at}`).join(' ');
    const names = [`${filler} stone stove`, `${filler} stone`, 'stone stove', 'store'];
    const search = createSearch(buildSearchIndex({ collections: [{ names }], joining: JOINING }));
    for (const text of ['stone stove', 'stove stone', 'stone stvoe', 'stone stone', 'store stove'])
      expect([text, search(text, 10)]).toEqual([text, plainSearch(names, text, 10)]);
    expect(search('stone stove', 10).hits.map(({ match }) => match)).toEqual(['exact', 'words']);
  });
});
