// Both adapters log the same JSON lines through pino (flat entries, such as access-log lines, are
// written in pino's format without it): on Node to the terminal or a log collector, on Lambda to
// CloudWatch Logs, which takes stdout and stderr as they are. Lines go to stdout; failures to stderr.
import pino, { type Logger } from 'pino';
import { redactKeyLike } from '@gamedata/core/runtime';
import { flatInfoLine } from './flat-line.js';
import { isoTimeOncePerMillisecond } from './iso-time.js';
import { writeInBatches } from './write-in-batches.js';

/**
 * One JSON line per call, with `time` (ISO 8601, from `time`) and `level` by name before the entry's
 * own fields. Whatever looks like one of our API keys is redacted from the finished line, whichever
 * field holds it — a path, a message, a stack — so no line can carry a key.
 */
export function createJsonLogger(
  stream: pino.DestinationStream,
  time: () => string = isoTimeOncePerMillisecond(),
): Logger {
  return pino(
    {
      base: null,
      timestamp: time,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: redactKeyLike },
    },
    stream,
  );
}

/** Where a process writes its lines. */
export interface LineLogger {
  /** An access-log entry or an event: `{ msg: 'ready', url }`. */
  line(entry: Record<string, unknown>): void;
  /** A failure, with the error's message and stack. */
  error(message: string, error: unknown): void;
  /** Writes out whatever is still buffered; call before the process exits. */
  flush(): void;
}

/**
 * A logger for an adapter. `sync: false` (the Node adapter) never makes a request wait for its log
 * line: the lines of a few milliseconds are written together (`writeInBatches`), queued, and the
 * requests go on. `sync: true` (Lambda) writes each line before the handler returns, as the instance
 * may be frozen right after and a queued line would wait for the next invocation. Failures are rare,
 * so they are always written at once.
 *
 * @example const log = createLineLogger({ sync: false }); log.line({ msg: 'ready', url });
 */
export function createLineLogger(options: { sync: boolean }): LineLogger {
  // minLength 0: each batch is handed to the OS as soon as the previous write is done, and batches
  // that are ready meanwhile are written together.
  const queue = options.sync
    ? undefined
    : writeInBatches(pino.destination({ dest: 1, sync: false, minLength: 0 }));
  // process.stdout and process.stderr write synchronously to files and pipes on Linux.
  const stream = queue ?? process.stdout;
  const time = isoTimeOncePerMillisecond();
  const out = createJsonLogger(stream, time);
  const err = createJsonLogger(process.stderr);
  return {
    // The line pino would write, made at once when the entry is flat (flatInfoLine), and redacted as
    // pino's streamWrite hook redacts every line.
    line: (entry) => {
      const flat = flatInfoLine(entry, time());
      if (flat === undefined) out.info(entry);
      else stream.write(redactKeyLike(flat));
    },
    error: (message, error) => {
      const detail =
        error instanceof Error
          ? { error: error.message, stack: error.stack }
          : { error: String(error) };
      err.error({ ...detail, msg: message });
    },
    flush: () => queue?.flush(),
  };
}
