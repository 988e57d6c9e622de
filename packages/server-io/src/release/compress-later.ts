import { Worker } from 'node:worker_threads';
import type { BrotliOptions } from 'node:zlib';

/**
 * The thread that compresses: zlib's sync calls, one job after another, each result sent back as a
 * buffer of its own. Its code is a string, not a file, so that it runs alike from the built package
 * and from the TypeScript sources the tests load.
 */
const WORKER_CODE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
parentPort.on('message', ({ id, coding, bytes, options }) => {
  try {
    const out = coding === 'gzip' ? zlib.gzipSync(bytes, options) : zlib.brotliCompressSync(bytes, options);
    const own = new Uint8Array(out);
    parentPort.postMessage({ id, bytes: own }, [own.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

interface Pending {
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
}

interface Compressor {
  thread: Worker;
  /** Its jobs not yet answered, by id. */
  pending: Map<number, Pending>;
}

let current: Compressor | undefined;
let nextId = 0;

function compressor(): Compressor {
  if (current) return current;
  const thread = new Worker(WORKER_CODE, { eval: true });
  const pending = new Map<number, Pending>();
  const settled = (id: number) => {
    const job = pending.get(id);
    pending.delete(id);
    // Idle, it keeps no process alive.
    if (pending.size === 0) thread.unref();
    return job;
  };
  thread.on(
    'message',
    ({ id, bytes, error }: { id: number; bytes?: Uint8Array<ArrayBuffer>; error?: string }) => {
      const job = settled(id);
      if (bytes) job?.resolve(bytes);
      else job?.reject(new Error(`compressing failed: ${error}`));
    },
  );
  // A thread that fails or ends takes its own jobs with it; the next job starts a new one.
  const end = (error: Error) => {
    for (const job of pending.values()) job.reject(error);
    pending.clear();
    if (current?.thread === thread) current = undefined;
  };
  thread.once('error', end);
  thread.once('exit', () => end(new Error('the compressing thread ended')));
  thread.on('messageerror', end);
  current = { thread, pending };
  return current;
}

/**
 * One thread, not one per core: a publish's longest path is the main thread's (the SQLite file is
 * written and checked there), and on two cores a second compressing thread would take its core. zlib's
 * own async calls run on libuv's pool but go back to the main thread between 16 KiB chunks and
 * between jobs, so a main thread busy in SQLite's WebAssembly would hold them back.
 */
function compress(
  coding: 'gzip' | 'br',
  bytes: Uint8Array,
  options: object,
): Promise<Uint8Array<ArrayBuffer>> {
  const { thread, pending } = compressor();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    try {
      thread.postMessage({ id, coding, bytes, options });
    } catch (error) {
      reject(error as Error);
      return;
    }
    pending.set(id, { resolve, reject });
    thread.ref();
  });
}

/**
 * `bytes` gzipped on a thread of their own while the main thread goes on with other work; the same
 * bytes as `gzipSync` at the same level. Jobs run one after another, in the order they are asked for.
 */
export const gzipLater = (bytes: Uint8Array, level: number): Promise<Uint8Array<ArrayBuffer>> =>
  compress('gzip', bytes, { level });

/** `bytes` in brotli, as `gzipLater`: the same bytes as `brotliCompressSync` with `params`. */
export const brotliLater = (
  bytes: Uint8Array,
  params: NonNullable<BrotliOptions['params']>,
): Promise<Uint8Array<ArrayBuffer>> => compress('br', bytes, { params });
