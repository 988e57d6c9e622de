import { describe, expect, it } from 'vitest';
import { flatInfoLine } from './flat-line.js';
import { createJsonLogger } from './logger.js';

const TIME = ',"time":"2026-11-22T19:30:00.005Z"';

/** What pino, configured as the adapters' logger, writes for `info(entry)`. */
function pinoLine(entry: Record<string, unknown>): string {
  let written = '';
  createJsonLogger({ write: (line: string) => void (written += line) }, () => TIME).info(entry);
  return written;
}

/** Strings that need escaping, or look as if they might. */
const STRINGS = [
  '',
  'plain',
  'say "hi"',
  'back\\slash',
  'tab\there',
  'new\nline',
  '\u0000\u001f\u007f',
  'é ü ß',
  '日本語',
  '😀 pair',
  '\u2028\u2029',
  '/v1/items?q=a%20b&limit=5',
  'x'.repeat(150),
  `${'"'.repeat(60)}\\`,
];
const NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.1,
  1e21,
  1e-7,
  123456789.123,
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

describe('flatInfoLine', () => {
  it.each<[string, Record<string, unknown>]>([
    [
      'an access-log entry',
      {
        msg: 'request',
        requestId: 'a0c1',
        method: 'GET',
        path: '/v1/items?limit=50',
        status: 200,
        durationMs: 0.42,
        tier: 'anonymous',
        client: '10.0.0.1',
      },
    ],
    ['no fields', {}],
    ['only undefined fields', { a: undefined }],
    ['every string', Object.fromEntries(STRINGS.map((value, i) => [`s${i}`, value]))],
    ['every number', Object.fromEntries(NUMBERS.map((value, i) => [`n${i}`, value]))],
    ['booleans, null, undefined', { t: true, f: false, n: null, u: undefined, after: 1 }],
    [
      'keys that need escaping, and integer-like keys (which both put first)',
      { 'say "k"': 1, 'k\\': 2, 'k\n': 3, '2': 'two', '1': 'one', é: 4 },
    ],
    ['level and time again', { level: 'custom', time: 'then', msg: 'x' }],
    ['err as a string', { err: 'not an error', msg: 'x' }],
    [
      'an object with no prototype',
      Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 }),
    ],
  ])('%s: the line pino writes', (_name, entry) => {
    const line = flatInfoLine(entry, TIME);
    if (Object.getPrototypeOf(entry) === null) expect(line).toBeUndefined();
    else expect(line).toBe(pinoLine(entry));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a nested object', { a: { b: 1 } }],
    ['an array', { a: [1] }],
    ['an error', { err: new Error('x') }],
    ['a bigint', { a: 10n }],
    ['a function', { a: () => 1 }],
    ['a symbol', { a: Symbol('s') }],
    ['a date', { at: new Date(0) }],
    ['a lone surrogate', { a: 'x\ud800y' }],
    ['a lone surrogate in a key', { 'k\udc00': 1 }],
    ['a backslash before "ud", as an escaped surrogate would read', { a: '\\ud800' }],
    ['toJSON', { toJSON: () => ({}) }],
    [
      'a class instance',
      new (class Entry {
        a = 1;
      })() as unknown as Record<string, unknown>,
    ],
  ])('%s: left to pino', (_name, entry) => {
    expect(flatInfoLine(entry, TIME)).toBeUndefined();
  });

  it('random flat entries: the line pino writes', () => {
    let seed = 3;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    // Now and then a surrogate, paired or not: those entries are left to pino.
    const character = () =>
      String.fromCharCode(
        random(4) === 0 ? random(0x80) : random(4) === 0 ? random(0xe000) : 32 + random(95),
      );
    const text = () => Array.from({ length: random(120) }, character).join('');
    const value = () =>
      [
        text,
        () => NUMBERS[random(NUMBERS.length)],
        () => random(2) === 0,
        () => null,
        () => undefined,
        () => random(1e6) / 100,
      ][random(6)]!();
    let made = 0;
    for (let i = 0; i < 2000; i++) {
      const entry = Object.fromEntries(Array.from({ length: random(10) }, () => [text(), value()]));
      const line = flatInfoLine(entry, TIME);
      if (line === undefined) continue;
      made++;
      expect(line).toBe(pinoLine(entry));
    }
    expect(made).toBeGreaterThan(1000);
  });
});
