import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateWithin } from './inflate-within.js';

describe('inflateWithin', () => {
  const fiveBytes = deflateSync(Buffer.from([1, 2, 3, 4, 5]));

  it('inflates a stream of up to maxLength bytes', () => {
    expect([...inflateWithin(fiveBytes, 5)]).toEqual([1, 2, 3, 4, 5]);
    expect([...inflateWithin(fiveBytes, 6)]).toEqual([1, 2, 3, 4, 5]);
  });

  it.each<[string, Uint8Array, number, string]>([
    ['a byte more than allowed', fiveBytes, 4, 'it inflates to more than 4 bytes'],
    [
      'a megabyte of zeros from a kilobyte',
      deflateSync(Buffer.alloc(1 << 20)),
      100,
      'it inflates to more than 100 bytes',
    ],
    [
      'a stream cut short',
      fiveBytes.subarray(0, fiveBytes.length - 3),
      5,
      'unexpected end of file',
    ],
    ['not zlib at all', Buffer.from('hello'), 5, 'incorrect header check'],
  ])('throws on %s', (_name, data, maxLength, message) => {
    expect(() => inflateWithin(data, maxLength)).toThrow(message);
  });
});
