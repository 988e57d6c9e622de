/**
 * cyrb53: a fast, well-distributed 53-bit non-cryptographic hash. Used for etags and cursor checksums,
 * where speed matters and an adversary gains nothing from a collision (the data is public). Never for
 * secrets: API keys are hashed with SHA-256 (keys/).
 *
 * A loop of its own for text and for bytes: a body's etag hashes every byte of it, and reading
 * through a shared callback cost a tenth of a new page's time.
 */
const SEED_1 = 0xdeadbeef;
const SEED_2 = 0x41c6ce57;

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
/** 36 ** 6: the low six base-36 digits of a value, and its high five, each fit in a small integer. */
const LOW_DIGITS = 2176782336;

/** `value` (below 36 ** 6) as `count` base-36 digits, zero-padded. */
function base36(value: number, count: number): string {
  let digits = '';
  for (let i = 0; i < count; i++) {
    digits = DIGITS[value % 36]! + digits;
    value = Math.floor(value / 36);
  }
  return digits;
}

/**
 * The hash's last mixing of its two halves, as 11 base-36 characters: the 53-bit value's
 * `toString(36)`, zero-padded, written as two halves, five times faster than a double's `toString`.
 */
function finish(h1: number, h2: number): string {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  const high = Math.floor(value / LOW_DIGITS);
  return base36(high, 5) + base36(value - high * LOW_DIGITS, 6);
}

/** Hash of a string's UTF-16 code units, as 11 base-36 characters. */
export function hashText(text: string): string {
  let h1 = SEED_1;
  let h2 = SEED_2;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return finish(h1, h2);
}

/**
 * Hash of a string's UTF-16 code units as a 30-bit integer, which a Set holds without a heap object of
 * its own: for telling keys apart where a rare collision only costs a cache a misjudged entry.
 */
export function smallHash(text: string): number {
  let h = SEED_1;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 2654435761);
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  // 30 bits: a small integer (no heap object) whatever the engine's pointer size.
  return (h ^ (h >>> 16)) >>> 2;
}

/** Hash of a byte array, as 11 base-36 characters: that of the text with these code units. */
export function hashBytes(bytes: Uint8Array): string {
  let h1 = SEED_1;
  let h2 = SEED_2;
  for (let i = 0; i < bytes.length; i++) {
    const ch = bytes[i] as number;
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return finish(h1, h2);
}

/**
 * `hashText` of the text that `bytes`, well-formed UTF-8, encode, without making the text: each
 * character's UTF-16 code units (two for one past U+FFFF) read straight from its bytes.
 */
export function hashUtf8AsText(bytes: Uint8Array): string {
  let h1 = SEED_1;
  let h2 = SEED_2;
  for (let i = 0; i < bytes.length;) {
    let ch = bytes[i++] as number;
    if (ch >= 0xf0) {
      const point =
        (((ch & 0x07) << 18) |
          (((bytes[i] as number) & 0x3f) << 12) |
          (((bytes[i + 1] as number) & 0x3f) << 6) |
          ((bytes[i + 2] as number) & 0x3f)) -
        0x10000;
      i += 3;
      const high = 0xd800 + (point >> 10);
      h1 = Math.imul(h1 ^ high, 2654435761);
      h2 = Math.imul(h2 ^ high, 1597334677);
      ch = 0xdc00 + (point & 0x3ff);
    } else if (ch >= 0xe0) {
      ch =
        ((ch & 0x0f) << 12) |
        (((bytes[i] as number) & 0x3f) << 6) |
        ((bytes[i + 1] as number) & 0x3f);
      i += 2;
    } else if (ch >= 0x80) {
      ch = ((ch & 0x1f) << 6) | ((bytes[i] as number) & 0x3f);
      i += 1;
    }
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return finish(h1, h2);
}
