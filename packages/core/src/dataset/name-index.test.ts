import { describe, expect, it } from 'vitest';
import { createNameIndex } from './name-index.js';

const NAMES = [
  'iron helm',
  'iron sword',
  'sword of dawn',
  'dawnbreaker',
  'helm of the deep',
  'ox',
  'swordswords',
];

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
    expect(Array.from(index.containing(text))).toEqual(expected);
  });

  it.each([['o'], ['ox'], ['he'], [' '], ['q']])(
    '"%s" is shorter than a fragment: every name is read',
    (text) => {
      expect(Array.from(index.containing(text))).toEqual(scan(NAMES, text));
    },
  );

  it('agrees with reading every name for every fragment of every name', () => {
    for (const name of NAMES) {
      for (let start = 0; start < name.length; start++) {
        for (let end = start + 1; end <= name.length; end++) {
          const text = name.slice(start, end);
          expect(Array.from(index.containing(text)), text).toEqual(scan(NAMES, text));
        }
      }
    }
  });

  it('lists a name once however often it holds the fragment', () => {
    expect(Array.from(createNameIndex(['aaaaaa', 'baaa']).containing('aaa'))).toEqual([0, 1]);
  });

  it('agrees with reading every name over thousands of names that share their words', () => {
    const words = ['iron', 'blade', 'of', 'the', 'dawn', 'ember', 'helm', 'ring', 'oak', 'aegis'];
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    const names = Array.from({ length: 3000 }, () =>
      Array.from({ length: 2 + next(3) }, () => words[next(words.length)]).join(' '),
    );
    const many = createNameIndex(names);
    for (let trial = 0; trial < 300; trial++) {
      const name = names[next(names.length)] as string;
      const start = next(name.length);
      const text = name.slice(start, start + 1 + next(9));
      expect(Array.from(many.containing(text)), text).toEqual(scan(names, text));
    }
  });
});
