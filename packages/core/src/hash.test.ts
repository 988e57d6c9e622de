import { describe, expect, it } from 'vitest';
import { hashBytes, hashText, hashUtf8AsText, smallHash } from './hash.js';

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

  // The reference: cyrb53 as published, its value written by `toString(36)`.
  function reference(text: string): string {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 2654435761);
      h2 = Math.imul(h2 ^ text.charCodeAt(i), 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
  }

  it('writes its value as toString(36) does, zero-padded', () => {
    const texts = Array.from({ length: 20_000 }, (_, i) => `${i}:${(i * 2654435761) % 977}`);
    const differing = texts.filter((text) => hashText(text) !== reference(text));
    expect(differing).toEqual([]);
    // Values with leading zero digits are among them.
    expect(texts.some((text) => hashText(text).startsWith('00'))).toBe(true);
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

describe('smallHash', () => {
  it('gives each text the same small non-negative integer, and distinct texts nearly always distinct ones', () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `search?q="amber ${i}"&limit=10`);
    const hashes = keys.map(smallHash);
    expect(hashes.every((hash) => Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30)).toBe(
      true,
    );
    expect(keys.map(smallHash)).toEqual(hashes);
    // 100,000 keys among 2^30 values: about 5 pairs collide by chance.
    expect(new Set(hashes).size).toBeGreaterThan(keys.length - 20);
    expect(smallHash('a')).not.toBe(smallHash('b'));
  });
});
