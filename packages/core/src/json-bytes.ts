/** Helpers that write JSON from pieces already serialised, without parsing them again. */

const EMPTY = new Uint8Array(0);
const encoder = new TextEncoder();
const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = [0x7b, 0x7d, 0x5b, 0x5d];

/**
 * `[`, the pieces separated by commas, `]`: a JSON array from its elements' JSON, without parsing them;
 * with `before` and `after` around it, in the same one array. A piece is JSON bytes, or the members
 * `pickMembers` kept of some, written as an object.
 *
 * @example new TextDecoder().decode(joinJsonArray([bytesOf('{"a":1}'), bytesOf('2')])) // '[{"a":1},2]'
 */
export function joinJsonArray(
  pieces: ReadonlyArray<Uint8Array | PickedMembers>,
  before: Uint8Array = EMPTY,
  after: Uint8Array = EMPTY,
): Uint8Array<ArrayBuffer> {
  let length = before.length + after.length + 2 + Math.max(0, pieces.length - 1);
  for (const piece of pieces) length += piece.length;
  const out = new Uint8Array(length);
  out.set(before, 0);
  let offset = before.length;
  out[offset++] = OPEN_ARRAY;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) out[offset++] = COMMA;
    const piece = pieces[i] as Uint8Array | PickedMembers;
    if (piece instanceof Uint8Array) out.set(piece, offset);
    else writeMembers(out, offset, piece);
    offset += piece.length;
  }
  out[offset++] = CLOSE_ARRAY;
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

/** Where the string that opens at `start` (its quote) ends: just past its closing quote. */
function stringEnd(json: Uint8Array, start: number): number {
  let at = start + 1;
  // Within the record's bytes: one cut inside a string ends the scan, not a read past them.
  while (at < json.length && json[at] !== QUOTE) at += json[at] === BACKSLASH ? 2 : 1;
  if (at >= json.length) throw new Error('pickMembers: the JSON ends inside a string');
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

/** Whether the member name at `start`..`end` (quotes included) is, byte for byte, one of `names`. */
function named(
  json: Uint8Array,
  start: number,
  end: number,
  names: readonly Uint8Array[],
): boolean {
  next: for (const name of names) {
    if (name.length !== end - start) continue;
    for (let i = 1; i < name.length - 1; i++) if (name[i] !== json[start + i]) continue next;
    return true;
  }
  return false;
}

/** The members of a JSON object that `pickMembers` keeps: where each starts and ends in `json`. */
export interface PickedMembers {
  readonly json: Uint8Array;
  /** Each kept member's start and end, one after the other. */
  readonly ranges: readonly number[];
  /** The length of the object they make: `{`, the members separated by commas, `}`. */
  readonly length: number;
}

/** Bytes copied one by one up to this many; a longer run is copied at once through a view of it. */
const SHORT_COPY = 48;

/** The object `picked` makes, written into `out` at `offset`. */
function writeMembers(out: Uint8Array, offset: number, { json, ranges }: PickedMembers): void {
  out[offset++] = OPEN_OBJECT;
  for (let k = 0; k < ranges.length; k += 2) {
    if (k > 0) out[offset++] = COMMA;
    const from = ranges[k] as number;
    const to = ranges[k + 1] as number;
    if (to - from > SHORT_COPY) out.set(json.subarray(from, to), offset);
    else for (let at = from; at < to; at++) out[offset + at - from] = json[at] as number;
    offset += to - from;
  }
  out[offset] = CLOSE_OBJECT;
}

/**
 * Where the members of records' JSON objects start, by record, each record's found the first time
 * it is asked for and kept: a record read again is not scanned again. A record with more members
 * than `most`, or too long for 16-bit offsets, is scanned each time.
 */
export class MemberStarts {
  private readonly starts: Uint16Array;
  /** How many members each record has, plus one: 0 while not yet found. */
  private readonly counts: Uint8Array;

  constructor(
    size: number,
    private readonly most: number,
  ) {
    this.starts = new Uint16Array(size * most);
    this.counts = new Uint8Array(size);
  }

  /** The bytes it holds, found or not: all of them are allocated at once. */
  get byteLength(): number {
    return this.starts.byteLength + this.counts.byteLength;
  }

  /**
   * Record `position`'s members' starts, `json` being its JSON, written into `into` from 0; how
   * many there are.
   */
  read(position: number, json: Uint8Array, into: number[]): number {
    const known = this.counts[position] as number;
    const base = position * this.most;
    if (known > 0) {
      for (let j = 0; j < known - 1; j++) into[j] = this.starts[base + j] as number;
      return known - 1;
    }
    let count = 0;
    for (let at = 1; json[at] === QUOTE; count++) {
      into[count] = at;
      const nameEnd = stringEnd(json, at);
      if (json[nameEnd] !== COLON) throw new Error('pickMembers: not compact JSON');
      const end = valueEnd(json, nameEnd + 1);
      at = json[end] === COMMA ? end + 1 : end;
    }
    if (count <= this.most && json.length <= 0xffff && count < 0xff) {
      for (let j = 0; j < count; j++) this.starts[base + j] = into[j] as number;
      this.counts[position] = count + 1;
    }
    return count;
  }
}

/**
 * Trims records' JSON objects (compact, as `JSON.stringify` writes them) to the members `keep`
 * names, in their own order: `joinJsonArray` writes them byte for byte as `JSON.stringify` writes
 * each object so trimmed, without parsing it. A name is compared as `JSON.stringify` writes it,
 * escapes and all, so no name is decoded; a member ends where the next starts (`starts`), and the
 * members are copied only into the page: a new array for each record cost more than finding them.
 *
 * @example new TextDecoder().decode(joinJsonArray([pickMembers(['a', 'c'], new MemberStarts(1, 8))(0, bytesOf('{"a":1,"b":[2],"c":"}"}'))])) // '[{"a":1,"c":"}"}]'
 */
export function pickMembers(
  keep: Iterable<string>,
  starts: MemberStarts,
): (position: number, json: Uint8Array) => PickedMembers {
  const names = [...keep].map((name) => encoder.encode(JSON.stringify(name)));
  const members: number[] = [];
  return (position, json) => {
    const count = starts.read(position, json, members);
    const ranges: number[] = [];
    let length = 1;
    for (let j = 0; j < count; j++) {
      const at = members[j] as number;
      if (!named(json, at, stringEnd(json, at), names)) continue;
      // The comma before the next member, or the object's closing brace.
      const end = j + 1 < count ? (members[j + 1] as number) - 1 : json.length - 1;
      ranges.push(at, end);
      length += end - at + 1;
    }
    return { json, ranges, length: Math.max(2, length) };
  };
}
