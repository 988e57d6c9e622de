import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateApiKey } from '@gamedata/core';
import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('../dist/logger.js', import.meta.url));

/** What the real logger writes to stdout and stderr in a child process running `body` (an ES module's statements, with `log` at hand). */
function logged(sync: boolean, body: string): { stdout: string[]; stderr: string[] } {
  const script = `const { createLineLogger } = await import(${JSON.stringify(LOGGER)});
    const log = createLineLogger({ sync: ${sync} });
    process.on('exit', () => log.flush());
    ${body}`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(child.status, child.stderr).toBe(0);
  const lines = (text: string) => text.split('\n').filter((line) => line !== '');
  return { stdout: lines(child.stdout), stderr: lines(child.stderr) };
}

describe('createLineLogger', () => {
  const key = generateApiKey();
  const encoded = [...key]
    .map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .join('');
  const disguises = [key, key.replace('gd_', 'GD_'), encoded, `/v1/items?q=${key}`];

  it.each([false, true])(
    'sync: %s — every line holds its fields in order after time and level, and no key',
    (sync) => {
      const entries = disguises.flatMap((disguise, i) => [
        {
          msg: 'request',
          requestId: `r${i}`,
          method: 'GET',
          path: disguise,
          status: 200,
          durationMs: 0.25,
          client: '10.0.0.1',
        },
        { msg: disguise, detail: { nested: [disguise] } },
      ]);
      // Half of them in one turn, the rest a turn later, so that the batch of a turn holds several.
      const { stdout } = logged(
        sync,
        `const entries = ${JSON.stringify(entries)};
      entries.slice(0, 4).forEach((entry) => log.line(entry));
      setImmediate(() => entries.slice(4).forEach((entry) => log.line(entry)));`,
      );
      expect(stdout).toHaveLength(entries.length);
      for (const [i, line] of stdout.entries()) {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        expect(Object.keys(parsed)).toEqual([
          'level',
          'time',
          ...Object.keys(entries[i] as object),
        ]);
        expect(parsed.level).toBe('info');
        expect(line).toContain('[redacted]');
        expect(line).not.toContain(key.slice(3, 15));
        expect(line).not.toContain(encoded.slice(9, 30));
      }
    },
  );

  it('writes failures to stderr at once, with their message and stack, redacted', () => {
    const { stdout, stderr } = logged(
      false,
      `log.error('lookup failed', new Error('bad ${key}'));`,
    );
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    const parsed = JSON.parse(stderr[0] as string) as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: 'error', error: 'bad [redacted]', msg: 'lookup failed' });
    expect(stderr[0]).not.toContain(key.slice(3));
  });
});
