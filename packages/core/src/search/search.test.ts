import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.js';
import { createSearch } from './search.js';
import { buildSearchIndex, checkEntryCount, MAX_SEARCH_ENTRIES } from './search-index.js';

// Two collections, ids ascending in each: an entry is its collection's start plus its position.
const ITEMS = [
  'Amber Amulet',
  'Amber Amulet of the Fox',
  'Amber Amulet of the Bear',
  'Fox Fur Cap',
  'Excalibur',
  'Amber Totem',
  'Amber Totem',
  'Gilded Amberwood Staff',
  'Fox Amulet',
];
const STATS = ['Critical Chance', 'Amber Resistance', 'Æther Ward'];
const search = createSearch(
  buildSearchIndex({ collections: [{ names: ITEMS }, { names: STATS }] }),
);
const nameOf = (entry: number) =>
  entry < ITEMS.length ? ITEMS[entry] : STATS[entry - ITEMS.length];
const find = (text: string, limit = 10, selected?: number[]) => {
  const { hits, total } = search(foldText(text), limit, selected);
  return { hits: hits.map(({ entry, match }) => [nameOf(entry), match]), total };
};

describe('search', () => {
  it('finds the whole name first, whatever its case', () => {
    expect(find('AMBER AMULET OF THE FOX').hits[0]).toEqual(['Amber Amulet of the Fox', 'exact']);
  });

  it('ranks names that start with the text before others, shorter first', () => {
    expect(find('AMBER AM').hits).toEqual([
      ['Amber Amulet', 'prefix'],
      ['Amber Amulet of the Fox', 'prefix'],
      ['Amber Amulet of the Bear', 'prefix'],
    ]);
  });

  it('finds names whose words start with the typed words, in any order', () => {
    expect(find('amulet fox').hits).toEqual([
      ['Fox Amulet', 'words'],
      ['Amber Amulet of the Fox', 'words'],
    ]);
    expect(find('fox fox').total).toBe(0);
  });

  it('ranks the start of a name, then of a word, then the text anywhere, then typos', () => {
    expect(find('amber').hits.map(([, match]) => match)).toEqual([
      ...Array(6).fill('prefix'),
      'words',
    ]);
    expect(find('amber').hits.at(-1)).toEqual(['Gilded Amberwood Staff', 'words']);
    expect(find('berwood').hits).toEqual([['Gilded Amberwood Staff', 'contains']]);
    // `totem` is a word; `totum` one edit from it; `amber totum` starts and then misspells.
    expect(find('amber totum').hits).toEqual([
      ['Amber Totem', 'fuzzy'],
      ['Amber Totem', 'fuzzy'],
    ]);
    expect(find('amulet').hits.map(([, match]) => match)).toEqual([
      'words',
      'words',
      'words',
      'words',
    ]);
  });

  it('finds a name with a letter dropped, added, changed or two swapped', () => {
    for (const typo of ['excalibr', 'excaliburr', 'excalibor', 'excailbur'])
      expect(find(typo).hits).toEqual([['Excalibur', 'fuzzy']]);
    expect(find('amulte of teh fox').hits[0]).toEqual(['Amber Amulet of the Fox', 'fuzzy']);
  });

  it('finds a name whose spaces were dropped or moved, when nothing else matched', () => {
    for (const typo of [
      'Amber Amuletof the Fox',
      'AmberAmulet of the Fox',
      'Amber Amule tof the Fox',
    ])
      expect(find(typo)).toEqual({ hits: [['Amber Amulet of the Fox', 'fuzzy']], total: 1 });
    // `fox fur` matches by its words: names only a space apart are not looked for.
    expect(find('fox fur').hits).toEqual([['Fox Fur Cap', 'prefix']]);
  });

  it('ranks fewer edits first among typos', () => {
    // `amulte` is one edit from `amulet`; `fux` one from `fox` and `fur`.
    expect(find('amulte fux').hits.map(([name]) => name)).toEqual([
      'Fox Amulet',
      'Amber Amulet of the Fox',
    ]);
  });

  it('counts the edits of the words each typed word takes, when two could take the same', () => {
    // `fox` and `foxe` both start `foxe`: in the first name, `fox` must take `fax`, an edit away.
    const names = ['foxe fax of doom', 'fox foxa'];
    const found = createSearch(buildSearchIndex({ collections: [{ names }] }))('fox foxe', 10);
    expect(found.hits).toEqual([
      { entry: 1, match: 'fuzzy' },
      { entry: 0, match: 'fuzzy' },
    ]);
  });

  it('keeps records that share a name apart, by id', () => {
    const { hits } = search('amber totem', 10);
    expect(hits).toEqual([
      { entry: 5, match: 'exact' },
      { entry: 6, match: 'exact' },
    ]);
  });

  it('reads only the collections selected, and counts only theirs', () => {
    expect(find('amber', 10, [1])).toEqual({
      hits: [['Amber Resistance', 'prefix']],
      total: 1,
    });
    expect(find('amber').total).toBe(7);
  });

  it('is blind to accents and punctuation', () => {
    expect(find('aether ward').hits).toEqual([['Æther Ward', 'exact']]);
    expect(find('critical-chance!').hits).toEqual([['Critical Chance', 'exact']]);
  });

  it('counts every match, past the hits it lists', () => {
    const { hits, total } = find('am', 2);
    expect(hits).toHaveLength(2);
    expect(total).toBe(find('am', 50).hits.length);
  });

  it('finds nothing for nothing', () => {
    expect(find('')).toEqual({ hits: [], total: 0 });
    expect(find('zzzz')).toEqual({ hits: [], total: 0 });
  });
});

describe('the entries one search numbers', () => {
  it("are at most what a hit's key holds: more is refused, naming the count", () => {
    expect(() => checkEntryCount(MAX_SEARCH_ENTRIES)).not.toThrow();
    expect(() => checkEntryCount(MAX_SEARCH_ENTRIES + 1)).toThrow(
      `search numbers at most ${MAX_SEARCH_ENTRIES} records and stats, not ${MAX_SEARCH_ENTRIES + 1}`,
    );
  });
});
