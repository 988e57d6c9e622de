import { describe, expect, it } from 'vitest';
import { createNameIndex } from './name-index.js';

const NAMES = ['iron helm', 'iron sword', 'sword of dawn', 'dawnbreaker', 'helm of the deep', 'ox', 'swordswords'];

/** What the index must agree with: reading every name. */
function scan(names: readonly string[], text: string): number[] {
  return names.flatMap((name, index) => (name.includes(text) ? [index] : []));
}

describe('createNameIndex', () => {
  const index = createNameIndex(NAMES);

  it.each([
    ['swo', [1, 2, 6]],
    ['sword', [1, 2, 6]],
    ['swords', [6]],
    ['dawn', [2, 3]],
    ['helm', [0, 4]],
    ['n h', [0]],
    ['of the', [4]],
    ['iron helm', [0]],
    ['xyz', []],
    ['helmet', []],
    ['sword of dawn!', []],
  ])('"%s" → %j', (text, expected) => {
    expect(index.containing(text)).toEqual(expected);
  });

  it.each([['o'], ['ox'], ['he'], [' '], ['q']])('"%s" is shorter than a fragment: every name is read', (text) => {
    expect(index.containing(text)).toEqual(scan(NAMES, text));
  });

  it('agrees with reading every name for every fragment of every name', () => {
    for (const name of NAMES) {
      for (let start = 0; start < name.length; start++) {
        for (let end = start + 1; end <= name.length; end++) {
          const text = name.slice(start, end);
          expect(index.containing(text), text).toEqual(scan(NAMES, text));
        }
      }
    }
  });

  it('lists a name once however often it holds the fragment', () => {
    expect(createNameIndex(['aaaaaa', 'baaa']).containing('aaa')).toEqual([0, 1]);
  });
});
