import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { spawnServer, type ServerProcess } from '@gamedata/test-support/spawn';
import type { ClientProgram, ClientReport } from '../src/report.js';
import { runBin } from '../src/run-bin.js';

const NODE_MAIN = createRequire(import.meta.url).resolve('@gamedata/node/main');
const CLIENT = fileURLToPath(new URL('../client', import.meta.url));
/** Written by each run, never committed (.gitignore), so the types are always the served document's. */
const GENERATED = fileURLToPath(new URL('../client/generated/openapi.ts', import.meta.url));
const PROGRAM = fileURLToPath(new URL('../client/walk-items.ts', import.meta.url));
/** Not a divisor of the item count, so the last page is a short one. */
const LIMIT = 37;

let server: ServerProcess;

beforeAll(async () => {
  const { path } = await writeTestKeyFile();
  server = await spawnServer(NODE_MAIN, { GAMEDATA_KEYS_FILE: path });
  // The document as a user downloads it: openapi-typescript fetches it from the running server.
  const generated = await runBin('openapi-typescript', 'openapi-typescript', [
    `${server.url}/v1/openapi.json`,
    '--output',
    GENERATED,
  ]);
  expect(generated.code, generated.output).toBe(0);
});

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
});

describe('a client generated from the served OpenAPI document', () => {
  it("compiles with the client program under the repository's strict settings", async () => {
    const { code, output } = await runBin('typescript', 'tsc', ['-p', CLIENT, '--noEmit']);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  describe('against the live server', () => {
    let report: ClientReport;
    beforeAll(async () => {
      // Imported by path: the program's types exist only once the document has been generated.
      const program = (await import(PROGRAM)) as ClientProgram;
      report = await program.run(server.url, TEST_KEY, LIMIT);
    });

    it('walks every page of /v1/items by its cursor: each item once, as many as /v1/meta and the dataset count', () => {
      expect(report.metaCount).toBe(demo.lists.items.records.length);
      expect(report.walkedIds).toHaveLength(report.metaCount);
      expect(new Set(report.walkedIds).size).toBe(report.walkedIds.length);
      expect(report.walkedIds).toEqual([...report.walkedIds].sort());
      expect(report.pages).toBe(Math.ceil(report.metaCount / LIMIT));
      expect(report.totals).toEqual(Array.from({ length: report.pages }, () => report.metaCount));
    });

    it('fetches one item by id', () => {
      const expected = demo.lists.items.get(report.walkedIds[0] as string);
      expect(report.item).toEqual({ id: expected?.id, name: expected?.name });
      expect(report.rollIsAPair).toBe(true);
    });

    it("reads a 404 through the document's error schema", () => {
      expect(report.missing).toEqual({
        status: 404,
        code: 'not_found',
        message: 'No item with id "no-such-item".',
      });
    });
  });
});
