// The HTTP contract table against core's own app, in-process: the table and the demo release live in
// @gamedata/test-support, which depends on core, so they are read by path rather than as a
// dependency (turbo.json builds what they load before core's tests run). The adapters run the same
// table over a socket (apps/node) and through every Lambda event kind (apps/lambda).
import { describe, it } from 'vitest';
import { compressBody } from '../../server-io/src/compress.js';
import { testKeyStore, demo } from '../../test-support/src/demo.js';
import { HTTP_TABLE, runCase } from '../../test-support/src/http-table.js';
import { sendInProcess, type Send } from '../../test-support/src/send.js';
import { createApp } from '../src/http/app.js';
import { perFile } from '../src/testing/per-test.js';

describe('HTTP table through core’s app', () => {
  // One app for every case, made by the first (an app a case takes doubles the table's time).
  const app = perFile(async () =>
    createApp({ dataset: demo, keyStore: await testKeyStore(), compress: compressBody }),
  );
  // A fresh client address per case keeps anonymous cases inside their own 60-request window.
  let client = 0;
  const send: Send = async (request) =>
    sendInProcess(await app(), `198.51.100.${++client % 250}`)(request);
  it.each(HTTP_TABLE.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runCase(send, testCase);
  });
});
