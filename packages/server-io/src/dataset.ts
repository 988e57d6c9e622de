import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATASET_FILES, type DatasetSource } from '@gamedata/core';
import { readIfPresent } from './read-file.js';

/**
 * Reads a dataset directory (dataset/README.md) into the form core validates. A missing file is left
 * out rather than thrown, so that the loader can report it with every other problem.
 *
 * @example const source = await readDatasetSource('dataset'); loadDataset(source, stamp)
 */
export async function readDatasetSource(dir: string): Promise<DatasetSource> {
  const files: Record<string, string | undefined> = {};
  for (const name of Object.values(DATASET_FILES)) files[name] = await readIfPresent(join(dir, name));
  const sprites = new Map<string, Uint8Array<ArrayBuffer>>();
  const spriteDir = join(dir, 'sprites');
  const names = await readdir(spriteDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.endsWith('.png'))
      .map(async (name) => sprites.set(name.slice(0, -'.png'.length), new Uint8Array(await readFile(join(spriteDir, name))))),
  );
  return { files, sprites };
}

/** Thrown when a dataset fails validation; the message lists every problem, one per line. */
export class InvalidDatasetError extends Error {
  constructor(dir: string, details: string) {
    super(`Dataset at ${dir} is invalid:\n${details}`);
    this.name = 'InvalidDatasetError';
  }
}
