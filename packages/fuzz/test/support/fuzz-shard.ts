import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { demo, TEST_KEY, writeTestKeyFile } from '@gamedata/test-support/demo';
import { languagesOf } from '@gamedata/test-support/document-languages';
import { createOpenApiValidator } from '@gamedata/test-support/openapi-validator';
import { decodeReply, sendOverHttp, type Reply } from '@gamedata/test-support/send';
import { spawnServer, type ServerProcess } from '@gamedata/test-support/spawn';
import {
  importBuiltHandler,
  LAMBDA_CONTEXT,
} from '../../../../apps/lambda/test/support/built-handler.js';
import {
  toEvent,
  toReply,
  type EventKind,
} from '../../../../apps/lambda/test/support/lambda-events.js';
import type { LambdaHandler } from '../../../../apps/lambda/src/handler.js';
import {
  contractProblems,
  disagreements,
  languageProblems,
  type LanguageContract,
} from '../../src/contract.js';
import { Random } from '../../src/random.js';
import { nextRequest, vocabularyOf, type Harvest } from '../../src/requests.js';

const NODE_MAIN = fileURLToPath(new URL('../../../../apps/node/dist/main.js', import.meta.url));
/**
 * `FUZZ_SEED` and `FUZZ_REQUESTS` replay or extend a run; the defaults are what CI runs. The requests
 * are sent in `SHARDS` files of their own, which run side by side: shard k sends its share from the
 * seed FUZZ_SEED + k - 1 (shard 1 from FUZZ_SEED itself), so each replays on its own.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
export const SHARDS = 4;
/** Requests in flight at once, each on both adapters. */
const CONCURRENCY = 16;
/** The most failures reported, so one broken rule does not print twenty thousand lines. */
const REPORTED = 25;
/** Every request goes to a function URL, and to one of these in turn: each event shape is fuzzed. */
const OTHER_FRONTS: readonly EventKind[] = ['http-api', 'rest-api', 'alb'];

/**
 * One shard of the fuzzer: its share of the requests, from its own seed, through a Node server and
 * Lambda handlers of its own.
 */
/** Lambda's answer to one it cannot return, for an answer Node sent over an ALB's 1 MB response limit. */
const isTooLargeRefusal = (reply: Reply, node: Reply) =>
  reply.status === 500 &&
  node.status === 200 &&
  node.bytes.length > 1_000_000 &&
  reply.text.includes('is larger than this deployment can return');

export function describeFuzzShard(shard: number): void {
  const seed = SEED + shard - 1;
  const requests = Math.ceil(REQUESTS / SHARDS);

  describe(`the fuzzer, shard ${shard} of ${SHARDS}`, () => {
    let server: ServerProcess;
    /** One Lambda instance per front end, so that each counts a keyed request once, as the Node server does. */
    const handlers = new Map<EventKind, LambdaHandler>();
    /** Error-level lines of the handlers' log (stderr): a request the app failed to answer. */
    const errorLog: string[] = [];

    beforeAll(async () => {
      const { path } = await writeTestKeyFile();
      server = await spawnServer(NODE_MAIN, { GAMEDATA_KEYS_FILE: path });
      // The handler writes one log line per request to stdout: kept out of the test's output.
      vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        if (String(chunk).includes('"level":"error"')) errorLog.push(String(chunk));
        return true;
      });
      const env = { GAMEDATA_KEYS_JSON: await readFile(path, 'utf8') };
      for (const kind of ['function-url' as const, ...OTHER_FRONTS])
        handlers.set(kind, await importBuiltHandler(env, kind));
    });

    afterAll(async () => {
      vi.restoreAllMocks();
      server.child.kill('SIGTERM');
      await server.exited;
    });

    it(`sends ${requests} seeded requests (seed ${seed}, shard ${shard} of ${SHARDS}) through Node and Lambda: no 5xx, nothing off the contract, the same answer from both`, async () => {
      const sendToNode = sendOverHttp(server.url);
      const document = await sendToNode({
        path: '/v1/openapi.json',
        headers: { authorization: `Bearer ${TEST_KEY}` },
      });
      const validator = createOpenApiValidator(document.json<OpenAPIV3_1.Document>());
      // The languages and the paths that take `lang`, as the document gives them: what is sent, and what the answers are held to.
      const languages = languagesOf(document.json<OpenAPIV3_1.Document>());
      const languageContract: LanguageContract = {
        tags: languages.tags,
        localized: (pathname) => languages.paths.some(({ pattern }) => pattern.test(pathname)),
      };
      const random = new Random(seed);
      const vocabulary = vocabularyOf(demo, TEST_KEY, languages);
      const harvest: Harvest = { cursors: [], etags: [] };
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;

      const harvestFrom = (reply: Reply) => {
        const etag = reply.headers.get('etag');
        if (etag && harvest.etags.length < 500) harvest.etags.push(etag);
        if (
          reply.status === 200 &&
          reply.bytes.length > 0 &&
          reply.headers.get('content-type')?.startsWith('application/json') &&
          harvest.cursors.length < 500
        ) {
          const cursor = reply.json<{ meta?: { cursor?: unknown } }>().meta?.cursor;
          if (typeof cursor === 'string') harvest.cursors.push(cursor);
        }
      };

      const one = async (n: number) => {
        const request = nextRequest(random, vocabulary, harvest);
        // Every request comes from an address of its own (Node: the socket's, from 127.0.0.0/8; Lambda:
        // the event's source IP), so no client runs out of requests and both adapters count alike.
        const client = `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
        const outgoing = { ...request, headers: { ...request.headers, host: 'fuzz.example' } };
        const throughLambda = (kind: EventKind) =>
          (handlers.get(kind) as LambdaHandler)(
            toEvent(kind, { ...outgoing, sourceIp: client }),
            LAMBDA_CONTEXT,
          ).then((result) => decodeReply(toReply(result)));
        // The other fronts rebuild the target from what arrives decoded (an HTTP API's path, a REST
        // API's query), so their answers are held to the contract only; each takes a third of the requests.
        const front = OTHER_FRONTS[n % OTHER_FRONTS.length] as EventKind;
        const [node, lambda, other] = await Promise.all([
          sendToNode({ ...outgoing, localAddress: client }).then(decodeReply),
          throughLambda('function-url'),
          throughLambda(front),
        ]);
        statuses.set(node.status, (statuses.get(node.status) ?? 0) + 1);
        // The document describes paths as the server reads them: dot segments resolved.
        const target = new URL(`http://fuzz.example${request.path.replace(/\\/g, '%5C')}`);
        const described = { method: request.method, path: target.pathname };
        const problems = [
          ...contractProblems(request.method, node).map((p) => `Node: ${p}`),
          ...contractProblems(request.method, lambda).map((p) => `Lambda: ${p}`),
          // An answer over the front's response limit (an ALB's 1 MB: the demo's whole SQLite file),
          // with no edge to send the client to, is the refusal the README documents, not a failure.
          ...(isTooLargeRefusal(other, node)
            ? []
            : contractProblems(request.method, other).map((p) => `Lambda behind ${front}: ${p}`)),
          ...validator
            .problemsWith(described, node)
            .map((p) => `Node, against the OpenAPI document: ${p}`),
          // Not behind the other fronts, which may route a decoded path elsewhere.
          ...languageProblems(request.method, target, request.headers, node, languageContract).map(
            (p) => `Node: ${p}`,
          ),
          ...languageProblems(
            request.method,
            target,
            request.headers,
            lambda,
            languageContract,
          ).map((p) => `Lambda: ${p}`),
          ...disagreements(node, lambda, described.path === '/v1/status' && node.status < 400),
        ];
        if (problems.length > 0)
          failures.push(
            `#${n} ${request.method} ${request.path} ${JSON.stringify(request.headers)}\n  ${problems.join('\n  ')}`,
          );
        return node;
      };

      for (let next = 0; next < requests;) {
        const batch = Array.from(
          { length: Math.min(CONCURRENCY, requests - next) },
          (_, i) => next + i,
        );
        next += batch.length;
        // Harvested in the order sent, so a seed replays the same cursors and etags.
        for (const reply of await Promise.all(batch.map(one))) harvestFrom(reply);
        sent += batch.length;
      }

      vi.mocked(process.stderr.write).mockRestore();
      const summary = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      process.stderr.write(
        `fuzz: seed ${seed} (shard ${shard} of ${SHARDS}), ${sent} requests through each adapter; Node statuses ${summary}; ${failures.length} failing; ${errorLog.length} lines of the Lambda error log\n`,
      );
      expect(errorLog.slice(0, REPORTED), 'the Lambda handlers logged failures').toEqual([]);
      expect(
        failures.slice(0, REPORTED),
        `${failures.length} of ${sent} requests failed (replay with FUZZ_SEED=${SEED}, shard ${shard})`,
      ).toEqual([]);
    });
  });
}
