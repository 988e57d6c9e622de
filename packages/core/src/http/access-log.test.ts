import { describe, expect, it } from 'vitest';
import { generateApiKey } from '../keys/key-format.js';
import { redactKeyLike } from '../keys/redact.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { perTest } from '../testing/per-test.js';
import type { AccessLogEntry } from './access-log.js';
import { createApp, type AppLogEntry } from './app.js';

/**
 * A credential in each place clients put one, with a value that is not shaped like one of our keys
 * (a password, another service's token, a key cut to a few characters). The adapters' loggers redact
 * only what is shaped like our keys from finished lines (`redactKeyLike`), so only the access-log
 * entry, by the name of the parameter, keeps these out of the log.
 */
const NAMED: ReadonlyArray<[string, string, string]> = [
  ['?key=', '/v1/items?key=', 'hunter2'],
  ['?KEY=', '/v1/items?KEY=', 'Hunter2Upper'],
  ['?Key= after another parameter', '/v1/items?limit=2&Key=', 'mixedCase42'],
  ['?api_key=', '/v1/items?api_key=', 'another-service-token-1'],
  ['?apiKey=', '/v1/items?apiKey=', 'camelCaseSecret6'],
  ['?key[]=', '/v1/items?key[]=', 'arrayOfOne9'],
  ['?key%5B%5D=', '/v1/items?key%5B%5D=', 'encodedArray7'],
  ['?%6Bey=', '/v1/items?%6Bey=', 'encodedName3'],
  ['?access_token=', '/v1/items?access_token=', 'bearer.token.value4'],
  ['?key= a cut key, too short to look like one', '/v1/items?key=', 'gd_4mXk'],
  [';key= in the path', '/v1/items;key=', 'pathParam5'],
  ['; between parameters', '/v1/items?limit=1;key=', 'semicolon8'],
];

describe('the access-log entry', () => {
  const logged: AppLogEntry[] = [];
  const app = perTest(() =>
    createApp({ dataset: fixtureDataset(), log: (entry) => logged.push(entry) }),
  );
  const get = async (target: string) => {
    logged.length = 0;
    await app().fetch(new Request(`http://api.test${target}`), { clientIp: '203.0.113.9' });
    expect(logged).toEqual([expect.objectContaining({ msg: 'request' })]);
    return logged[0] as AccessLogEntry;
  };

  it.each(NAMED)(
    '%s: the value is redacted from the logged path by its name',
    async (_name, before, secret) => {
      expect(redactKeyLike(secret), 'not shaped like our keys: no later layer would catch it').toBe(
        secret,
      );
      const entry = await get(`${before}${secret}${before.includes('?') ? '' : '?limit=1'}`);
      expect(entry.path).toContain('[redacted]');
      expect(JSON.stringify(entry)).not.toContain(secret);
    },
  );

  it.each([
    ['inside q', (key: string) => `/v1/items?q=sword%20${key}`],
    ['in the path', (key: string) => `/v1/items/${key}`],
  ])('one of our keys %s: redacted from the logged path by its shape', async (_name, target) => {
    const key = generateApiKey();
    const entry = await get(target(key));
    expect(entry.path).toContain('[redacted]');
    expect(JSON.stringify(entry)).not.toContain(key.slice(3, 15));
  });
});
