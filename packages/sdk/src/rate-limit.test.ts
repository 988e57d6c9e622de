import { describe, expect, it } from 'vitest';
import { parseFieldList } from './rate-limit-fields.js';
import { readRateLimit } from './rate-limit.js';

const TRIO = { 'ratelimit-limit': '60', 'ratelimit-remaining': '12', 'ratelimit-reset': '41' };

describe('readRateLimit', () => {
  it.each<[string, Record<string, string>, unknown]>([
    ['the trio alone', TRIO, { limit: 60, remaining: 12, reset: 41 }],
    [
      'the trio at zero left',
      { 'ratelimit-limit': '600', 'ratelimit-remaining': '0', 'ratelimit-reset': '1' },
      { limit: 600, remaining: 0, reset: 1 },
    ],
    ['nothing', {}, undefined],
    ['part of the trio', { 'ratelimit-remaining': '3' }, undefined],
    [
      'a trio that is not numbers',
      { 'ratelimit-limit': '', 'ratelimit-remaining': 'x', 'ratelimit-reset': '1' },
      undefined,
    ],
    [
      'what this API sends: both fields and the trio',
      { ...TRIO, 'ratelimit-policy': '"anonymous";q=60;w=60', ratelimit: '"anonymous";r=12;t=41' },
      { limit: 60, remaining: 12, reset: 41, policy: 'anonymous', window: 60 },
    ],
    [
      'the fields alone (a gateway that drops the trio)',
      { 'ratelimit-policy': '"community";q=600;w=60', ratelimit: '"community";r=599;t=3' },
      { limit: 600, remaining: 599, reset: 3, policy: 'community', window: 60 },
    ],
    [
      'several policies: the one with the fewest left binds',
      {
        'ratelimit-policy': '"burst";q=100;w=60, "daily";q=1000;w=86400',
        ratelimit: '"burst";r=50;t=30, "daily";r=7;t=5000',
      },
      { limit: 1000, remaining: 7, reset: 5000, policy: 'daily', window: 86400 },
    ],
    [
      'the fields over a stale trio, each field on its own line',
      { ...TRIO, 'ratelimit-policy': '"images";q=1200;w=60', ratelimit: '"images";r=1100;t=9' },
      { limit: 1200, remaining: 1100, reset: 9, policy: 'images', window: 60 },
    ],
    [
      'RateLimit without t: the trio alone',
      { ...TRIO, 'ratelimit-policy': '"anonymous";q=60;w=60', ratelimit: '"anonymous";r=11' },
      { limit: 60, remaining: 12, reset: 41 },
    ],
    [
      'a binding policy RateLimit-Policy does not list: the trio, not a mix',
      { ...TRIO, ratelimit: '"daily";r=1;t=5000' },
      { limit: 60, remaining: 12, reset: 41 },
    ],
    [
      'negative values are no values: the trio',
      { ...TRIO, 'ratelimit-policy': '"a";q=-1;w=0', ratelimit: '"a";r=-3;t=-9' },
      { limit: 60, remaining: 12, reset: 41 },
    ],
    [
      'a window of 0 is left out',
      { 'ratelimit-policy': '"a";q=5;w=0', ratelimit: '"a";r=4;t=9' },
      { limit: 5, remaining: 4, reset: 9, policy: 'a' },
    ],
    [
      'RateLimit without a policy or a trio: no limit to report',
      { ratelimit: '"x";r=1;t=2' },
      undefined,
    ],
    [
      'a malformed RateLimit is ignored for the trio',
      { ...TRIO, ratelimit: 'r=5;t=2,,' },
      { limit: 60, remaining: 12, reset: 41 },
    ],
    [
      'a RateLimit with no r is ignored for the trio',
      { ...TRIO, ratelimit: '"anonymous";t=2' },
      { limit: 60, remaining: 12, reset: 41 },
    ],
  ])('%s', (_name, headers, expected) => {
    expect(readRateLimit(new Headers(headers))).toEqual(expected);
  });
});

describe('parseFieldList', () => {
  it.each<[string, unknown]>([
    ['"default";r=50;t=30', [{ name: 'default', params: { r: 50, t: 30 } }]],
    [
      '"permin";q=50;w=60,"perhr";q=1000;w=3600',
      [
        { name: 'permin', params: { q: 50, w: 60 } },
        { name: 'perhr', params: { q: 1000, w: 3600 } },
      ],
    ],
    // Parameters of other types are read past and left out; a repeated one keeps its last value.
    [
      '"peruser";q=65535;qu="content-bytes";w=10;pk=:sdfjLJUOUH==:',
      [{ name: 'peruser', params: { q: 65535, w: 10 } }],
    ],
    ['"p";acme-flag;r=1;x=?1;d=1.5;tok=abc*;r=2', [{ name: 'p', params: { r: 2 } }]],
    ['"n";r=-1;t=5', [{ name: 'n', params: { t: 5 } }]],
    ['token-name;r=3', [{ name: 'token-name', params: { r: 3 } }]],
    ['"esc\\"aped";r=0', [{ name: 'esc"aped', params: { r: 0 } }]],
    [
      '  "a";r=1 ,  "b";r=2  ',
      [
        { name: 'a', params: { r: 1 } },
        { name: 'b', params: { r: 2 } },
      ],
    ],
    ['', undefined],
    ['"a";r=1,', undefined],
    ['"a";R=1', undefined],
    ['"unterminated;r=1', undefined],
    ['1;r=1', undefined],
  ])('%j', (value, expected) => {
    expect(parseFieldList(value)).toEqual(expected);
  });
});
