import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, MALFORMED } from './cursor.js';
import { hashText } from './hash.js';

// The checksum is public and unkeyed, so anyone can send a cursor whose checksum holds around any
// text at all: past the checksum, the shape check alone stands between that text and a 500.
const checksummed = (json: string) =>
  `${btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.${hashText(json)}`;

/** What decoding `cursor` throws, as the fields a 400 is made of; undefined if it decodes. */
function refusal(cursor: string) {
  try {
    decodeCursor(cursor);
    return undefined;
  } catch (error) {
    const { code, status, message } = error as { code?: string; status?: number; message: string };
    return { code, status, message };
  }
}

const BAD_REQUEST = { code: 'bad_request', status: 400, message: MALFORMED };
const position = { version: '2026-11-20.1', filters: '0abc123def4', after: 'iron-helm' };

describe('a cursor whose checksum holds', () => {
  it('decodes when it is what encodeCursor makes, written out by hand', () => {
    const json = JSON.stringify([1, position.version, position.filters, position.after]);
    expect(checksummed(json)).toBe(encodeCursor(position));
    expect(decodeCursor(checksummed(json))).toEqual(position);
  });

  it.each([
    ['text that is not JSON', 'not json'],
    ['no text at all', ''],
    ['an object', '{"after":"iron-helm"}'],
    [
      'an object with four numbered fields and a length',
      '{"0":1,"1":"v","2":"f","3":"a","length":4}',
    ],
    ['a string of four characters', '"abcd"'],
    ['a number', '4'],
    ['null', 'null'],
    ['an empty array', '[]'],
    ['three fields', '[1,"v","f"]'],
    ['five fields', '[1,"v","f","a","b"]'],
    ['format 2', '[2,"v","f","a"]'],
    ['format 0', '[0,"v","f","a"]'],
    ['format -1', '[-1,"v","f","a"]'],
    ['a fractional format', '[1.5,"v","f","a"]'],
    ['a format too large for a double', '[1e400,"v","f","a"]'],
    ['the format as a string', '["1","v","f","a"]'],
    ['the format as true', '[true,"v","f","a"]'],
    ['no format', '[null,"v","f","a"]'],
    ['a version that is a number', '[1,2026,"f","a"]'],
    ['filters that are null', '[1,"v",null,"a"]'],
    ['an id that is a number', '[1,"v","f",7]'],
    ['an id that is an array', '[1,"v","f",["a"]]'],
    ['an id that is an object', '[1,"v","f",{"id":"a"}]'],
    ['only the id a string', '[1,0,false,"a"]'],
  ])('is refused with a 400 when it holds %s', (_name, json) => {
    expect(refusal(checksummed(json))).toEqual(BAD_REQUEST);
  });

  // Without a dot, or with a body of one character or none, a later check refuses the cursor too (the
  // checksum, base64 or JSON): these hold the refusal, whichever check gives it.
  const body = (json: string) => checksummed(json).split('.')[0] as string;
  const good = JSON.stringify([1, 'v', 'f', 'a']);

  it.each([
    ['with no dot', `${body(good)}${hashText(good)}`],
    ['with a dot before an empty body', `.${hashText('')}`],
    ['with a second dot after the checksum', `${checksummed(good)}.`],
    [
      'with a dot inside the body',
      `${body(good).slice(0, 4)}.${body(good).slice(4)}.${hashText(good)}`,
    ],
    ['with an empty checksum', `${body(good)}.`],
    ['whose body is one character', `A.${hashText('')}`],
    ['whose body is not base64', `${body(good)}!.${hashText(good)}`],
  ])('is refused with a 400 %s', (_name, cursor) => {
    expect(refusal(cursor)).toEqual(BAD_REQUEST);
  });

  // The longest cursor taken is 512 characters: a 375-character JSON text is 500 of base64, a dot and
  // an 11-character checksum. One more character of JSON makes 502 of base64 (501 is no base64 length).
  const sized = (after: string) => encodeCursor({ ...position, after });
  const base = JSON.stringify([1, position.version, position.filters, '']).length;

  it('is taken at 512 characters, the most a cursor may have', () => {
    const after = 'x'.repeat(375 - base);
    expect(sized(after)).toHaveLength(512);
    expect(decodeCursor(sized(after))).toEqual({ ...position, after });
  });

  it.each([
    ['514 characters', 376],
    ['about 13,000 characters', 10_000],
  ])('is refused with a 400 at %s', (_name, jsonLength) => {
    const cursor = sized('x'.repeat(jsonLength - base));
    expect(cursor.length).toBeGreaterThan(512);
    expect(refusal(cursor)).toEqual(BAD_REQUEST);
  });
});
