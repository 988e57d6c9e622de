import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awayFromWindowEdge } from '@gamedata/test-support/clock';
import { demo, TEST_KEY, TEST_KEY_ID, writeTestKeyFile } from '@gamedata/test-support/demo';
import { keyFragments } from '@gamedata/test-support/key-disguises';
import { importBuiltHandler, LAMBDA_CONTEXT } from './support/built-handler.js';
import { toEvent, toReply } from './support/lambda-events.js';

interface Directive {
  Namespace: string;
  Dimensions: string[][];
  Metrics: Array<{ Name: string; Unit: string }>;
}
type EmfLine = Record<string, unknown> & {
  _aws: { Timestamp: number; CloudWatchMetrics: Directive[] };
};

/** Captures what the handler writes to stdout, where Lambda's log and CloudWatch's EMF extraction read it. */
function captureStdout(): { metricsLines: () => EmfLine[]; text: () => string } {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) =>
    Boolean(written.push(String(chunk))),
  );
  const text = () => written.join('');
  return {
    text,
    metricsLines: () =>
      text()
        .split('\n')
        .filter((line) => line.includes('"msg":"metrics"'))
        .map((line) => JSON.parse(line) as EmfLine),
  };
}

/** The metrics a line gives CloudWatch, each with the dimensions it is filed under: what it would extract. */
function extracted(
  line: EmfLine,
): Array<{ name: string; dimensions: Record<string, unknown>; value: unknown }> {
  return line._aws.CloudWatchMetrics.flatMap((directive) =>
    directive.Dimensions.flatMap((set) =>
      directive.Metrics.map((metric) => ({
        name: metric.Name,
        dimensions: Object.fromEntries(set.map((name) => [name, line[name]])),
        value: line[metric.Name],
      })),
    ),
  );
}

describe('the built handler’s metrics (CloudWatch Embedded Metric Format)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes one EMF line per request, with the Prometheus names, the declared route and the key id, never the key', async () => {
    const { path } = await writeTestKeyFile();
    const stdout = captureStdout();
    const handler = await importBuiltHandler(
      { GAMEDATA_KEYS_JSON: await readFile(path, 'utf8') },
      'emf',
    );
    const item = demo.lists.items.records[0]?.id;
    const sourceIp = '203.0.113.80';
    await handler(
      toEvent('http-api', {
        path: `/v1/items/${item}`,
        headers: { authorization: `Bearer ${TEST_KEY}` },
        sourceIp,
      }),
      LAMBDA_CONTEXT,
    );
    await handler(
      toEvent('http-api', {
        path: `/v1/items/${item}`,
        headers: { authorization: `Bearer ${TEST_KEY}` },
        sourceIp,
      }),
      LAMBDA_CONTEXT,
    );
    await handler(toEvent('http-api', { path: '/no/such/path', sourceIp }), LAMBDA_CONTEXT);
    vi.restoreAllMocks();

    const lines = stdout.metricsLines();
    expect(lines.map((line) => [line.route, line.status, line.tier, line.key_id])).toEqual([
      ['/v1/items/{id}', '200', 'community', TEST_KEY_ID],
      ['/v1/items/{id}', '200', 'community', TEST_KEY_ID],
      ['unmatched', '404', 'anonymous', '(anonymous)'],
    ]);
    // What CloudWatch needs to extract each metric: every dimension and every metric on the line.
    for (const line of lines) {
      expect(typeof line._aws.Timestamp).toBe('number');
      for (const directive of line._aws.CloudWatchMetrics) {
        expect(directive.Namespace).toBe('gamedata');
        for (const name of directive.Dimensions.flat()) expect(typeof line[name]).toBe('string');
        for (const metric of directive.Metrics) expect(typeof line[metric.Name]).toBe('number');
      }
    }
    const names = lines[0]?._aws.CloudWatchMetrics.flatMap((directive) =>
      directive.Metrics.map((metric) => metric.Name),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'gamedata_requests_total',
        'gamedata_request_duration_seconds',
        'gamedata_rate_limited_total',
        'gamedata_key_requests_total',
        'gamedata_response_cache_bytes',
      ]),
    );
    // Node's gauge by its name, the state it counts in as the dimension its label is there.
    expect(extracted(lines[0]!)).toContainEqual({
      name: 'gamedata_rate_limit_store',
      dimensions: { state: 'per-instance' },
      value: 1,
    });
    // The item's answer was made for each of its two requests (an answer is kept from its second
    // on): the cache counts are each line's own.
    expect(
      lines.map((line) => [
        line.gamedata_response_cache_misses_total,
        line.gamedata_response_cache_hits_total,
      ]),
    ).toEqual([
      [1, 0],
      [1, 0],
      [0, 0],
    ]);
    expect(lines[0]?.version).toBe(demo.meta.version);
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(text).not.toContain(`/v1/items/${item}`);
    for (const fragment of keyFragments(TEST_KEY)) expect(text).not.toContain(fragment);
  });

  it('counts a 429 through EMF: the 61st anonymous request of a minute is gamedata_rate_limited_total 1 under its tier', async () => {
    await awayFromWindowEdge();
    const stdout = captureStdout();
    const handler = await importBuiltHandler({}, 'emf-429');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push(
        toReply(
          await handler(
            toEvent('http-api', { path: '/v1/meta', sourceIp: '203.0.113.81' }),
            LAMBDA_CONTEXT,
          ),
        ).status,
      );
    vi.restoreAllMocks();

    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const lines = stdout.metricsLines();
    expect(lines).toHaveLength(61);
    const limited = lines
      .flatMap(extracted)
      .filter((metric) => metric.name === 'gamedata_rate_limited_total');
    expect(limited.filter((metric) => metric.value === 1)).toEqual([
      { name: 'gamedata_rate_limited_total', dimensions: { tier: 'anonymous' }, value: 1 },
    ]);
    expect(limited.filter((metric) => metric.value === 0)).toHaveLength(60);
    expect(extracted(lines[60]!)).toContainEqual({
      name: 'gamedata_requests_total',
      dimensions: { route: '/v1/meta', status: '429', tier: 'anonymous' },
      value: 1,
    });
  });

  it('writes the flip line when the rate-limit store switches: Redis unreachable, gamedata_rate_limit_store_flips_total 1 to per-instance', async () => {
    const stdout = captureStdout();
    // Nothing listens on port 1: the connection is refused at once.
    const handler = await importBuiltHandler(
      { GAMEDATA_REDIS_URL: 'redis://127.0.0.1:1' },
      'emf-flip',
    );
    const reply = toReply(
      await handler(
        toEvent('http-api', { path: '/v1/meta', sourceIp: '203.0.113.82' }),
        LAMBDA_CONTEXT,
      ),
    );
    vi.restoreAllMocks();

    expect(reply.status).toBe(200);
    expect(stdout.text()).toContain(
      '"msg":"rate-limit store","state":"per-instance","reason":"error"',
    );
    const lines = stdout.metricsLines();
    const flips = lines.filter((line) => 'gamedata_rate_limit_store_flips_total' in line);
    expect(flips).toHaveLength(1);
    expect(extracted(flips[0]!)).toEqual([
      {
        name: 'gamedata_rate_limit_store_flips_total',
        dimensions: { to: 'per-instance' },
        value: 1,
      },
    ]);
    expect(
      flips[0]?._aws.CloudWatchMetrics.every((directive) => directive.Namespace === 'gamedata'),
    ).toBe(true);
    // The request the switch happened on is counted per instance, by the same gauge's name as on Node.
    const request = lines.find((line) => line.route === '/v1/meta');
    expect(extracted(request!)).toContainEqual({
      name: 'gamedata_rate_limit_store',
      dimensions: { state: 'per-instance' },
      value: 1,
    });
  });
});
