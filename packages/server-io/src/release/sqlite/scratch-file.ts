import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `use` with the path of a file in a temporary directory of its own, removed after, however `use`
 * ends: SQLite in WebAssembly (node-sqlite3-wasm) reads and writes databases only as files.
 */
export async function withScratchFile<T>(use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'gamedata-sqlite-'));
  try {
    return await use(join(dir, 'release.sqlite'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
