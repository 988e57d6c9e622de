import { describe, expect, it } from 'vitest';
import { loadDataset } from '../dataset/load-dataset.js';
import { formatProblems } from '../dataset/problems.js';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { fixtureSource, toSource } from '../testing/fixture-source.js';
import { TIERS } from '../ratelimit/tiers.js';
import { createApp } from './app.js';

function nextRelease() {
  const source = fixtureSource();
  (source.files['items.json'] as Array<Record<string, unknown>>).pop();
  const result = loadDataset(toSource(source), { version: '2026-11-21.1', published: '2026-11-21T08:00:00Z' });
  if (!result.ok) throw new Error(formatProblems(result.problems));
  return result.dataset;
}

const get = (app: ReturnType<typeof createApp>, path: string) => app.fetch(new Request(`http://api.test${path}`), { clientIp: '203.0.113.7' });

describe('app.withDataset', () => {
  it('serves the new dataset under its version, and the old app keeps serving the old one', async () => {
    const before = createApp({ dataset: fixtureDataset() });
    const after = before.withDataset(nextRelease());
    const [old, next] = await Promise.all([get(before, '/v1/items/party-hat'), get(after, '/v1/items/party-hat')]);
    expect([old.status, old.headers.get('x-dataset-version')]).toEqual([200, '2026-11-20.1']);
    expect([next.status, next.headers.get('x-dataset-version')]).toEqual([404, '2026-11-21.1']);
    expect(((await (await get(after, '/v1/meta')).json()) as { data: { version: string } }).data.version).toBe('2026-11-21.1');
  });

  it('keeps counting each client where the previous dataset left off', async () => {
    const before = createApp({ dataset: fixtureDataset() });
    for (let i = 0; i < 3; i++) await get(before, '/v1/stats');
    const after = before.withDataset(nextRelease());
    const reply = await get(after, '/v1/stats');
    expect(reply.headers.get('ratelimit-remaining')).toBe(String(TIERS.anonymous.limit - 4));
  });
});
