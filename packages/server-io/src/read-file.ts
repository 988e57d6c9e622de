// node:fs/promises rather than node:fs: the Lambda handler imports this at cold start, and Node's
// module loader has loaded node:fs/promises already, while importing node:fs as an ES module sets up
// its streams too.
import { readFile } from 'node:fs/promises';
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
