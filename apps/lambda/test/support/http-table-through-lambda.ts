import { compressBody } from '@gamedata/server-io/compress';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, createKeyStore } from '@gamedata/core';
import { readKeyFile } from '@gamedata/server-io/key-file';
import { demo, TEST_KEY, TEST_KEY_ID, writeTestKeyFile } from '@gamedata/test-support/demo';
import { HTTP_TABLE, runCase, type HttpCase } from '@gamedata/test-support/http-table';
import { expectSameAnswer } from '@gamedata/test-support/same-answer';
import { sendInProcess, type Outgoing, type Send } from '@gamedata/test-support/send';
import type { LambdaHandler } from '../../src/handler.js';
import { importBuiltHandler, LAMBDA_CONTEXT } from './built-handler.js';
import { EVENT_KINDS, toEvent, toReply, type EventKind } from './lambda-events.js';

/**
 * HTTP APIs decode the path before Lambda sees it, so an encoded slash arrives as a real one
 * (`/v1/items/..%2F..%2Fpackage.json` as `/v1/items/../../package.json`) and no handler can tell them
 * apart. Such a request is a 404 either way; only which 404 (its message, so its etag) can differ.
 */
const arrivesDecoded = (kind: EventKind, testCase: HttpCase) =>
  kind === 'http-api' && /%2f/i.test(testCase.request.path.split('?')[0] as string);

/** Sends through the handler as the given AWS service would, checking the result's shape on the way. */
export function sendThroughLambda(handler: LambdaHandler, kind: EventKind, sourceIp: string): Send {
  const send = async (request: Outgoing) => {
    const event = toEvent(kind, { ...request, sourceIp });
    const result = await handler(event, LAMBDA_CONTEXT);
    const reply = toReply(result);
    // Binary (base64 with isBase64Encoded) for images, the SQLite file and compressed bodies; the rest stays text.
    const binary =
      ['image/png', 'application/vnd.sqlite3'].includes(reply.headers.get('content-type') ?? '') ||
      reply.headers.has('content-encoding');
    expect(result.isBase64Encoded).toBe(binary);
    // Events with multiValueHeaders (REST, multi-value ALB) are answered with multiValueHeaders.
    expect('multiValueHeaders' in result).toBe('multiValueHeaders' in event);
    return reply;
  };
  return Object.assign(send, { target: `${targetOf(handler)} ${kind}` });
}

const handlerIds = new WeakMap<LambdaHandler, string>();
/** A name for a handler, the same for every send through it: what its OpenAPI validator is kept by. */
function targetOf(handler: LambdaHandler): string {
  let id = handlerIds.get(handler);
  if (id === undefined)
    handlerIds.set(handler, (id = `lambda ${Math.random().toString(36).slice(2)}`));
  return id;
}

/**
 * Runs the shared HTTP table through the built handler with events of one kind, and checks every
 * answer against core's app answering the same request in-process, from the same client address:
 * status, headers and body.
 */
export function describeHttpTableThroughLambda(kind: EventKind): void {
  const label = EVENT_KINDS.find((k) => k.kind === kind)?.label ?? kind;

  describe(`HTTP table through the built handler: ${label}`, () => {
    let handler: LambdaHandler;
    let reference: ReturnType<typeof createApp>;
    const logged: string[] = [];
    /** Error-level lines of the handler's log (stderr): a request the app failed to answer. */
    const errorLines: string[] = [];

    beforeAll(async () => {
      const { path } = await writeTestKeyFile();
      // The access log goes to stdout; keep it, to check below that no key ever reaches it.
      vi.spyOn(process.stdout, 'write').mockImplementation(
        (chunk) => (logged.push(String(chunk)), true),
      );
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        if (String(chunk).includes('"level":"error"')) errorLines.push(String(chunk));
        return true;
      });
      handler = await importBuiltHandler({ GAMEDATA_KEYS_JSON: await readFile(path, 'utf8') });
      // Core's app in-process, over the demo dataset the package ships and the same key file.
      reference = createApp({
        dataset: demo,
        keyStore: createKeyStore((await readKeyFile(path)).keys),
        compress: compressBody,
      });
    });
    afterAll(() => vi.restoreAllMocks());

    // A fresh client address per case keeps anonymous cases inside their own 60-request window.
    let client = 0;
    it.each(HTTP_TABLE.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
      const sourceIp = `198.51.100.${++client % 250}`;
      const lambda = await runCase(sendThroughLambda(handler, kind, sourceIp), testCase);
      const expected = await runCase(sendInProcess(reference, sourceIp), testCase);
      expectSameAnswer(lambda, expected, {
        errorCodeOnly: arrivesDecoded(kind, testCase),
        instanceBound: testCase.instanceBound === true,
      });
    });

    it('logged every request by key id and client address, and never a key', () => {
      const lines = logged
        .join('')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.length).toBeGreaterThanOrEqual(HTTP_TABLE.length);
      expect(requests.some((line) => line.keyId === TEST_KEY_ID)).toBe(true);
      expect(
        requests.every(
          (line) => typeof line.client === 'string' && line.client.startsWith('198.51.100.'),
        ),
      ).toBe(true);
      expect(requests.some((line) => String(line.path).includes('key=[redacted]'))).toBe(true);
      expect(logged.join('')).not.toContain(TEST_KEY);
    });

    it('logged no failure: every case was answered by the app, none by its error path', () => {
      expect(errorLines).toEqual([]);
    });
  });
}
