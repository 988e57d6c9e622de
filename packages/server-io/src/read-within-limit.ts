import { open } from 'node:fs/promises';

/**
 * Reads a file unless it holds more than `limit` bytes: then gives its size alone, so that a file too
 * large to hold is refused by name instead of read. The size comes from the open file, not the path,
 * so it is the size of the file read. `undefined` when there is no file.
 *
 * @example await readWithinLimit('export/items.json', 256 * 1024 * 1024) // { bytes } or { size: 600000000 }
 */
export async function readWithinLimit(
  path: string,
  limit: number,
): Promise<{ bytes: Buffer } | { size: number } | undefined> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (handle === undefined) return undefined;
  try {
    const { size } = await handle.stat();
    return size > limit ? { size } : { bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}
