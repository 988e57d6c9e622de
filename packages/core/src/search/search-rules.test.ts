import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/seeded.js';
import { editDistance } from '../testing/edit-distance.js';
import { foldText } from './fold-text.js';
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

/** The README's rules, read name by name: what the index must answer. */
function plainSearch(names: string[], text: string, limit: number) {
  const typed = text.split(' ');
  const edits = (t: string, w: string) =>
    w.startsWith(t) ? 0 : editDistance(t, w) <= editBudget(t) ? editDistance(t, w) : -1;
  const keyed = names.flatMap((name, entry) => {
    const n = foldText(name);
    const words = n === '' ? [] : n.split(' ');
    let rule = -1;
    let cost = 0;
    if (n === text) rule = 0;
    else if (n.startsWith(text)) rule = 1;
    else if (assigned(typed, words, (t, w) => (w.startsWith(t) ? 0 : -1)) >= 0) rule = 2;
    else if (n.includes(text)) rule = 3;
    else if ((cost = assigned(typed, words, edits)) >= 0) rule = 4;
    return rule < 0 ? [] : [{ entry, key: [rule, cost, n.length, entry] }];
  });
  if (keyed.length === 0) {
    const squashed = text.replaceAll(' ', '');
    const budget = squashed.length <= 1 ? 0 : squashed.length < 8 ? 1 : 2;
    names.forEach((name, entry) => {
      const n = foldText(name);
      const d = editDistance(n.replaceAll(' ', ''), squashed);
      if (d <= budget) keyed.push({ entry, key: [4, d, n.length, entry] });
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
      const search = createSearch(buildSearchIndex({ collections: [{ names }] }));
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
          ][Math.floor(random() * 5)] as string,
        );
        if (text === '') continue;
        expect([text, search(text, 5)]).toEqual([text, plainSearch(names, text, 5)]);
      }
    }
  });
});
