import { describe, expect, it } from 'vitest';
import { stripMarkup } from './strip-markup.js';

describe('stripMarkup', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Deals <color=#ffb400>fire</color> damage', 'Deals fire damage'],
    ['<b>Bold</b> and <i>italic</i>', 'Bold and italic'],
    ['<size=12>small</size>  print', 'small print'],
    ['<COLOR=red>Loud</COLOR>', 'Loud'],
    ['nested <color=#fff><b>tags</b></color>', 'nested tags'],
    ['a < b and <3', 'a < b and <3'],
    ['<unknown>kept</unknown>', '<unknown>kept</unknown>'],
    ['  line\n\nbreaks\t ', 'line breaks'],
  ])('%j → %j', (input, expected) => {
    expect(stripMarkup(input)).toBe(expected);
  });
});
