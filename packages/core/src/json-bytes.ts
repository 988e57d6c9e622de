/** Helpers that write JSON from pieces already serialised, without parsing them again. */

/**
 * `[`, the pieces separated by commas, `]`: a JSON array from its elements' JSON, without parsing them.
 *
 * @example new TextDecoder().decode(joinJsonArray([bytesOf('{"a":1}'), bytesOf('2')])) // '[{"a":1},2]'
 */
export function joinJsonArray(pieces: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(
    pieces.reduce((sum, piece) => sum + piece.length + 1, 1) + (pieces.length === 0 ? 1 : 0),
  );
  const [open, comma, close] = [0x5b, 0x2c, 0x5d];
  out[0] = open;
  let offset = 1;
  pieces.forEach((piece, i) => {
    if (i > 0) out[offset++] = comma;
    out.set(piece, offset);
    offset += piece.length;
  });
  out[offset] = close;
  return out;
}

/**
 * The parts one after another, in one new array.
 *
 * @example concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])]) // Uint8Array [1, 2, 3]
 */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
