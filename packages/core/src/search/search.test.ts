import { describe, expect, it } from 'vitest';
import { foldText } from '../text/fold-text.js';
import { perTest } from '../testing/per-test.js';
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
// Built in each test that searches (perTest): its memos then start empty, and mutation testing sees
// which test reaches the index's building.
const search = perTest(() =>
  createSearch(buildSearchIndex({ collections: [{ names: ITEMS }, { names: STATS }] })),
);
const nameOf = (entry: number) =>
  entry < ITEMS.length ? ITEMS[entry] : STATS[entry - ITEMS.length];
const find = (text: string, limit = 10, selected?: number[]) => {
  const { hits, total } = search()(foldText(text), limit, selected);
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
    expect(find('excalbur').hits).toEqual([['Excalibur', 'fuzzy']]);
  });

  it('finds a name whose spaces were dropped or moved, when nothing else matched', () => {
    for (const typo of [
      'Amber Amuletof the Fox',
      'AmberAmulet of the Fox',
      'Amber Amule tof the Fox',
    ])
      expect(find(typo)).toEqual({ hits: [['Amber Amulet of the Fox', 'fuzzy']], total: 1 });
    // With letters dropped or added too, as many as its words' typos may be: so longer or shorter.
    for (const typo of [
      'AmberAmulet of th Fox',
      'AmberAmulet of th Fo',
      'AmberAmulet of the Foxxx',
    ])
      expect(find(typo).hits).toEqual([['Amber Amulet of the Fox', 'fuzzy']]);
    expect(find('AmberAmulet of th F').hits).toEqual([]);
    // Names that are one once their spaces are set aside are each found.
    const spacedApart = createSearch(
      buildSearchIndex({ collections: [{ names: ['ab cdefgh', 'abcd efgh'] }] }),
    );
    expect(spacedApart('abcdefgz', 10)).toEqual({
      hits: [
        { entry: 0, match: 'fuzzy' },
        { entry: 1, match: 'fuzzy' },
      ],
      total: 2,
    });
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
    const { hits } = search()('amber totem', 10);
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

describe('initials, short searches and ties', () => {
  const searchOf = (names: string[], written?: (entry: number) => string | undefined) => {
    const found = createSearch(
      buildSearchIndex({
        collections: [{ names: names.map((name) => name.toLowerCase()) }],
        joining: new Set(['of', 'the']),
        ...(written ? { writtenName: written } : {}),
      }),
    );
    return (text: string, limit = 10) => {
      const { hits, total } = found(foldText(text), limit);
      return { hits: hits.map(({ entry, match }) => [names[entry], match]), total };
    };
  };

  it('finds a name by its initials, joining words kept or left out, after words and before contains', () => {
    const find = searchOf(['Amber Amulet of the Fox', 'Fire-Drake Scale', 'Aafter', 'Grand Aaf']);
    for (const initials of ['aaotf', 'aaof', 'aatf'])
      expect(find(initials).hits[0]).toEqual(['Amber Amulet of the Fox', 'initials']);
    expect(find('aaf').hits).toEqual([
      ['Aafter', 'prefix'],
      ['Grand Aaf', 'words'],
      ['Amber Amulet of the Fox', 'initials'],
    ]);
    // Hyphenated parts are words.
    expect(find('fds').hits).toEqual([['Fire-Drake Scale', 'initials']]);
    // Initials are the whole name's, typed as one word of 2 to 6 letters.
    expect(find('aa').hits).toEqual([
      ['Aafter', 'prefix'],
      ['Grand Aaf', 'words'],
    ]);
    expect(find('aa f').total).toBe(0);
  });

  it('takes CamelCase parts as words, from the name as written', () => {
    const names = ['FireDrake Scale', 'Plain Name'];
    const find = searchOf(names, (entry) => (entry === 0 ? names[0] : undefined));
    expect(find('fds').hits).toEqual([['FireDrake Scale', 'initials']]);
    expect(searchOf(names)('fds').total).toBe(0);
  });

  it('finds an abbreviation typed without its dots', () => {
    const find = searchOf(['M.A.D. Bomber', 'Madcap', 'M.A.D.']);
    expect(find('mad').hits[0]).toEqual(['M.A.D.', 'exact']);
    expect(find('M.A.D.').hits[0]).toEqual(['M.A.D.', 'exact']);
    expect(find('mad bomber').hits).toEqual([['M.A.D. Bomber', 'exact']]);
  });

  it('looks for no contains hit below three letters and no typo below four', () => {
    const find = searchOf(['Amber', 'Fox Fur', 'Ember', 'Box']);
    expect(find('be')).toEqual({ hits: [], total: 0 });
    expect(find('mbe').hits).toEqual([
      ['Amber', 'contains'],
      ['Ember', 'contains'],
    ]);
    expect(find('fxo')).toEqual({ hits: [], total: 0 });
    expect(find('fox').hits).toEqual([['Fox Fur', 'prefix']]);
    expect(find('ambr').hits).toEqual([['Amber', 'fuzzy']]);
    // A short word in a longer search keeps its typo.
    expect(find('fox fru').hits).toEqual([['Fox Fur', 'fuzzy']]);
  });

  it('prefers, within a rule, a name whose first word the search starts', () => {
    const find = searchOf(['Amber Blade', 'Blade of the Amber Hills']);
    expect(find('blade amber').hits).toEqual([
      ['Blade of the Amber Hills', 'words'],
      ['Amber Blade', 'words'],
    ]);
  });

  it('ranks a name that is another name plus a qualifier word after the names that are not, within a rule', () => {
    const find = searchOf([
      'Flame Blade',
      'Flame Blade Recipe',
      'Ice Ward',
      'Ice Ward Recipe',
      'Flame Recipe',
      'Flame of the North',
    ]);
    expect(find('flame').hits).toEqual([
      ['Flame Blade', 'prefix'],
      ['Flame of the North', 'prefix'],
      ['Flame Recipe', 'prefix'],
      ['Flame Blade Recipe', 'prefix'],
    ]);
    // Only within a rule: the exact name still comes first.
    expect(find('flame recipe').hits[0]).toEqual(['Flame Recipe', 'exact']);
    // A word that follows one name is no qualifier yet: shorter names first, as without the rule.
    expect(
      searchOf(['Flame Blade', 'Flame Blade Recipe', 'Flame Recipe', 'Flame of the North'])('flame')
        .hits,
    ).toEqual([
      ['Flame Blade', 'prefix'],
      ['Flame Recipe', 'prefix'],
      ['Flame Blade Recipe', 'prefix'],
      ['Flame of the North', 'prefix'],
    ]);
  });

  it('tells ガ from カ, and finds a name stored decomposed by one typed composed', () => {
    const find = searchOf(['ガード', 'カード', 'E\u0301pe\u0301e']);
    expect(find('ガード')).toEqual({ hits: [['ガード', 'exact']], total: 1 });
    expect(find('Épée').hits).toEqual([['E\u0301pe\u0301e', 'exact']]);
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
