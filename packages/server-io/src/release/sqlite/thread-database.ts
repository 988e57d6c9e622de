import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A row as node-sqlite3-wasm gives it: its columns by name. */
export type SqlRow = Record<string, unknown>;

/**
 * The thread's code: one connection (node-sqlite3-wasm, as on the main thread), a batch of statements
 * per message, run in order to the first that fails; each one's rows, and the failure, sent back. A
 * batch, not a statement per message: the thread goes on through it however busy the main thread is.
 * A string rather than a file, so that it runs alike from the built package and from the TypeScript
 * sources the tests load.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Database } = require(workerData.module);
const db = new Database(workerData.path);
parentPort.on('message', ({ id, statements }) => {
  if (statements === undefined) {
    db.close();
    parentPort.postMessage({ id, results: [] });
    parentPort.close();
    return;
  }
  const results = [];
  try {
    for (const sql of statements) results.push(db.all(sql));
    parentPort.postMessage({ id, results });
  } catch (error) {
    parentPort.postMessage({ id, results, failure: String(error && error.message) });
  }
});
`;

const SQLITE_MODULE = createRequire(import.meta.url).resolve('node-sqlite3-wasm');

/** What a batch gave: each statement's rows up to the first that failed, and that one's error. */
export interface BatchResult {
  results: SqlRow[][];
  /** SQLite's error for `statements[results.length]`, the first that failed. */
  failure?: string;
}

/**
 * A database file opened on a thread of its own: SQLite in WebAssembly holds the thread it runs on, so
 * work that needs only the file (building its indexes, `VACUUM`, `integrity_check`) runs there while
 * the main thread does the rest of a publish.
 */
export interface ThreadDatabase {
  /** Runs statements in order, to the first that fails. */
  run(statements: readonly string[]): Promise<BatchResult>;
  /** Closes the database and ends the thread. */
  close(): Promise<void>;
}

/**
 * Opens `path` on a new thread.
 *
 * @example const db = openThreadDatabase(path); await db.run(['ANALYZE', 'VACUUM']); await db.close();
 */
export function openThreadDatabase(path: string): ThreadDatabase {
  const thread = new Worker(THREAD_CODE, {
    eval: true,
    workerData: { module: SQLITE_MODULE, path },
  });
  const pending = new Map<
    number,
    { resolve: (result: BatchResult) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  let failure: Error | undefined;
  thread.on('message', ({ id, ...result }: BatchResult & { id: number }) => {
    pending.get(id)?.resolve(result);
    pending.delete(id);
  });
  const fail = (error: Error) => {
    failure = error;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  thread.on('error', fail);
  thread.on('exit', () => fail(failure ?? new Error('the SQLite thread ended')));
  const send = (statements: readonly string[] | undefined) =>
    new Promise<BatchResult>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      thread.postMessage({ id, statements });
    });
  return {
    run: (statements) => send(statements),
    close: async () => {
      // A thread that failed is ended as it is.
      if (failure) await thread.terminate();
      else await send(undefined);
    },
  };
}
