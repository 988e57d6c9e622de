import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';

describe('crc32', () => {
  it.each([
    ['', 0],
    ['a', 0xe8b7be43],
    ['123456789', 0xcbf43926],
    // A PNG's IEND chunk: the CRC-32 of its type, which every PNG ends with.
    ['IEND', 0xae426082],
  ])('%j → %d', (text, expected) => expect(crc32(new TextEncoder().encode(text))).toBe(expected));
});

describe('crc32 over parts', () => {
  it("continues from a part's CRC-32 to the CRC-32 of the parts together", () => {
    const [head, tail] = [new TextEncoder().encode('12345'), new TextEncoder().encode('6789')];
    expect(crc32(tail, crc32(head))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0), crc32(head))).toBe(crc32(head));
  });
});

describe('crc32 four bytes a step', () => {
  it('gives what the byte-at-a-time definition gives, at every length and offset', () => {
    const table = Array.from({ length: 256 }, (_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c >>> 0;
    });
    const plain = (bytes: Uint8Array) => {
      let c = 0xffffffff;
      for (const byte of bytes) c = (table[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    };
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + 7) & 0xff);
    for (let start = 0; start < 5; start++)
      for (let length = 0; length < 40; length++) {
        const part = bytes.subarray(start, start + length);
        expect(crc32(part), `${start}+${length}`).toBe(plain(part));
      }
    expect(crc32(bytes)).toBe(plain(bytes));
  });
});
