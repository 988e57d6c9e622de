import { describe, expect, it } from 'vitest';
import { stripMarkup } from './strip-markup.js';

describe('stripMarkup', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Deals <color=#ffb400>fire</color> damage', 'Deals fire damage'],
    ['<b>Bold</b> and <i>italic</i>', 'Bold and italic'],
    ['<size=12>small</size> print', 'small print'],
    ['two  spaces, as written', 'two  spaces, as written'],
    ['<COLOR=red>Loud</COLOR>', 'Loud'],
    ['nested <color=#fff><b>tags</b></color>', 'nested tags'],
    ['a < b and <3', 'a < b and <3'],
    ['<unknown>kept</unknown>', '<unknown>kept</unknown>'],
    ['  first paragraph.\n\nSECOND HEADING: more\t ', 'first paragraph.\n\nSECOND HEADING: more'],
    ['windows\r\nlines\rand old Macs', 'windows\nlines\nand old Macs'],
    ['<b>tag</b> at a line end <i>\nnext', 'tag at a line end\nnext'],
    ['\n\n  indented\n  lines stay  \n\n', 'indented\n  lines stay'],
  ])('%j → %j', (input, expected) => {
    expect(stripMarkup(input)).toBe(expected);
  });
});
