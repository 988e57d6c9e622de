import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { TIERS } from '../ratelimit/tiers.js';
import { createApp } from './app.js';

const DEPRECATED_SINCE = `@${Date.UTC(2026, 10, 25) / 1000}`;

describe('answers to a request with ?key=', () => {
  type Fetch = (request: Request, env: { clientIp: string }) => Response | Promise<Response>;
  const get = async (app: { fetch: Fetch }, path: string, headers: Record<string, string> = {}) =>
    app.fetch(new Request(`http://api.test${path}`, { headers }), { clientIp: '203.0.113.30' });

  it('carry Deprecation and the Link to the policy on a 429 too, as on every answer', async () => {
    const app = createApp({ dataset: fixtureDataset() });
    let answer: Response | undefined;
    for (let i = 0; i <= TIERS.anonymous.limit; i++)
      answer = await get(app, '/v1/stats?key=gd_unknown');
    expect(answer?.status).toBe(429);
    expect(answer?.headers.get('deprecation')).toBe(DEPRECATED_SINCE);
    expect(answer?.headers.get('link')).toBe(
      '</docs#deprecations>; rel="deprecation"; type="text/html"',
    );
  });

  it('link to the policy where the app is mounted', async () => {
    const parent = new Hono().route('/gamedata', createApp({ dataset: fixtureDataset() }));
    const answer = await get(parent, '/gamedata/v1/meta?key=gd_unknown');
    expect(answer.headers.get('link')).toBe(
      '</gamedata/docs#deprecations>; rel="deprecation"; type="text/html"',
    );
  });

  it('do not leave the notice on a later request without it', async () => {
    const app = createApp({ dataset: fixtureDataset() });
    await get(app, '/v1/meta?key=gd_unknown');
    const bearer = await get(app, '/v1/meta', { authorization: 'Bearer gd_unknown' });
    expect([bearer.headers.get('deprecation'), bearer.headers.get('link')]).toEqual([null, null]);
  });
});
