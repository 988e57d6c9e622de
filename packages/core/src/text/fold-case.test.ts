import { describe, expect, it } from 'vitest';
import { foldCase } from './fold-case.js';

describe('foldCase', () => {
  it.each([
    ['Iron Helm', 'iron helm'],
    ['ASHBRINGER', 'ashbringer'],
    // Canonically composed: a name stored decomposed is the composed one.
    ['E\u0301pe\u0301e', 'épée'],
    ['Épée', 'épée'],
    // Full case folding, not lower-casing alone.
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['STRASSE', 'strasse'],
    ['ﬁre', 'fire'],
    ['ΣΟΦΟΣ', 'σοφοσ'],
    ['σοφος', 'σοφοσ'],
    ['ſ', 's'],
    ['\u212a', 'k'],
    // Letters without case, and marks that are letters' own, stay.
    ['ガ', 'ガ'],
    ['カ\u3099', 'ガ'],
    ['हिन्दी', 'हिन्दी'],
  ])('%j → %j', (text, folded) => expect(foldCase(text)).toBe(folded));

  it('leaves ASCII as lower-casing does, character for character', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    expect(foldCase(ascii)).toBe(ascii.toLowerCase());
  });
});
