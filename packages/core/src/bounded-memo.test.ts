import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('boundedMemo', () => {
  it('works out each text once while it is kept, undefined answers included', () => {
    const asked: string[] = [];
    const memo = boundedMemo((text) => {
      asked.push(text);
      return text === 'none' ? undefined : text.length;
    });
    expect(['ab', 'none', 'ab', 'none', 'abc'].map(memo)).toEqual([2, undefined, 2, undefined, 3]);
    expect(asked).toEqual(['ab', 'none', 'abc']);
  });

  it('drops every text at once past its entries, and never keeps one past its length', () => {
    const asked: string[] = [];
    const memo = boundedMemo(
      (text) => {
        asked.push(text);
        return text.toUpperCase();
      },
      { entries: 2, length: 3 },
    );
    expect(['a', 'b', 'a', 'c', 'a', 'long', 'long'].map(memo)).toEqual([
      'A',
      'B',
      'A',
      'C',
      'A',
      'LONG',
      'LONG',
    ]);
    // `c` found the memo full: `a` and `b` were dropped, so `a` was worked out again.
    expect(asked).toEqual(['a', 'b', 'c', 'a', 'long', 'long']);
  });
});
