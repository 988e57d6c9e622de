import { createKeyStore, generateApiKey } from '@gamedata/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, type ClientWarning } from '../src/index.js';
import { demo, inProcessFetch, TEST_KEY, TEST_KEY_RECORD } from './support/fixtures.js';

// A key the server does not know is served as anonymous, never refused (the contract): the answer's
// ratelimit-policy names the anonymous tier. The client notices that on a keyed request and warns once.
const BASE = 'http://api.test';
const fetch = inProcessFetch({
  dataset: demo,
  keyStore: createKeyStore([TEST_KEY_RECORD]),
  rateLimitStore: { consume: async () => 1 },
});
const MISTYPED = generateApiKey();

afterEach(() => vi.restoreAllMocks());

describe('a key the server treats as anonymous', () => {
  it('is reported once to onWarning, without the key', async () => {
    const warnings: ClientWarning[] = [];
    const gd = createClient({
      baseUrl: BASE,
      apiKey: MISTYPED,
      fetch,
      onWarning: (warning) => warnings.push(warning),
    });
    await gd.meta();
    await gd.items.list({ limit: 1 });
    expect(gd.rateLimit?.policy).toBe('anonymous');
    expect(warnings).toEqual([
      { code: 'key_not_recognised', message: expect.stringContaining('apiKey') },
    ]);
    expect(JSON.stringify(warnings)).not.toContain(MISTYPED.slice(-8));
  });

  it('is one console warning by default, without the key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gd = createClient({ baseUrl: BASE, apiKey: MISTYPED, fetch });
    await gd.meta();
    await gd.meta();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^@gamedata\/sdk: .*anonymous/);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain(MISTYPED.slice(-8));
  });

  it('is not reported for a key the server knows, nor without a key', async () => {
    const onWarning = vi.fn();
    const keyed = createClient({ baseUrl: BASE, apiKey: TEST_KEY, fetch, onWarning });
    await keyed.meta();
    expect(keyed.rateLimit?.policy).toBe('community');
    await createClient({ baseUrl: BASE, fetch, onWarning }).meta();
    expect(onWarning).not.toHaveBeenCalled();
  });
});

describe('one warning hook', () => {
  it('onWarning gets each deprecation notice once, with the notice', async () => {
    const onWarning = vi.fn();
    // `?key=` is deprecated: every answer to a request with it carries the notice.
    const withKeyInUrl = (request: Request) =>
      fetch(new Request(`${request.url}?key=${TEST_KEY}`, request));
    const gd = createClient({ baseUrl: BASE, fetch: withKeyInUrl, onWarning });
    await gd.meta();
    await gd.meta();
    expect(onWarning.mock.calls).toEqual([
      [
        {
          code: 'deprecated',
          message: expect.stringContaining('deprecated on 2026-11-25'),
          notice: expect.objectContaining({ deprecatedAt: new Date(Date.UTC(2026, 10, 25)) }),
        },
      ],
    ]);
  });

  it('onDeprecation, when given, still takes the deprecation notices', async () => {
    const onWarning = vi.fn();
    const onDeprecation = vi.fn();
    const withKeyInUrl = (request: Request) =>
      fetch(new Request(`${request.url}?key=${TEST_KEY}`, request));
    await createClient({ baseUrl: BASE, fetch: withKeyInUrl, onWarning, onDeprecation }).meta();
    expect(onDeprecation).toHaveBeenCalledTimes(1);
    expect(onWarning).not.toHaveBeenCalled();
  });
});
