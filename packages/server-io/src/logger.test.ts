import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateApiKey } from '@gamedata/core/runtime';
import { createLineLogger, type LineLogger } from './logger.js';

const key = generateApiKey();
const percentEncoded = (text: string) =>
  [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');
/** Pieces of the key no line may hold: from its middle, as written and percent-encoded. */
const fragments = [key.slice(3, 15), percentEncoded(key.slice(3, 15))];

/** An error whose stack alone holds the key, as a path on disk or a URL in a frame would. */
function errorWithKeyInStack(): Error {
  const error = new Error('upstream refused the request');
  error.stack = `Error: upstream refused the request\n    at send (file:///srv/cache/${key}/client.js:12:7)\n    at async answer (file:///srv/app.js:3:1)`;
  return error;
}

/** Every way a key has been seen to reach a log line other than a request's path. */
const DISGUISES: ReadonlyArray<[string, (log: LineLogger) => void]> = [
  ['in a message', (log) => log.line({ msg: `refused ${key} for the day` })],
  [
    'in a nested field',
    (log) =>
      log.line({ msg: 'request', detail: { headers: [{ authorization: `Bearer ${key}` }] } }),
  ],
  ['as a field’s name', (log) => log.line({ msg: 'keys loaded', tiers: { [key]: 'pro' } })],
  ['quoted, in a message', (log) => log.line({ msg: `key "${key}" is revoked` })],
  [
    'percent-encoded, every character',
    (log) => log.line({ msg: 'request', path: `/v1/items?q=${percentEncoded(key)}` }),
  ],
  [
    'with an upper-case prefix',
    (log) => log.line({ msg: 'request', path: `/v1/items?q=${key.replace('gd_', 'GD_')}` }),
  ],
  ['cut short', (log) => log.line({ msg: 'request', path: `/v1/items?q=${key.slice(0, 20)}` })],
  ['in an error’s stack alone', (log) => log.error('request failed', errorWithKeyInStack())],
  [
    'in an error’s message, and so its stack',
    (log) => log.error('request failed', new Error(`no tier for ${key}`)),
  ],
  [
    'in something thrown that is not an error',
    (log) => log.error('request failed', `no tier for ${key}`),
  ],
];

/**
 * The lines written to stdout and stderr, where the adapters' loggers write them. With `sync: true`
 * (as Lambda builds it) the logger writes to `process.stdout` and `process.stderr` themselves, so
 * the logger under test is the one the adapters use, with no option that exists for tests alone.
 */
function captureOutput(): string[] {
  const written: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk));
      return true;
    });
  }
  return written;
}

describe('createLineLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(DISGUISES)('never writes a key %s', (_name, write) => {
    const written = captureOutput();
    const log = createLineLogger({ sync: true });
    write(log);
    log.flush();
    vi.restoreAllMocks();
    expect(written).toHaveLength(1);
    const [line = ''] = written;
    expect(() => JSON.parse(line) as unknown).not.toThrow();
    for (const fragment of fragments) expect(line).not.toContain(fragment);
    expect(line).toContain('[redacted]');
  });
});
