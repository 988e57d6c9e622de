import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { createLanguageChooser } from './negotiate-language.js';

const choose = createLanguageChooser(['en', 'de', 'fr', 'pt-BR']);

describe('createLanguageChooser', () => {
  it.each([
    ['de', 'de'],
    ['DE', 'de'],
    ['pt-br', 'pt-BR'],
  ])('lang=%s is %s, not negotiated', (lang, tag) => {
    expect(choose(lang, 'fr')).toEqual({ tag, negotiated: false });
  });

  it.each(['de-CH', 'pt', 'xx', 'not_a_tag', '*', 'de;q=1'])('lang=%s is a 400', (lang) => {
    expect(() => choose(lang, undefined)).toThrow(ApiError);
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['pt', 'pt-BR'],
    ['de;q=0.5, fr;q=0.7', 'fr'],
    ['en;q=0, de;q=0', 'en'],
    ['*;q=0.1, de;q=0.05', 'en'],
    ['x'.repeat(300), 'en'],
  ])('Accept-Language %j is %s, negotiated', (header, tag) => {
    expect(choose(undefined, header)).toEqual({ tag, negotiated: true });
  });

  it('negotiates nothing for a dataset in one language, and takes only that language as lang', () => {
    const single = createLanguageChooser(['en']);
    expect(single(undefined, 'de')).toEqual({ tag: 'en', negotiated: false });
    expect(single('en', undefined)).toEqual({ tag: 'en', negotiated: false });
    expect(() => single('de', undefined)).toThrow(
      'lang "de" is not available; this dataset is in en (default)',
    );
  });

  it('answers a header seen before as the first time, past the bound of those kept', () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100; i++)
        expect(choose(undefined, `${i % 2 === 0 ? 'de' : 'fr'},${' '.repeat(i)}en;q=0.1`).tag).toBe(
          i % 2 === 0 ? 'de' : 'fr',
        );
    }
  });
});
