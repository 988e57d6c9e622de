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
