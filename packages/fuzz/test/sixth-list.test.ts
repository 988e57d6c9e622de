// The fuzzer's parameter space is the dataset's registry: given a release with a list declared in
// test code alone (core's `testing/quests.ts`), it sends that list's filters, ranges, sorts, fields
// and facets too, and every answer keeps the contract and the release's own OpenAPI document.
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { readRelease } from '@gamedata/server-io/release';
import { TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { languagesOf } from '@gamedata/test-support/document-languages';
import { createOpenApiValidator } from '@gamedata/test-support/openapi-validator';
import { publishQuestRelease, QUEST_REGISTRY } from '@gamedata/test-support/quest-export';
import { decodeReply, sendOverHttp } from '@gamedata/test-support/send';
import { startServer } from '@gamedata/node/server';
import { contractProblems } from '../src/contract.js';
import { Random } from '../src/random.js';
import { nextRequest, vocabularyOf, type Harvest } from '../src/requests.js';

const REQUESTS = 1500;

describe('the fuzzer over a release with a list declared in test code alone', () => {
  it(`sends ${REQUESTS} seeded requests that reach its list: no 5xx, nothing off the contract or the document`, async () => {
    const releasesDir = await publishQuestRelease();
    const { dataset } = await readRelease(releasesDir, undefined, QUEST_REGISTRY);
    const { path } = await writeTestKeyFile();
    const running = await startServer(
      { port: 0, host: '127.0.0.1', releasesDir, keysFile: path },
      { logger: { line: () => {}, error: () => {}, flush: () => {} }, registry: QUEST_REGISTRY },
    );
    const send = sendOverHttp(running.url);
    const document = (await send({ path: '/v1/openapi.json' })).json<OpenAPIV3_1.Document>();
    const validator = createOpenApiValidator(document);
    const vocabulary = vocabularyOf(dataset, TEST_KEY, languagesOf(document));
    expect(vocabulary.lists).toContain('quests');
    const random = new Random(20261202);
    const harvest: Harvest = { cursors: [], etags: [] };
    const failures: string[] = [];
    let reachedQuests = 0;
    for (let n = 0; n < REQUESTS; n++) {
      const request = nextRequest(random, vocabulary, harvest);
      // Each from an address of its own, so that no client runs out of requests.
      const client = `127.0.${(n >> 8) & 255}.${n & 255 || 1}`;
      const reply = decodeReply(await send({ ...request, localAddress: client }));
      const pathname = new URL(`http://fuzz.example${request.path.replace(/\\/g, '%5C')}`).pathname;
      if (/^\/v1\/(facets\/)?quests/.test(pathname) && reply.status === 200) reachedQuests++;
      const etag = reply.headers.get('etag');
      if (etag && harvest.etags.length < 200) harvest.etags.push(etag);
      const problems = [
        ...contractProblems(request.method, reply),
        ...validator.problemsWith({ method: request.method, path: pathname }, reply),
      ];
      if (problems.length > 0 && failures.length < 20)
        failures.push(`#${n} ${request.method} ${request.path}\n  ${problems.join('\n  ')}`);
    }
    await running.close();
    expect(failures).toEqual([]);
    // The list is asked for as any other: about a fifth of the list requests are its.
    expect(reachedQuests).toBeGreaterThan(REQUESTS / 50);
  });
});
