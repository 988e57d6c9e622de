/** Where a batch's lines go: pino's destination (sonic-boom), which queues its writes on libuv. */
export interface QueuedDestination {
  write(chunk: string): unknown;
  /** Writes out at once whatever it holds that no write is under way for. */
  flushSync(): void;
}

/** A stream pino writes its lines to. */
export interface TurnBatch {
  write(line: string): void;
  /** Hands the lines given so far to the destination and has it write out what it holds. */
  flush(): void;
}

/** Batches holding lines until the end of their turn; written out if the process exits first. */
const waiting = new Set<TurnBatch>();
let flushedAtExit = false;

/**
 * Joins the lines given during one turn of the event loop and hands them to `destination` in one
 * write once the turn's I/O callbacks are done (`setImmediate`). A busy server answers several
 * requests per turn, and handing a write to libuv's thread pool costs more than making a line, while
 * a quiet server's line still goes out in the turn it was logged. Lines keep their order, and every
 * line given is written whole, exactly as given; the batch only decides when.
 *
 * @example const batch = writePerTurn(pino.destination({ dest: 1, sync: false })); pino({}, batch);
 */
export function writePerTurn(destination: QueuedDestination): TurnBatch {
  let lines = '';
  const release = () => {
    waiting.delete(batch);
    if (lines === '') return;
    const chunk = lines;
    lines = '';
    destination.write(chunk);
  };
  const batch: TurnBatch = {
    write(line) {
      if (lines === '' && line !== '') {
        setImmediate(release);
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
