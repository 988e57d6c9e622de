import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { compressBody } from '@gamedata/server-io/compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createKeyStore } from '@gamedata/core';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { pointCurrent, readRelease } from '@gamedata/server-io/release';
import { DEMO_RELEASES_DIR, demo, writeTestKeyFile } from '@gamedata/test-support/demo';
import {
  ROLLBACK_VERSIONS,
  rollbackTable,
  translationTable,
  writeRolledBackReleases,
  writeTranslationOnlyReleases,
} from '@gamedata/test-support/history-table';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { HTTP_TABLE, runCase, type HttpCase } from '@gamedata/test-support/http-table';
import { expectSameAnswer } from '@gamedata/test-support/same-answer';
import { sendInProcess, sendOverHttp } from '@gamedata/test-support/send';
import { BatchedResponse } from '../src/batched-response.js';
import { startServer, type RunningServer } from '../src/server.js';

describe('HTTP table against the Node server over a socket', () => {
  let running: RunningServer;
  let reference: ReturnType<typeof createApp>;
  beforeAll(async () => {
    const { path } = await writeTestKeyFile();
    running = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir: DEMO_RELEASES_DIR, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} } },
    );
    // Core's app in-process, with the same dataset and key file: what the server must answer, byte for byte.
    reference = createApp({
      dataset: demo,
      keyStore: createKeyStore((await readKeyFile(path)).keys),
      compress: compressBody,
    });
  });
  afterAll(() => running.close());

  // A fresh client address per case keeps the reference's anonymous cases inside their own window.
  let client = 0;
  it.each(HTTP_TABLE.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const reply = await runCase(sendOverHttp(running.url), testCase);
    const expected = await runCase(
      sendInProcess(reference, `198.51.100.${++client % 250}`),
      testCase,
    );
    expectSameAnswer(reply, expected, { instanceBound: testCase.instanceBound === true });
  });

  it('writes its answers a round of the event loop at a time', async () => {
    const responses: unknown[] = [];
    const record = (_request: unknown, response: unknown) => responses.push(response);
    running.server.on('request', record);
    await (await fetch(`${running.url}/v1/meta`)).arrayBuffer();
    running.server.off('request', record);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toBeInstanceOf(BatchedResponse);
  });
});

describe('/v1/changes after a rollback, against the Node server over a socket', () => {
  let running: RunningServer;
  let reference: ReturnType<typeof createApp>;
  let cases: HttpCase[] = [];
  let releasesDir: string;
  beforeAll(async () => {
    releasesDir = await writeRolledBackReleases();
    cases = await rollbackTable(releasesDir);
    const { path } = await writeTestKeyFile();
    running = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} } },
    );
    reference = createApp({
      dataset: (await readRelease(releasesDir)).dataset,
      keyStore: createKeyStore((await readKeyFile(path)).keys),
      compress: compressBody,
    });
  });
  afterAll(() => running.close());

  it('answers every case of the rollback table as core does in-process', async () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const testCase of cases) {
      const reply = await runCase(sendOverHttp(running.url), testCase);
      expectSameAnswer(reply, await runCase(sendInProcess(reference), testCase));
    }
  });

  it('on SIGHUP, forgets a release deleted from the directory: its version is a 400 that names /v1/bulk', async () => {
    const { rolledBack } = ROLLBACK_VERSIONS;
    const copy = await makeTempDir('releases');
    await cp(releasesDir, copy, { recursive: true });
    const { path } = await writeTestKeyFile();
    const server = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir: copy, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} } },
    );
    const changesSinceRolledBack = () =>
      sendOverHttp(server.url)({ path: `/v1/changes?since=${rolledBack}` });
    try {
      expect((await changesSinceRolledBack()).status).toBe(200);
      await rm(join(copy, rolledBack), { recursive: true });
      await server.reloadRelease();
      const pruned = await changesSinceRolledBack();
      expect(pruned.status).toBe(400);
      expect(pruned.json<{ error: { message: string } }>().error.message).toMatch(
        /is not a dataset version this server knows .*: start again from the bulk files listed at \/v1\/bulk$/,
      );
    } finally {
      await server.close();
    }
  });

  it('switches to the history of the release CURRENT names on SIGHUP, worked out from the directory again', async () => {
    const { rolledBack, current } = ROLLBACK_VERSIONS;
    const copy = await makeTempDir('releases');
    await cp(releasesDir, copy, { recursive: true });
    // Served while .2 was current, then .3 became current: the reload reads the directory's history anew.
    await pointCurrent(copy, rolledBack);
    const { path } = await writeTestKeyFile();
    const server = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir: copy, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} } },
    );
    try {
      await pointCurrent(copy, current);
      expect(await server.reloadRelease()).toBe(current);
      const reply = await sendOverHttp(server.url)({ path: `/v1/changes?since=${rolledBack}` });
      expect(reply.status).toBe(200);
      expect(
        reply.json<{ data: Array<{ version: string }> }>().data.map((change) => change.version),
      ).toEqual([current]);
    } finally {
      await server.close();
    }
  });
});

describe('/v1/changes after a translation-only release, against the Node server over a socket', () => {
  let running: RunningServer;
  let reference: ReturnType<typeof createApp>;
  let cases: HttpCase[] = [];
  beforeAll(async () => {
    // Published .1, then .2 with one German name changed and nothing else, without --force.
    const releasesDir = await writeTranslationOnlyReleases();
    cases = await translationTable(releasesDir);
    const { path } = await writeTestKeyFile();
    running = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} } },
    );
    reference = createApp({
      dataset: (await readRelease(releasesDir)).dataset,
      keyStore: createKeyStore((await readKeyFile(path)).keys),
      compress: compressBody,
    });
  }, 60_000);
  afterAll(() => running?.close());

  it('answers every case of the translation table as core does in-process', async () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const testCase of cases) {
      const reply = await runCase(sendOverHttp(running.url), testCase);
      expectSameAnswer(reply, await runCase(sendInProcess(reference), testCase));
    }
  });
});
