import { afterAll, beforeAll, describe, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { startServer, type RunningServer } from '../src/server.js';
import { DEMO_DATASET_DIR, demo, testKeyStore, writeTestKeyFile } from './support/demo.js';
import { HTTP_TABLE, runCase } from './support/http-table.js';
import { sendInProcess, sendOverHttp, type Send } from './support/send.js';

describe('HTTP table through app.fetch', async () => {
  const app = createApp({ dataset: demo, keyStore: await testKeyStore() });
  // A fresh client address per case keeps anonymous cases inside their own 60-request window.
  let client = 0;
  const send: Send = (request) => sendInProcess(app, `198.51.100.${++client % 250}`)(request);
  it.each(HTTP_TABLE.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runCase(send, testCase);
  });
});

describe('HTTP table against the Node server over a socket', () => {
  let running: RunningServer;
  beforeAll(async () => {
    const { path } = await writeTestKeyFile();
    running = await startServer({ port: 0, host: '127.0.0.1', datasetDir: DEMO_DATASET_DIR, keysFile: path }, { log: () => {} });
  });
  afterAll(() => running.close());

  it.each(HTTP_TABLE.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runCase(sendOverHttp(running.url), testCase);
  });
});
