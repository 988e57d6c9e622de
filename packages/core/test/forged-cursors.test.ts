// Cursors whose checksum holds, sent through the app: the checksum is public, so anyone can send one
// around any text or naming any id, and the answer must be the contract's 400, never a 500.
import { describe, expect, it } from 'vitest';
import { encodeCursor, MALFORMED } from '../src/cursor.js';
import { hashText } from '../src/hash.js';
import { createApp } from '../src/http/app.js';
import { filtersFingerprint, parseListQuery } from '../src/query/list-query.js';
import { fixtureDataset } from '../src/testing/fixture-dataset.js';
import { FIXTURE_STAMP } from '../src/testing/fixture-source.js';
import { perTest } from '../src/testing/per-test.js';

const dataset = perTest(fixtureDataset);
const app = perTest(() => createApp({ dataset: dataset() }));
const checksummed = (json: string) =>
  `${btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.${hashText(json)}`;

let client = 0;
async function get(path: string) {
  const response = await app().fetch(new Request(`http://api.test${path}`), {
    clientIp: `198.51.100.${++client}`,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const REFUSED = { status: 400, body: { error: { code: 'bad_request', message: MALFORMED } } };

describe('a list page with a forged cursor', () => {
  it.each([
    ['text that is not JSON', 'not json'],
    [
      'an object with four numbered fields and a length',
      '{"0":1,"1":"v","2":"f","3":"a","length":4}',
    ],
    ['five fields', '[1,"v","f","a","b"]'],
    ['the format as a string', '["1","v","f","a"]'],
    ['an id that is a number', `[1,"${FIXTURE_STAMP.version}","f",7]`],
  ])('is a 400 when the cursor holds %s', async (_name, json) => {
    expect(await get(`/v1/items?cursor=${checksummed(json)}`)).toEqual(REFUSED);
  });

  it('is a 400 when a sorted query’s cursor names an id the list lacks', async () => {
    const { canonical } = parseListQuery('items', new URLSearchParams('sort=name'), dataset());
    const cursor = (after: string) =>
      encodeCursor({
        version: dataset().meta.version,
        filters: filtersFingerprint(canonical),
        after,
      });
    expect(await get(`/v1/items?sort=name&cursor=${cursor('no-such-item')}`)).toEqual(REFUSED);
    expect((await get(`/v1/items?sort=name&cursor=${cursor('ashbringer')}`)).status).toBe(200);
  });
});
