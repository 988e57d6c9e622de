import { describe, expect, it } from 'vitest';
import { codePointLength, cutCodePoints } from './code-points.js';

describe('codePointLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['𠀋', 1],
    ['a𠀋b😀', 4],
    // A lone surrogate is one code point (U+D800 alone), as `for … of` counts it.
    ['\ud800', 1],
    ['\udc00\ud800', 2],
  ])('%j has %d', (text, length) => {
    expect(codePointLength(text)).toBe(length);
    expect(codePointLength(text)).toBe([...text].length);
  });
});

describe('cutCodePoints', () => {
  it.each([
    ['abc', 2, 'ab'],
    ['abc', 5, 'abc'],
    ['a𠀋b', 2, 'a𠀋'],
    ['a𠀋b', 1, 'a'],
    ['😀😀😀', 2, '😀😀'],
    ['', 3, ''],
  ])('%j cut at %d is %j', (text, count, cut) => {
    expect(cutCodePoints(text, count)).toBe(cut);
    expect(cutCodePoints(text, count)).toBe([...text].slice(0, count).join(''));
  });
});
