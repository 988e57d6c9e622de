import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demo, TEST_KEY, TEST_KEY_ID, writeTestKeyFile } from '@gamedata/test-support/demo';
import { keyFragments } from '@gamedata/test-support/key-disguises';
import { importBuiltHandler, LAMBDA_CONTEXT } from './support/built-handler.js';
import { toEvent } from './support/lambda-events.js';

interface Directive {
  Namespace: string;
  Dimensions: string[][];
  Metrics: Array<{ Name: string; Unit: string }>;
}
type EmfLine = Record<string, unknown> & { _aws: { Timestamp: number; CloudWatchMetrics: Directive[] } };

/** Captures what the handler writes to stdout, where Lambda's log and CloudWatch's EMF extraction read it. */
function captureStdout(): { metricsLines: () => EmfLine[]; text: () => string } {
  const written: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => Boolean(written.push(String(chunk))));
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
function extracted(line: EmfLine): Array<{ name: string; dimensions: Record<string, unknown>; value: unknown }> {
  return line._aws.CloudWatchMetrics.flatMap((directive) =>
    directive.Dimensions.flatMap((set) =>
      directive.Metrics.map((metric) => ({ name: metric.Name, dimensions: Object.fromEntries(set.map((name) => [name, line[name]])), value: line[metric.Name] })),
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
    const handler = await importBuiltHandler({ GAMEDATA_KEYS_JSON: await readFile(path, 'utf8') }, 'emf');
    const item = demo.items.records[0]?.id;
    const sourceIp = '203.0.113.80';
    await handler(toEvent('http-api', { path: `/v1/items/${item}`, headers: { authorization: `Bearer ${TEST_KEY}` }, sourceIp }), LAMBDA_CONTEXT);
    await handler(toEvent('http-api', { path: `/v1/items/${item}`, headers: { authorization: `Bearer ${TEST_KEY}` }, sourceIp }), LAMBDA_CONTEXT);
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
    const names = lines[0]?._aws.CloudWatchMetrics.flatMap((directive) => directive.Metrics.map((metric) => metric.Name));
    expect(names).toEqual(expect.arrayContaining(['gamedata_requests_total', 'gamedata_request_duration_seconds', 'gamedata_rate_limited_total', 'gamedata_key_requests_total', 'gamedata_response_cache_bytes']));
    // Node's gauge by its name, the state it counts in as the dimension its label is there.
    expect(extracted(lines[0]!)).toContainEqual({ name: 'gamedata_rate_limit_store', dimensions: { state: 'per-instance' }, value: 1 });
    // The item's answer was made once, then found: the cache counts are each line's own.
    expect(lines.map((line) => [line.gamedata_response_cache_misses_total, line.gamedata_response_cache_hits_total])).toEqual([[1, 0], [0, 1], [0, 0]]);
    expect(lines[0]?.version).toBe(demo.meta.version);
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(text).not.toContain(`/v1/items/${item}`);
    for (const fragment of keyFragments(TEST_KEY)) expect(text).not.toContain(fragment);
  });
});
