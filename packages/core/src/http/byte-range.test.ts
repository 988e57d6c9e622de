import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.js';

const ETAG = '"abc"';

describe('byteRange', () => {
  it('reads one range of each form, the last byte included', () => {
    expect(byteRange('bytes=0-1023', 4096, undefined, ETAG)).toEqual({ start: 0, end: 1024 });
    expect(byteRange('bytes=4000-', 4096, undefined, ETAG)).toEqual({ start: 4000, end: 4096 });
    expect(byteRange('bytes=-96', 4096, undefined, ETAG)).toEqual({ start: 4000, end: 4096 });
    expect(byteRange('BYTES = 10 - 19', 4096, undefined, ETAG)).toEqual({ start: 10, end: 20 });
  });

  it('cuts a range at the end of the file, and a suffix longer than the file to the whole', () => {
    expect(byteRange('bytes=4000-9999', 4096, undefined, ETAG)).toEqual({ start: 4000, end: 4096 });
    expect(byteRange('bytes=-99999', 4096, undefined, ETAG)).toEqual({ start: 0, end: 4096 });
  });

  it('sends the whole file for no range, one it does not serve, or none within the file', () => {
    for (const range of [
      undefined,
      'bytes=0-9,20-29',
      'items=0-9',
      'bytes=9-0',
      'bytes=4096-',
      'bytes=-0',
      'bytes=-',
      'bytes=a-b',
      'bytes=99999999999999999999-',
    ])
      expect(byteRange(range, 4096, undefined, ETAG), String(range)).toBeUndefined();
  });

  it('serves the range only while If-Range is the strong etag of the file', () => {
    expect(byteRange('bytes=0-9', 4096, ETAG, ETAG)).toEqual({ start: 0, end: 10 });
    expect(byteRange('bytes=0-9', 4096, '"other"', ETAG)).toBeUndefined();
    expect(byteRange('bytes=0-9', 4096, 'Wed, 02 Dec 2026 08:00:00 GMT', ETAG)).toBeUndefined();
  });
});
