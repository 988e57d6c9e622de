import { describe, expect, it } from 'vitest';
import { concatBytes, joinJsonArray } from './json-bytes.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('joinJsonArray', () => {
  it.each<[string[], string]>([
    [[], '[]'],
    [['{"a":1}'], '[{"a":1}]'],
    [['{"a":"é"}', '2', '"x"'], '[{"a":"é"},2,"x"]'],
  ])('%j → %s', (pieces, expected) => {
    const joined = joinJsonArray(pieces.map(bytes));
    expect(text(joined)).toBe(expected);
    expect(joined.length).toBe(bytes(expected).length);
  });
});

describe('concatBytes', () => {
  it('puts the parts one after another', () => {
    expect([
      ...concatBytes([new Uint8Array([1]), new Uint8Array(0), new Uint8Array([2, 3])]),
    ]).toEqual([1, 2, 3]);
  });
});
