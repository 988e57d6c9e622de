import { describe, expect, it } from 'vitest';
import { knownVersions } from '../dataset/release-history.js';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { TIERS } from '../ratelimit/tiers.js';
import type { RateLimitStore } from '../ratelimit/store.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { fixtureSource, toSource } from '../testing/fixture-source.js';
import { createApp, type AppDeps } from './app.js';

const STARTED = Date.UTC(2026, 10, 25, 9, 30);

type StatusBody = {
  data: {
    version: string;
    published: string;
    sinceVersions: number;
    rateLimits: string;
    started: string;
  };
};

/** An app whose clock reads `STARTED` until the test moves it. */
function appAt(deps: Partial<AppDeps> = {}) {
  const clock = { now: STARTED };
  const app = createApp({ dataset: fixtureDataset(), now: () => clock.now, ...deps });
  const status = async (headers: Record<string, string> = {}) =>
    app.fetch(new Request('http://api.test/v1/status', { headers }), { clientIp: '203.0.113.40' });
  return { app, clock, status };
}

/** A shared store that answers until told to fail, as Redis does until it goes away. */
function switchableStore() {
  const state = { up: true, count: 0 };
  const store: RateLimitStore = {
    consume: () =>
      state.up ? Promise.resolve(++state.count) : Promise.reject(new Error('connection closed')),
  };
  return { state, store };
}

describe('/v1/status', () => {
  it('names the version served, its publication, the versions since accepts and the start from the injected clock', async () => {
    const { clock, status } = appAt();
    clock.now += 60_000;
    const answer = await status();
    const dataset = fixtureDataset();
    expect(((await answer.json()) as StatusBody).data).toEqual({
      version: dataset.meta.version,
      published: dataset.meta.published,
      sinceVersions: knownVersions(dataset.history).length,
      rateLimits: 'per-instance',
      started: '2026-11-25T09:30:00.000Z',
    });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=5');
  });

  it('is counted like any request of the caller', async () => {
    const { status } = appAt();
    await status();
    expect((await status()).headers.get('ratelimit-remaining')).toBe(
      String(TIERS.anonymous.limit - 2),
    );
  });

  it('says the limits are shared while the shared store counts, per-instance once it fails, with another etag', async () => {
    const shared = switchableStore();
    const { status } = appAt({ rateLimitStore: shared.store });
    const before = await status();
    expect(((await before.json()) as StatusBody).data.rateLimits).toBe('shared');
    const etag = before.headers.get('etag') as string;
    expect((await status({ 'if-none-match': etag })).status).toBe(304);

    shared.state.up = false;
    await status(); // counted in memory: the store failed, and the limits went per-instance
    const after = await status({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(((await after.json()) as StatusBody).data.rateLimits).toBe('per-instance');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('keeps the start across a switch of release, and names the new one', async () => {
    const source = fixtureSource();
    const next = loadDataset(toSource(source), {
      version: '2026-11-21.1',
      published: '2026-11-21T08:00:00Z',
    });
    if (!next.ok) throw new Error(formatProblems(next.problems));
    const { app, clock } = appAt();
    clock.now += 3_600_000;
    const answer = await app
      .withDataset(next.dataset)
      .fetch(new Request('http://api.test/v1/status'), { clientIp: '203.0.113.41' });
    expect(((await answer.json()) as StatusBody).data).toMatchObject({
      version: '2026-11-21.1',
      published: '2026-11-21T08:00:00Z',
      started: '2026-11-25T09:30:00.000Z',
    });
  });
});
