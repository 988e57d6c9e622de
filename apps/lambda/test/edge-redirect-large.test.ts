import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createApp, type Dataset } from '@gamedata/core';
import { compressBody } from '@gamedata/server-io/compress';
import { readRelease } from '@gamedata/server-io/release';
import { publishForTest } from '@gamedata/test-support/demo';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../src/handler.js';
import { LAMBDA_RESPONSE_LIMIT } from '../src/response-limit.js';
import { LAMBDA_CONTEXT } from './support/built-handler.js';
import { toEvent, toReply } from './support/lambda-events.js';

const GENERATOR = fileURLToPath(new URL('../../../dataset/tools/generate.mjs', import.meta.url));
const EDGE = 'https://d111111abcdef8.cloudfront.net';
/** Enough generated items for a plain items.json well over Lambda's 6 MB (about 460 bytes each). */
const ITEMS = 20_000;

let dataset: Dataset;

// Generating and publishing 20,000 items takes some 15 s on two quiet cores, and past the usual
// minute when the machine is busy with other suites.
beforeAll(async () => {
  const exportDir = await makeTempDir('large-export');
  execFileSync(process.execPath, [GENERATOR, '--items', String(ITEMS), '--out', exportDir], {
    stdio: 'ignore',
  });
  ({ dataset } = await readRelease((await publishForTest(exportDir)).releasesDir));
}, 180_000);

/** A GET through a function URL (the function called directly), with Lambda's real limit; the result's size as Lambda measures it. */
async function get(path: string, headers: Record<string, string>, edgeUrl?: string) {
  const app = createApp({ dataset, compress: compressBody, log: () => {} });
  const handler = createHandler(app, {
    datasetVersion: dataset.meta.version,
    datasetLanguage: dataset.language,
    log: () => {},
    logError: () => {},
    ...(edgeUrl ? { edge: { edgeUrl, cloudFrontServesFiles: false } } : {}),
  });
  const result = await handler(
    toEvent('function-url', { path, headers, sourceIp: '203.0.113.91' }),
    LAMBDA_CONTEXT,
  );
  return { reply: toReply(result), payloadBytes: Buffer.byteLength(JSON.stringify(result)) };
}

describe(`a ${ITEMS.toLocaleString('en')}-item release through the handler, called directly`, () => {
  it('has a plain items.json larger than Lambda can return, in German too', () => {
    expect(dataset.bulk?.items!.bytes).toBeGreaterThan(LAMBDA_RESPONSE_LIMIT);
    expect(dataset.translatedBulk?.de?.items!.bytes).toBeGreaterThan(LAMBDA_RESPONSE_LIMIT);
  });

  it.each([
    ['identity', {}, ''],
    ['gzip', { 'accept-encoding': 'gzip' }, '.gz'],
    ['br', { 'accept-encoding': 'br' }, '.br'],
  ])(
    'with an edge, answers items.json asked for as %s with a redirect to the file there, far within the limit, in its language',
    async (_, headers, suffix) => {
      const { reply, payloadBytes } = await get('/v1/bulk/items.json', headers, EDGE);
      expect(reply.status).toBe(307);
      expect(reply.headers.get('location')).toBe(
        `${EDGE}/v1/files/${dataset.meta.version}/bulk/items.json${suffix}`,
      );
      expect(payloadBytes).toBeLessThan(4096);
      const german = await get(
        `/v1/bulk/items.json?version=${dataset.meta.version}&lang=de`,
        headers,
        EDGE,
      );
      expect(german.reply.status).toBe(307);
      expect(german.reply.headers.get('location')).toBe(
        `${EDGE}/v1/files/${dataset.meta.version}/bulk/de/items.json${suffix}`,
      );
      expect(german.payloadBytes).toBeLessThan(4096);
    },
  );

  it('without an edge, answers the plain file with the contract error, within the limit, and sends a compressed one that fits', async () => {
    const plain = await get('/v1/bulk/items.json', {});
    expect(plain.reply.status).toBe(500);
    expect(plain.reply.json()).toMatchObject({
      error: {
        code: 'internal',
        message: expect.stringContaining(`This answer (${dataset.bulk?.items!.bytes} bytes)`),
      },
    });
    expect(plain.payloadBytes).toBeLessThanOrEqual(LAMBDA_RESPONSE_LIMIT);

    const br = await get('/v1/bulk/items.json', { 'accept-encoding': 'br' });
    expect([br.reply.status, br.reply.headers.get('content-encoding')]).toEqual([200, 'br']);
    expect(br.reply.bytes.byteLength).toBe(dataset.bulk?.items!.br.byteLength);
    expect(br.payloadBytes).toBeLessThanOrEqual(LAMBDA_RESPONSE_LIMIT);
  });
});
