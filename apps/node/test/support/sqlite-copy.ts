import { copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';

/**
 * A private copy of a SQLite file for node-sqlite3-wasm to open: its file system layer locks a file
 * with a directory beside it (`<file>.lock`) even to read it, so two test files reading the demo's
 * file at once would refuse each other ("database is locked").
 */
export async function privateCopy(file: string): Promise<string> {
  const copy = join(await makeTempDir('sqlite'), basename(file));
  await copyFile(file, copy);
  return copy;
}
