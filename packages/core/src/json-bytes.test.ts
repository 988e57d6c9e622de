import { describe, expect, it } from 'vitest';
import { concatBytes, joinJsonArray, MemberStarts, pickMembers } from './json-bytes.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe('joinJsonArray', () => {
  it.each<[string[], string]>([
    [[], '[]'],
    [['{"a":1}'], '[{"a":1}]'],
    [['{"a":"é"}', '2', '"x"'], '[{"a":"é"},2,"x"]'],
  ])('%j → %s', (pieces, expected) => {
    const joined = joinJsonArray(pieces.map(bytes));
    expect(text(joined)).toBe(expected);
    expect(joined.length).toBe(bytes(expected).length);
  });
});

it('joins the array between what comes before and after it, in one array', () => {
  const joined = joinJsonArray([bytes('1'), bytes('"é"')], bytes('{"data":'), bytes(',"n":2}'));
  expect(text(joined)).toBe('{"data":[1,"é"],"n":2}');
  expect(JSON.parse(text(joinJsonArray([], bytes('{"a":'), bytes('}'))))).toEqual({ a: [] });
});

describe('concatBytes', () => {
  it('puts the parts one after another', () => {
    expect([
      ...concatBytes([new Uint8Array([1]), new Uint8Array(0), new Uint8Array([2, 3])]),
    ]).toEqual([1, 2, 3]);
  });
});

describe('pickMembers', () => {
  /** What JSON.stringify writes of `value` with only the members `keep` names, in its own order. */
  const trimmed = (value: Record<string, unknown>, keep: readonly string[]) =>
    JSON.stringify(
      Object.fromEntries(Object.entries(value).filter(([name]) => keep.includes(name))),
    );

  const awkward: Record<string, unknown> = {
    id: 'a',
    text: 'braces } ] { [, commas, "quotes" and \\ backslashes \\" and é',
    nested: { a: [1, { b: '}' }], c: {} },
    empty: [],
    '\u00e9t\u00e9': 'a name past ASCII',
    'quote"d': null,
    number: -1.5e-7,
    flag: false,
    last: [[], [{}]],
  };

  it.each([
    [[]],
    [['id']],
    [['text', 'flag']],
    [['nested', 'last']],
    [['\u00e9t\u00e9', 'quote"d', 'number']],
    [Object.keys(awkward)],
  ])('keeps %j, byte for byte as JSON.stringify writes them', (keep) => {
    const picked = pickMembers(keep, new MemberStarts(1, 16))(0, bytes(JSON.stringify(awkward)));
    expect(text(joinJsonArray([picked]))).toBe(`[${trimmed(awkward, keep)}]`);
    expect(picked.length).toBe(bytes(trimmed(awkward, keep)).length);
  });

  it('reads a record again from where its members start, as kept, or scanned again', () => {
    const keep = ['text', 'last'];
    const pick = pickMembers(keep, new MemberStarts(3, 10));
    // More members than kept for a record, and too long for 16-bit offsets: scanned each time.
    const wide = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i}`, i]));
    const long = { text: 'x'.repeat(70_000), last: 1 };
    const records = [awkward, { ...wide, last: [] }, long];
    for (const round of [1, 2])
      expect(
        text(joinJsonArray(records.map((record, p) => pick(p, bytes(JSON.stringify(record)))))),
        `round ${round}`,
      ).toBe(`[${records.map((record) => trimmed(record, keep)).join(',')}]`);
  });

  it('keeps where the members of a record start, and scans again one it could not keep', () => {
    const starts = new MemberStarts(2, 3);
    const into: number[] = [];
    expect(starts.read(0, bytes('{"a":1,"bb":[2]}'), into)).toBe(2);
    expect(into.slice(0, 2)).toEqual([1, 7]);
    // Asked again, the record is not read: what was kept is given.
    expect(starts.read(0, bytes('{}'), into)).toBe(2);
    expect(into.slice(0, 2)).toEqual([1, 7]);
    // More members than it keeps a record: read every time.
    expect(starts.read(1, bytes('{"a":1,"b":2,"c":3,"d":4}'), into)).toBe(4);
    expect(starts.read(1, bytes('{"a":1}'), into)).toBe(1);
  });

  it.each(['{"id":"a', '{"id":"a\\', '{"id":"a","b":[1,', '{"id":'])(
    'refuses %j, which ends inside a member, without reading past its bytes',
    (json) => {
      const pick = pickMembers(['id'], new MemberStarts(1, 4));
      // Bytes after the record's own: a scan past its end would find this closing quote.
      const record = bytes(`${json}"}`).subarray(0, bytes(json).length);
      expect(() => pick(0, record)).toThrow(/pickMembers: the JSON ends inside/);
    },
  );

  it('reads an empty object', () => {
    const pick = pickMembers(['a'], new MemberStarts(2, 16));
    expect(text(joinJsonArray([pick(0, bytes('{}')), pick(1, bytes('{"b":1}')), bytes('2')]))).toBe(
      '[{},{},2]',
    );
  });
});
