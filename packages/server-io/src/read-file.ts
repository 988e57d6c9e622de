// node:fs/promises rather than node:fs: the Lambda handler imports this at cold start, and Node's
// module loader has loaded node:fs/promises already, while importing node:fs as an ES module sets up
// its streams too.
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Reads a UTF-8 text file, or gives `undefined` when there is no file at `path`: for files that are
 * optional (a key store not issued yet, a dataset file the loader reports as missing). Any other
 * failure (no permission, a directory) is thrown.
 *
 * @example await readIfPresent('keys.json') // undefined when there is no keys.json
 */
export async function readIfPresent(path: string | URL): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    if (failure.code === 'ENOENT') return undefined;
    // Reading a directory fails with EISDIR from read(2), which names no path; callers say which file.
    failure.path ??= path instanceof URL ? fileURLToPath(path) : path;
    throw failure;
  }
}

/** How much one read asks for: large enough that a snapshot takes few trips to the thread pool. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Reads `length` bytes of an open file from `position` into `into` at `at`, giving each chunk to
 * `onChunk` as soon as it is in while the next one is read: a caller that hashes the chunks (the
 * SHA-256 of a release's files) does so while the disk and the thread pool work, rather than after.
 * Resolves with the bytes read: fewer than `length` when the file ends first.
 */
export async function readRange(
  file: FileHandle,
  into: Uint8Array,
  at: number,
  position: number,
  length: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<number> {
  const readFrom = (done: number) =>
    file.read(into, at + done, Math.min(CHUNK_BYTES, length - done), position + done);
  let done = 0;
  let next = length > 0 ? readFrom(0) : undefined;
  while (next) {
    const { bytesRead } = await next;
    const start = done;
    done += bytesRead;
    next = bytesRead > 0 && done < length ? readFrom(done) : undefined;
    onChunk?.(into.subarray(at + start, at + done));
  }
  return done;
}

/**
 * Reads a whole file into one buffer, chunk by chunk (`readRange`). A file that shrinks while it is
 * read gives the bytes there were; one that grows, the size it had when opened.
 *
 * @example const hash = createHash('sha256'); const bytes = await readInChunks('hashes.json', (chunk) => hash.update(chunk));
 */
export async function readInChunks(
  path: string,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const bytes = new Uint8Array(size);
    const read = await readRange(file, bytes, 0, 0, size, onChunk);
    return read === size ? bytes : bytes.slice(0, read);
  } finally {
    await file.close();
  }
}
