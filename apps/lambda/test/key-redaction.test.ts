import { describe, expect, it, vi } from 'vitest';
import { keyDisguises, keyFragments } from '@gamedata/test-support/key-disguises';
import { TEST_KEY } from '@gamedata/test-support/demo';
import { importBuiltHandler, LAMBDA_CONTEXT } from './support/built-handler.js';
import { EVENT_KINDS, toEvent } from './support/lambda-events.js';

describe('the built handler’s log', () => {
  it('never holds a key, in any of the places a client may put one, from any event source', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) =>
      Boolean(written.push(String(chunk))),
    );
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) =>
      Boolean(written.push(String(chunk))),
    );
    const handler = await importBuiltHandler({});
    const disguises = keyDisguises(TEST_KEY);
    for (const { kind } of EVENT_KINDS) {
      for (const [, path] of disguises)
        await handler(toEvent(kind, { path, sourceIp: '203.0.113.70' }), LAMBDA_CONTEXT);
    }
    vi.restoreAllMocks();
    const log = written.join('');
    expect(log.split('\n').filter((line) => line.includes('"msg":"request"'))).toHaveLength(
      disguises.length * EVENT_KINDS.length,
    );
    for (const fragment of keyFragments(TEST_KEY)) expect(log).not.toContain(fragment);
  });
});
