import { describe, expect, it } from 'vitest';
import { foldText } from './fold-text.js';

describe('foldText', () => {
  it.each([
    ['  Ysolde’s  Æther-Blade ', 'ysoldes aether blade'],
    ['Amber Amulet', 'amber amulet'],
    // An abbreviation's dots; a dot after a word or between words is a space.
    ['M.A.D.', 'mad'],
    ['M.A.D', 'mad'],
    ['A.I. Core', 'ai core'],
    ['St. Ysolde', 'st ysolde'],
    ['Mk.II', 'mk ii'],
    ['1.5 Blade', '1 5 blade'],
    // Accents leave Latin, Greek and Cyrillic letters, however the name is stored.
    ['Épée', 'epee'],
    ['E\u0301pe\u0301e', 'epee'],
    ['Ἀθηνᾶ', 'αθηνα'],
    ['Йод', 'иод'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['ﬁre Ａｘｅ', 'fire axe'],
    // Other scripts' marks are their letters': a kana's voiced mark, an Indic vowel sign.
    ['ガ', 'ガ'],
    ['カ\u3099', 'ガ'],
    ['カ', 'カ'],
    ['हिन्दी नाम', 'हिन्दी नाम'],
    ['한국어', '한국어'],
  ])('%j → %j', (text, folded) => expect(foldText(text)).toBe(folded));

  it('tells ガ from カ, and composed from decomposed not at all', () => {
    expect(foldText('ガ')).not.toBe(foldText('カ'));
    expect(foldText('ガード')).toBe(foldText('ガード'.normalize('NFD')));
  });
});
