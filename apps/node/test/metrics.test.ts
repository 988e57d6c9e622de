import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, TEST_KEY, TEST_KEY_ID, writeTestKeyFile } from '@gamedata/test-support/demo';
import { keyDisguises, keyFragments } from '@gamedata/test-support/key-disguises';
import { sendOverHttp } from '@gamedata/test-support/send';
import { metricsUrlOf, scrape as scrapeUrl, seriesValue as valueOf } from './support/metrics.js';
import { spawnServer, type ServerProcess } from './support/spawn.js';

describe('the Prometheus endpoint (GAMEDATA_METRICS_PORT)', () => {
  let server: ServerProcess;
  let metricsUrl: string;
  const scrape = () => scrapeUrl(metricsUrl);

  beforeAll(async () => {
    const { path } = await writeTestKeyFile();
    server = await spawnServer({ GAMEDATA_KEYS_FILE: path, GAMEDATA_METRICS_PORT: '0' });
    metricsUrl = metricsUrlOf(server);
  });

  afterAll(async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it("listens on a port of its own, on 127.0.0.1 by default, in Prometheus' text format", async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.url).port);
    expect((await fetch(metricsUrl)).headers.get('content-type')).toMatch(
      /^text\/plain; version=0\.0\.4/,
    );
  });

  it('counts requests by declared route, status and tier; 429s by tier; requests by key id; latency', async () => {
    const send = sendOverHttp(server.url);
    const item = demo.lists.items.records[0]?.id;
    // The anonymous allowance (60), then one 429.
    for (let i = 0; i < 61; i++) await send({ path: '/v1/meta' });
    const keyed = await send({
      path: `/v1/items/${item}`,
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    expect(keyed.status).toBe(200);
    expect(
      (await send({ path: '/no/such/path', headers: { authorization: `Bearer ${TEST_KEY}` } }))
        .status,
    ).toBe(404);

    const text = await scrape();
    expect(
      valueOf(text, 'gamedata_requests_total{route="/v1/meta",status="200",tier="anonymous"}'),
    ).toBe(60);
    expect(
      valueOf(text, 'gamedata_requests_total{route="/v1/meta",status="429",tier="anonymous"}'),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'gamedata_requests_total{route="/v1/items/{id}",status="200",tier="community"}',
      ),
    ).toBe(1);
    expect(
      valueOf(text, 'gamedata_requests_total{route="unmatched",status="404",tier="community"}'),
    ).toBe(1);
    expect(valueOf(text, 'gamedata_rate_limited_total{tier="anonymous"}')).toBe(1);
    expect(valueOf(text, 'gamedata_rate_limited_total{tier="images"}')).toBe(0);
    expect(valueOf(text, `gamedata_key_requests_total{key_id="${TEST_KEY_ID}"}`)).toBe(2);
    expect(valueOf(text, 'gamedata_key_requests_total{key_id="(anonymous)"}')).toBe(61);
    expect(valueOf(text, 'gamedata_request_duration_seconds_count{route="/v1/meta"}')).toBe(61);
    expect(
      valueOf(text, 'gamedata_request_duration_seconds_bucket{le="+Inf",route="/v1/items/{id}"}'),
    ).toBe(1);
    // The raw URL is never a label.
    expect(text).not.toContain(`/v1/items/${item}`);
  });

  it('reports the release, the rate-limit store, the answer cache and the event loop', async () => {
    const text = await scrape();
    expect(valueOf(text, `gamedata_dataset_info{version="${demo.meta.version}"}`)).toBe(1);
    expect(valueOf(text, 'gamedata_rate_limit_store{state="per-instance"}')).toBe(1);
    expect(valueOf(text, 'gamedata_rate_limit_store{state="shared"}')).toBe(0);
    // /v1/meta was made for its first two requests (an answer is kept from its second on) and then
    // found 58 times; the item was made once (the 429 and the item came after).
    expect(valueOf(text, 'gamedata_response_cache_misses_total')).toBe(3);
    expect(valueOf(text, 'gamedata_response_cache_hits_total')).toBe(58);
    expect(valueOf(text, 'gamedata_response_cache_hit_ratio')).toBeCloseTo(58 / 61);
    expect(valueOf(text, 'gamedata_response_cache_bytes')).toBeGreaterThan(0);
    expect(text).toContain('gamedata_nodejs_eventloop_lag_p99_seconds ');
  });

  it("is not served on the public port: /metrics there is the contract's 404", async () => {
    const reply = await sendOverHttp(server.url)({
      path: '/metrics',
      headers: { authorization: `Bearer ${TEST_KEY}` },
    });
    expect(reply.status).toBe(404);
    expect(reply.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('answers nothing but GET /metrics on the metrics port', async () => {
    const other = await fetch(new URL('/', metricsUrl));
    expect(other.status).toBe(404);
  });

  it("serves exactly the series the README lists, besides prom-client's process and runtime ones", async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('### Metrics'),
      readme.indexOf('### Managing keys'),
    );
    const documented = [...section.matchAll(/^\| `(gamedata_\w+)` +\|/gm)].map((match) => match[1]);
    const served = [...(await scrape()).matchAll(/^# TYPE (gamedata_\w+) /gm)]
      .map((match) => match[1] as string)
      .filter(
        (name) => !name.startsWith('gamedata_process_') && !name.startsWith('gamedata_nodejs_'),
      );
    expect(served.sort()).toEqual(documented.sort());
  });

  it('never holds a key, wherever a client put it', async () => {
    const send = sendOverHttp(server.url);
    for (const [, target] of keyDisguises(TEST_KEY)) await send({ path: target });
    const text = await scrape();
    for (const fragment of keyFragments(TEST_KEY)) expect(text).not.toContain(fragment);
  });
});
