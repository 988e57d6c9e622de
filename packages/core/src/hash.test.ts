import { describe, expect, it } from 'vitest';
import { hashBytes, hashText, hashUtf8AsText } from './hash.js';

describe('hashText / hashBytes', () => {
  it('is deterministic and fixed-width', () => {
    expect(hashText('abc')).toBe(hashText('abc'));
    expect(hashText('abc')).toMatch(/^[0-9a-z]{11}$/);
    expect(hashBytes(new Uint8Array([1, 2, 3]))).toMatch(/^[0-9a-z]{11}$/);
  });

  it.each([
    ['', 'a'],
    ['abc', 'abd'],
    ['abc', 'acb'],
    ['{"data":[1]}', '{"data":[2]}'],
  ])('distinguishes %j from %j', (a, b) => {
    expect(hashText(a)).not.toBe(hashText(b));
  });

  it('hashes ASCII text and its bytes alike', () => {
    expect(hashBytes(new TextEncoder().encode('sprite'))).toBe(hashText('sprite'));
  });

  // Etags and cursors carry these: a release served again must give the same ones.
  it('gives the values it always has', () => {
    const long = Array.from({ length: 5000 }, (_, i) =>
      String.fromCharCode(32 + ((i * 7) % 90)),
    ).join('');
    expect([
      hashText(''),
      hashText('{"data":[1]}'),
      hashText('Glutklinge – é ✓'),
      hashText(long),
      hashBytes(new Uint8Array([0, 1, 255, 128])),
      hashBytes(new TextEncoder().encode('Glutklinge – é ✓')),
      hashBytes(new TextEncoder().encode(long)),
    ]).toEqual([
      '0wvjl67o803',
      '233q9vmwv57',
      '1v5bq8ezunf',
      '0xzcuy8241u',
      '17koy0xedym',
      '1sbsfq6orcv',
      '0xzcuy8241u',
    ]);
  });

  it.each([
    '',
    'plain ASCII',
    'Glutklinge – é ✓',
    'astral 😀 and 𝄞, and a lone high end of the BMP \uffff',
    '{"data":[{"name":"Äöü ß ğ ı 中文 日本語 🗡️"}]}',
  ])('hashes UTF-8 as the text it encodes: %j', (text) => {
    expect(hashUtf8AsText(new TextEncoder().encode(text))).toBe(hashText(text));
  });
});
