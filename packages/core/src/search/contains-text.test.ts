import { describe, expect, it } from 'vitest';
import { seeded } from '../testing/seeded.js';
import { createNameIndex } from '../dataset/name-index.js';
import { allBits, emptyBits, hasBit, positionsOf, countBoth } from '../bitset.js';
import { namesContaining } from './contains-text.js';
import { nameSets } from './name-sets.js';
import { buildSearchIndex } from './search-index.js';
import { wordsInUse } from './typed-sets.js';

describe('namesContaining', () => {
  const random = seeded(3);
  const vocabulary = ['amber', 'amulet', 'of', 'the', 'fox', 'bear', 'ember', 'ambergris', 'hefty'];
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)] as string;
  // More names than are read one by one (512), so both ways of finding several words are taken.
  const names = Array.from({ length: 6000 }, () =>
    Array.from({ length: 1 + Math.floor(random() * 5) }, pick).join(' '),
  );
  const index = buildSearchIndex({ collections: [{ names }] });
  const sets = nameSets(index);
  const words = createNameIndex(index.words);
  const found = (text: string, later?: Uint32Array, already?: Uint32Array) => {
    const into = emptyBits(index.names.length);
    namesContaining(
      index,
      sets,
      words,
      text,
      into,
      later && {
        later,
        laterInUse: wordsInUse(later),
        found: already,
        ending: emptyBits(index.names.length),
      },
    );
    return [...positionsOf(into, countBoth(into, into))];
  };
  const plain = (text: string) =>
    index.names.flatMap((name, position) => (name.includes(text) ? [position] : []));

  it('finds the names containing one word, or part of one', () => {
    for (const text of ['amber', 'mbe', 'e', 'gris', 'ox', 'zzz'])
      expect(found(text)).toEqual(plain(text));
  });

  it('finds the names containing several words, reading few candidates or narrowing many', () => {
    // First words of fewer than three letters, and of three or more that end a word or two.
    for (const text of [
      ...['of the', 'er of', 'et of the f', 'x amber', 'fox fox'],
      ...['the bear', 'mber of', 'ulet of the', 'efty bear', 'gris amber a', 'mulet fox'],
    ]) {
      const later = emptyBits(index.names.length);
      const [, ...after] = text.split(' ');
      // The names with a word starting with each word after the first, as search makes them.
      later.set(allBits(index.names.length));
      for (const word of after) {
        const own = emptyBits(index.names.length);
        index.words.forEach((w, position) => {
          if (w.startsWith(word)) sets.add(position, own);
        });
        for (let i = 0; i < later.length; i++) later[i] = (later[i] as number) & (own[i] as number);
      }
      expect(found(text, later)).toEqual(plain(text));
      expect(found(text, allBits(index.names.length))).toEqual(plain(text));
      // Names the search has found already may be left out, but no other.
      const already = emptyBits(index.names.length);
      for (const name of plain(text)) if (random() < 0.5) already[name >>> 5]! |= 1 << (name & 31);
      const rest = found(text, later, already);
      expect(rest.filter((name) => !hasBit(already, name))).toEqual(
        plain(text).filter((name) => !hasBit(already, name)),
      );
      expect(plain(text)).toEqual(expect.arrayContaining(rest));
    }
  });
});
