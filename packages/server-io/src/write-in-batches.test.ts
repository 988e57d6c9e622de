import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BATCH_HOLD_MS, writeInBatches, type QueuedDestination } from './write-in-batches.js';

const held = () => new Promise<void>((resolve) => setTimeout(resolve, BATCH_HOLD_MS + 5));
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function recordingDestination(): QueuedDestination & { writes: string[]; flushes: number } {
  const destination = {
    writes: [] as string[],
    flushes: 0,
    write: (chunk: string) => destination.writes.push(chunk),
    flushSync: () => void destination.flushes++,
  };
  return destination;
}

describe('writeInBatches', () => {
  it('hands the lines given within the hold to the destination in one write, in order, once it ends', async () => {
    const destination = recordingDestination();
    const batch = writeInBatches(destination);
    batch.write('a\n');
    batch.write('b\n');
    await endOfTurn();
    batch.write('c\n');
    expect(destination.writes).toEqual([]);
    await held();
    expect(destination.writes).toEqual(['a\nb\nc\n']);
  });

  it('writes each hold that logged, and nothing while none did', async () => {
    const destination = recordingDestination();
    const batch = writeInBatches(destination);
    batch.write('a\n');
    await held();
    await held();
    batch.write('b\n');
    await held();
    expect(destination.writes).toEqual(['a\n', 'b\n']);
  });

  it('flush hands over the lines at once and flushes the destination; the end of the hold adds nothing', async () => {
    const destination = recordingDestination();
    const batch = writeInBatches(destination);
    batch.write('a\n');
    batch.flush();
    expect(destination.writes).toEqual(['a\n']);
    expect(destination.flushes).toBe(1);
    batch.write('b\n');
    await held();
    expect(destination.writes).toEqual(['a\n', 'b\n']);
  });

  it('a line logged just before the process exits is written', () => {
    // The real logger in a child process: lines given in the turn that calls process.exit, well after
    // the first line's batch was handed over and written. (A batch whose write is still under way on
    // libuv's thread pool when the process exits can land after the lines written at exit: the exit
    // cannot wait for it. Exiting 5 ms after the first line, as this test once did, sometimes hit that.)
    const logger = fileURLToPath(new URL('../dist/logger.js', import.meta.url));
    const script = `const { createLineLogger } = await import(${JSON.stringify(logger)});
      const log = createLineLogger({ sync: false });
      log.line({ msg: 'first' });
      setTimeout(() => { log.line({ msg: 'last', n: 1 }); log.line({ msg: 'last', n: 2 }); process.exit(0); }, 100);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    const lines = child.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; n?: number });
    expect(lines.map((line) => [line.msg, line.n])).toEqual([
      ['first', undefined],
      ['last', 1],
      ['last', 2],
    ]);
  });
});
