import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATASET_FILES, type DatasetSource } from '@gamedata/core';
import { mapConcurrently } from './map-concurrently.js';
import { readIfPresent } from './read-file.js';

/**
 * Sprites read at once. An export can hold thousands; a few at a time keep the disk busy while staying
 * far below any descriptor limit (`ulimit -n` is often 1024, and a container's can be lower).
 */
const SPRITE_READS_AT_ONCE = 16;

/**
 * Reads a dataset directory (dataset/README.md) into the form core validates. A missing file is left
 * out rather than thrown, so that the loader can report it with every other problem.
 *
 * @example const source = await readDatasetSource('dataset'); loadDataset(source, stamp)
 */
export async function readDatasetSource(dir: string): Promise<DatasetSource> {
  const files: Record<string, string | undefined> = {};
  for (const name of Object.values(DATASET_FILES)) files[name] = await readIfPresent(join(dir, name));
  const spriteDir = join(dir, 'sprites');
  const names = (await readdir(spriteDir).catch(() => [] as string[])).filter((name) => name.endsWith('.png'));
  const sprites = await mapConcurrently(names, SPRITE_READS_AT_ONCE, async (name) => {
    const id = name.slice(0, -'.png'.length);
    return [id, new Uint8Array(await readFile(join(spriteDir, name)))] as const;
  });
  return { files, sprites: new Map(sprites) };
}

/** Thrown when a dataset fails validation; the message lists every problem, one per line. */
export class InvalidDatasetError extends Error {
  constructor(dir: string, details: string) {
    super(`Dataset at ${dir} is invalid:\n${details}`);
    this.name = 'InvalidDatasetError';
  }
}
