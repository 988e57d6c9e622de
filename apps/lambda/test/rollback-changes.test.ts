import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@gamedata/core';
import { compressBody } from '@gamedata/server-io/compress';
import { readRelease } from '@gamedata/server-io/release';
import { testKeyStore } from '@gamedata/test-support/demo';
import { rollbackTable, writeRolledBackReleases } from '@gamedata/test-support/history-table';
import { runCase, type HttpCase } from '@gamedata/test-support/http-table';
import { expectSameAnswer } from '@gamedata/test-support/same-answer';
import { sendInProcess } from '@gamedata/test-support/send';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import type { LambdaHandler } from '../src/handler.js';
import { importBuiltHandler, PACKAGE_SCRIPT } from './support/built-handler.js';
import { sendThroughLambda } from './support/http-table-through-lambda.js';

// Lambda has no releases directory at run time: the package built from a directory where a rollback
// happened must still answer for every release that directory served, as the Node server does.
describe('/v1/changes after a rollback, through a handler packaged from that releases directory', () => {
  let handler: LambdaHandler;
  let reference: ReturnType<typeof createApp>;
  let cases: HttpCase[] = [];
  beforeAll(async () => {
    const releasesDir = await writeRolledBackReleases();
    cases = await rollbackTable(releasesDir);
    const out = await makeTempDir('package');
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [PACKAGE_SCRIPT, '--out', out],
        {
          env: {
            ...process.env,
            GAMEDATA_RELEASES_DIR: releasesDir,
            GAMEDATA_RELEASE: '',
            GAMEDATA_KEYS_FILE: '',
          },
        },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
      ),
    );
    handler = await importBuiltHandler({}, 'rollback', join(out, 'lambda'));
    reference = createApp({
      dataset: (await readRelease(releasesDir)).dataset,
      keyStore: await testKeyStore(),
      compress: compressBody,
    });
  }, 60_000);

  it('answers every case of the rollback table as core does in-process', async () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const testCase of cases) {
      // Anonymous: the package has no key file, so the key the table sends counts as none there.
      const anonymous = { ...testCase, anonymous: true };
      const reply = await runCase(
        sendThroughLambda(handler, 'function-url', '198.51.100.9'),
        anonymous,
      );
      expectSameAnswer(reply, await runCase(sendInProcess(reference, '198.51.100.9'), anonymous));
    }
  });
});
