import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/seeded.js';
import { editDistance } from '../testing/edit-distance.js';
import { nearWords } from './near-words.js';
import { equalRange, prefixRange, sharedStarts, walkedWords, wordsWithin } from './word-walk.js';

describe('wordsWithin', () => {
  it('finds a dropped, an added, a changed and a swapped letter as one edit', () => {
    const words = ['amber', 'amulet', 'amulets', 'amylet', 'maulet', 'mulet', 'axe'].sort();
    const found = wordsWithin(walkedWords(words), 'amulet', 1);
    expect(Object.fromEntries([...found].map(([index, edits]) => [words[index], edits]))).toEqual({
      amulet: 0,
      amulets: 1,
      amylet: 1,
      maulet: 1,
      mulet: 1,
    });
  });

  it('gives what the plain distance gives, over random vocabularies and budgets', () => {
    const random = seeded(7);
    // Few letters make near words common; many make the words' letters tell them apart.
    for (const [letters, longest] of [
      ['abcde', 7],
      ['abcdefghijkl', 10],
    ] as const) {
      const word = (length: number) =>
        Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
      for (let round = 0; round < 200; round++) {
        const words = [
          ...new Set(Array.from({ length: 60 }, () => word(1 + Math.floor(random() * longest)))),
        ].sort();
        const typed = word(1 + Math.floor(random() * longest));
        const budget = Math.floor(random() * 3);
        const expected = new Map(
          words.flatMap((candidate, index) => {
            const edits = editDistance(candidate, typed);
            return edits <= budget ? [[index, edits] as const] : [];
          }),
        );
        expect(wordsWithin(walkedWords(words), typed, budget)).toEqual(expected);
      }
    }
  });

  it('finds words longer than the rows it starts with room for (31 letters)', () => {
    const long = 'donaudampfschifffahrtsgesellschaftskapitaen';
    const words = [
      long,
      `${long}s`,
      long.slice(1),
      long.replace('schiff', 'schif'),
      ...[30, 31, 32, 33, 34].map((length) => long.slice(0, length)),
    ].sort();
    for (const typed of [long, long.slice(0, 32), `${long.slice(0, 20)}x${long.slice(21)}`]) {
      const expected = new Map(
        words.flatMap((candidate, index) => {
          const edits = editDistance(candidate, typed);
          return edits <= 2 ? [[index, edits] as const] : [];
        }),
      );
      expect(expected.size).toBeGreaterThan(1);
      expect(wordsWithin(walkedWords(words), typed, 2)).toEqual(expected);
    }
  });
});

describe('sharedStarts', () => {
  it('is how many code units each text shares at its start with the one before it', () => {
    expect([...sharedStarts(['amber', 'amulet', 'axe', 'axes', 'b'])]).toEqual([0, 2, 1, 3, 0]);
  });
});

describe('prefixRange', () => {
  it('is the range of the texts starting with the prefix', () => {
    const sorted = ['am', 'amber', 'amulet', 'an', 'axe'];
    expect(prefixRange(sorted, 'am')).toEqual([0, 3]);
    expect(prefixRange(sorted, 'amu')).toEqual([2, 3]);
    expect(prefixRange(sorted, 'b')).toEqual([5, 5]);
    expect(prefixRange(sorted, '')).toEqual([0, 5]);
  });

  it('holds every text that starts with the prefix, whatever letters follow it', () => {
    const sorted = ['ab', 'ab\u00e9', 'ab\u4e00', 'ab\uffff', 'ab\uffffz', 'ac', '\u00e9'].sort();
    for (const prefix of ['', 'a', 'ab', 'ab\uffff', 'ac', 'b', '\u00e9'])
      expect(sorted.slice(...prefixRange(sorted, prefix))).toEqual(
        sorted.filter((text) => text.startsWith(prefix)),
      );
  });
});

describe('nearWords', () => {
  it('gives what the walk gives, within one edit and two', () => {
    const random = seeded(11);
    const letters = 'abcd';
    const word = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const words = [
        ...new Set(Array.from({ length: 80 }, () => word(1 + Math.floor(random() * 6)))),
      ].sort();
      const walked = walkedWords(words);
      const near = nearWords(words, walked.shared);
      for (let typed = 0; typed < 10; typed++) {
        const text = word(1 + Math.floor(random() * 6));
        for (const budget of [1, 2])
          expect(near(text, budget)).toEqual(wordsWithin(walked, text, budget));
      }
    }
  });

  it('counts its one-letter drops once, when first asked within one edit', () => {
    const words = ['ab', 'b'];
    const counted: number[] = [];
    const near = nearWords(words, walkedWords(words).shared, (bytes) => counted.push(bytes));
    expect(counted).toEqual([8]); // the letter sets, four bytes a word
    near('ab', 2);
    expect(counted).toEqual([8]);
    expect(near('ab', 1)).toEqual(
      new Map([
        [0, 0],
        [1, 1],
      ]),
    );
    // 'ab', 'a', 'b' and '' (16 bytes and two a letter: 72), in four lists of five indexes in all
    // (64 a list and 8 an index: 296).
    expect(counted).toEqual([8, 368]);
    near('b', 1);
    expect(counted).toEqual([8, 368]);
  });
});

describe('equalRange', () => {
  const sorted = ['a', 'ab', 'ab', 'ab\u0000', 'abc', 'b'];
  it.each<[string, [number, number]]>([
    ['ab', [1, 3]],
    ['a', [0, 1]],
    ['abc', [4, 5]],
    ['b', [5, 6]],
    ['aa', [1, 1]],
    ['c', [6, 6]],
  ])('%j is at %j', (text, range) => expect(equalRange(sorted, text)).toEqual(range));
});
