import { describe, expect, it } from 'vitest';
import { makeWeakEtag, makeWeakTextEtag, matchesIfNoneMatch } from './etag.js';

describe('makeWeakEtag', () => {
  it('is weak, embeds the dataset version and follows the body', () => {
    const etag = makeWeakEtag('2026-11-20.1', '{"data":[]}');
    expect(etag).toMatch(/^W\/"2026-11-20\.1-[0-9a-z]{11}"$/);
    expect(makeWeakEtag('2026-11-20.1', '{"data":[]}')).toBe(etag);
    expect(makeWeakEtag('2026-11-20.2', '{"data":[]}')).not.toBe(etag);
    expect(makeWeakEtag('2026-11-20.1', '{"data":[1]}')).not.toBe(etag);
  });

  it("of a text's UTF-8 is that of the text, which past ASCII is not that of its bytes", () => {
    const text = '{"data":[{"name":"Glutklinge – ✓ 😀"}]}';
    const utf8 = new TextEncoder().encode(text);
    expect(makeWeakTextEtag('2026-11-20.1', utf8)).toBe(makeWeakEtag('2026-11-20.1', text));
    expect(makeWeakTextEtag('2026-11-20.1', utf8)).not.toBe(makeWeakEtag('2026-11-20.1', utf8));
  });
});

describe('matchesIfNoneMatch', () => {
  it.each<[string | null | undefined, string, boolean]>([
    [null, 'W/"a"', false],
    [undefined, 'W/"a"', false],
    ['', 'W/"a"', false],
    ['W/"a"', 'W/"a"', true],
    ['"a"', 'W/"a"', true],
    ['W/"a"', '"a"', true],
    ['"b"', '"a"', false],
    ['"b", W/"a"', 'W/"a"', true],
    ['"b",W/"a" ', 'W/"a"', true],
    ['*', '"a"', true],
    ['"a', '"a"', false],
    [' , ', '"a"', false],
  ])('%j against %j → %s', (header, etag, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});
