// A list declared in test code alone (core's `testing/quests.ts`), described by the OpenAPI document
// of a server that serves it, and typed by a client generated from that document: the client compiles
// under the repository's strict settings and reads the list from the live server.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '@gamedata/node/server';
import { writeTestKeyFile } from '@gamedata/test-support/demo';
import { publishQuestRelease, QUEST_REGISTRY } from '@gamedata/test-support/quest-export';
import type { QuestsProgram } from '../src/report.js';
import { runBin } from '../src/run-bin.js';

const CLIENT = fileURLToPath(new URL('../quests-client', import.meta.url));
/** Written by each run, never committed (.gitignore). */
const GENERATED = fileURLToPath(new URL('../quests-client/generated/openapi.ts', import.meta.url));
const PROGRAM = fileURLToPath(new URL('../quests-client/read-quests.ts', import.meta.url));

let running: RunningServer;

beforeAll(async () => {
  const releasesDir = await publishQuestRelease();
  const { path } = await writeTestKeyFile();
  running = await startServer(
    { port: 0, host: '127.0.0.1', releasesDir, keysFile: path },
    { logger: { line: () => {}, error: () => {}, flush: () => {} }, registry: QUEST_REGISTRY },
  );
  const generated = await runBin('openapi-typescript', 'openapi-typescript', [
    `${running.url}/v1/openapi.json`,
    '--output',
    GENERATED,
  ]);
  expect(generated.code, generated.output).toBe(0);
});

afterAll(() => running?.close());

describe('a client generated from the document of a server that serves a list declared in test code', () => {
  it("compiles with a program that reads the list, under the repository's strict settings", async () => {
    const { code, output } = await runBin('typescript', 'tsc', ['-p', CLIENT, '--noEmit']);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it('reads the list, a range of its numbers, one record and its count from the live server', async () => {
    const program = (await import(PROGRAM)) as QuestsProgram;
    expect(await program.run(running.url)).toEqual({
      ids: ['ashes-of-the-forge', 'wolf-hunt'],
      levels: [24, 12],
      count: 3,
      name: 'Wolf Hunt',
      levelIsANumber: true,
    });
  });
});
