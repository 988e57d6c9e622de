/** Helpers that write JSON from pieces already serialised, without parsing them again. */

const EMPTY = new Uint8Array(0);

/**
 * `[`, the pieces separated by commas, `]`: a JSON array from its elements' JSON, without parsing them;
 * with `before` and `after` around it, in the same one array.
 *
 * @example new TextDecoder().decode(joinJsonArray([bytesOf('{"a":1}'), bytesOf('2')])) // '[{"a":1},2]'
 */
export function joinJsonArray(
  pieces: readonly Uint8Array[],
  before: Uint8Array = EMPTY,
  after: Uint8Array = EMPTY,
): Uint8Array<ArrayBuffer> {
  let length = before.length + after.length + 2 + Math.max(0, pieces.length - 1);
  for (const piece of pieces) length += piece.length;
  const out = new Uint8Array(length);
  const [open, comma, close] = [0x5b, 0x2c, 0x5d];
  out.set(before, 0);
  let offset = before.length;
  out[offset++] = open;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) out[offset++] = comma;
    const piece = pieces[i] as Uint8Array;
    out.set(piece, offset);
    offset += piece.length;
  }
  out[offset++] = close;
  out.set(after, offset);
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

const decoder = new TextDecoder();
const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = [0x7b, 0x7d, 0x5b, 0x5d];

/** Where the string that opens at `start` (its quote) ends: just past its closing quote. */
function stringEnd(json: Uint8Array, start: number): number {
  let at = start + 1;
  while (json[at] !== QUOTE) at += json[at] === BACKSLASH ? 2 : 1;
  return at + 1;
}

/** Where the value that starts at `start`, a member's, ends: at the comma or brace after it. */
function valueEnd(json: Uint8Array, start: number): number {
  let depth = 0;
  for (let at = start; at < json.length;) {
    const byte = json[at] as number;
    if (byte === QUOTE) {
      at = stringEnd(json, at);
      continue;
    }
    if (depth === 0 && (byte === COMMA || byte === CLOSE_OBJECT)) return at;
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth--;
    at++;
  }
  throw new Error('pickMembers: the JSON ends inside a value');
}

/** The member name whose string opens at `start` and ends just before `end`. */
function memberName(json: Uint8Array, start: number, end: number): string {
  let name = '';
  for (let at = start + 1; at < end - 1; at++) {
    const byte = json[at] as number;
    // Escapes and text past ASCII are read as JSON reads them.
    if (byte === BACKSLASH || byte >= 0x80)
      return JSON.parse(decoder.decode(json.subarray(start, end))) as string;
    name += String.fromCharCode(byte);
  }
  return name;
}

/**
 * The JSON object `json` (compact, as `JSON.stringify` writes it) with only the members `keep` names,
 * in its own order: byte for byte what `JSON.stringify` writes of the object so trimmed, without
 * parsing it.
 *
 * @example new TextDecoder().decode(pickMembers(bytesOf('{"a":1,"b":[2],"c":"}"}'), new Set(['a', 'c']))) // '{"a":1,"c":"}"}'
 */
export function pickMembers(json: Uint8Array, keep: ReadonlySet<string>): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  let at = 1;
  while (json[at] === QUOTE) {
    const nameEnd = stringEnd(json, at);
    if (json[nameEnd] !== COLON) throw new Error('pickMembers: not compact JSON');
    const end = valueEnd(json, nameEnd + 1);
    if (keep.has(memberName(json, at, nameEnd))) kept.push(json.subarray(at, end));
    at = json[end] === COMMA ? end + 1 : end;
  }
  const joined = joinJsonArray(kept);
  joined[0] = OPEN_OBJECT;
  joined[joined.length - 1] = CLOSE_OBJECT;
  return joined;
}
