import { describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { demo, TEST_KEY, testKeyStore } from '@gamedata/test-support/demo';
import { sendInProcess } from '@gamedata/test-support/send';

describe('rate limits', async () => {
  const keyStore = await testKeyStore();
  const T0 = Date.UTC(2026, 10, 22, 12, 0, 10); // 10 s into a window
  const clock = { now: T0 };
  const fresh = () => createApp({ dataset: demo, keyStore, now: () => clock.now });

  it('anonymous: 60 per window per client IP, then 429 with retry-after and no-store', async () => {
    clock.now = T0;
    const send = sendInProcess(fresh(), '192.0.2.1');
    for (let i = 1; i <= 60; i++) {
      const reply = await send({ path: '/v1/meta' });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('ratelimit-remaining')).toBe(String(60 - i));
      expect(reply.headers.get('ratelimit-reset')).toBe('50');
    }
    const limited = await send({ path: '/v1/meta', headers: { 'if-none-match': '*' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('counts each client IP separately, and a new window starts afresh', async () => {
    clock.now = T0;
    const app = fresh();
    for (let i = 0; i < 61; i++) await sendInProcess(app, '192.0.2.2')({ path: '/v1/meta' });
    expect((await sendInProcess(app, '192.0.2.2')({ path: '/v1/meta' })).status).toBe(429);
    expect((await sendInProcess(app, '192.0.2.3')({ path: '/v1/meta' })).status).toBe(200);
    clock.now = T0 + 50_000;
    const next = await sendInProcess(app, '192.0.2.2')({ path: '/v1/meta' });
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('59');
  });

  it('a valid key gets the community tier (600), keyed on the key, not the address', async () => {
    clock.now = T0;
    const app = fresh();
    const auth = { authorization: `Bearer ${TEST_KEY}` };
    for (let i = 0; i < 600; i++) {
      const reply = await sendInProcess(
        app,
        `192.0.2.${i % 200}`,
      )({ path: '/v1/meta', headers: auth });
      expect(reply.status).toBe(200);
    }
    const limited = await sendInProcess(app, '192.0.2.250')({ path: '/v1/meta', headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-limit')).toBe('600');
    // The same address without the key still has its own anonymous allowance.
    expect((await sendInProcess(app, '192.0.2.250')({ path: '/v1/meta' })).status).toBe(200);
  });

  it('images have their own tier of 1200 per client IP', async () => {
    clock.now = T0;
    const app = fresh();
    const send = sendInProcess(app, '192.0.2.9');
    const icon = demo.lists.items.records.find((i) => i.icon)?.icon;
    for (let i = 0; i < 1200; i++)
      expect((await send({ path: `/v1/img/${icon}.png` })).status).toBe(200);
    const limited = await send({ path: `/v1/img/${icon}.png` });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-limit')).toBe('1200');
    // JSON requests from the same address are untouched by the image count.
    expect((await send({ path: '/v1/meta' })).headers.get('ratelimit-remaining')).toBe('59');
  });

  it('preflight is not counted', async () => {
    clock.now = T0;
    const send = sendInProcess(fresh(), '192.0.2.10');
    for (let i = 0; i < 100; i++)
      expect((await send({ method: 'OPTIONS', path: '/v1/items' })).status).toBe(204);
    expect((await send({ path: '/v1/meta' })).headers.get('ratelimit-remaining')).toBe('59');
  });

  it('preflight is answered even past the limit, so the browser can read the 429 that follows', async () => {
    clock.now = T0;
    const send = sendInProcess(fresh(), '192.0.2.12');
    for (let i = 0; i < 61; i++) await send({ path: '/v1/meta' });
    const preflight = await send({ method: 'OPTIONS', path: '/v1/meta' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe(
      'Authorization, If-None-Match',
    );
    expect(preflight.headers.get('ratelimit-remaining')).toBe('0');
    expect((await send({ path: '/v1/meta' })).status).toBe(429);
  });

  it('a failing store never turns into a 5xx: the request is counted in memory instead', async () => {
    clock.now = T0;
    const logged: string[] = [];
    const app = createApp({
      dataset: demo,
      now: () => clock.now,
      rateLimitStore: { consume: () => Promise.reject(new Error('store down')) },
      log: (entry) => logged.push(entry.msg),
    });
    const reply = await sendInProcess(app, '192.0.2.11')({ path: '/v1/meta' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('ratelimit-remaining')).toBe('59');
    expect(logged).toContain('rate-limit store');
  });
});
