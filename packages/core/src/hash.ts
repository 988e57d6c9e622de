/**
 * cyrb53: a fast, well-distributed 53-bit non-cryptographic hash. Used for etags and cursor checksums,
 * where speed matters and an adversary gains nothing from a collision (the data is public). Never for
 * secrets: API keys are hashed with SHA-256 (keys/).
 */
function cyrb53(next: (i: number) => number, length: number, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < length; i++) {
    const ch = next(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const value = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return value.toString(36).padStart(11, '0');
}

/** Hash of a string's UTF-16 code units, as 11 base-36 characters. */
export function hashText(text: string): string {
  return cyrb53((i) => text.charCodeAt(i), text.length);
}

/** Hash of a byte array, as 11 base-36 characters. */
export function hashBytes(bytes: Uint8Array): string {
  return cyrb53((i) => bytes[i] as number, bytes.length);
}
