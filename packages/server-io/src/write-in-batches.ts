/** Where a batch's lines go: pino's destination (sonic-boom), which queues its writes on libuv. */
export interface QueuedDestination {
  write(chunk: string): unknown;
  /** Writes out at once whatever it holds that no write is under way for. */
  flushSync(): void;
}

/** A stream pino writes its lines to. */
export interface LineBatch {
  write(line: string): void;
  /** Hands the lines given so far to the destination and has it write out what it holds. */
  flush(): void;
}

/**
 * How long a line waits for others to join it. Each write handed to libuv's thread pool costs the
 * main thread far more than making a line does, so fewer, larger writes leave a busy server more
 * time to answer; a log reader does not notice 5 ms. Why 5 ms: bench/README.md,
 * "Access-log batches".
 */
export const BATCH_HOLD_MS = 5;

/** Batches holding lines; written out if the process exits first. */
const waiting = new Set<LineBatch>();
let flushedAtExit = false;

/**
 * Joins the lines given within `holdMs` of the first and hands them to `destination` in one write. Lines
 * keep their order, and every line given is written whole, exactly as given, also when the process
 * exits first; the batch only decides when. A process with lines held lives on until they are written.
 *
 * @example const batch = writeInBatches(pino.destination({ dest: 1, sync: false })); pino({}, batch);
 */
export function writeInBatches(destination: QueuedDestination, holdMs = BATCH_HOLD_MS): LineBatch {
  let lines = '';
  const release = () => {
    waiting.delete(batch);
    if (lines === '') return;
    const chunk = lines;
    lines = '';
    destination.write(chunk);
  };
  const batch: LineBatch = {
    write(line) {
      if (lines === '' && line !== '') {
        setTimeout(release, holdMs);
        waiting.add(batch);
        if (!flushedAtExit) {
          flushedAtExit = true;
          process.on('exit', () => {
            for (const held of waiting) held.flush();
          });
        }
      }
      lines += line;
    },
    flush() {
      release();
      destination.flushSync();
    },
  };
  return batch;
}
