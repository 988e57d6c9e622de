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
