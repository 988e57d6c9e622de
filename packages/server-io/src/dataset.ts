import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileSizeLimit, TRANSLATIONS_DIR, type DatasetSource } from '@gamedata/core';
import { mapConcurrently } from './map-concurrently.js';
import { readWithinLimit } from './read-within-limit.js';

// Here too, where exports are read; a module of its own so that reading a release loads no export reader.
export { InvalidDatasetError } from './invalid-dataset.js';

/**
 * Sprites read at once. An export can hold thousands; a few at a time keep the disk busy while staying
 * far below any descriptor limit (`ulimit -n` is often 1024, and a container's can be lower).
 */
const SPRITE_READS_AT_ONCE = 16;

/** A name the export's tools did not write: a hidden file (`.DS_Store`) is not the operator's. */
const isHidden = (name: string) => name.startsWith('.');

/**
 * The path of every file under `translations/` and in its language directories, which the loader
 * checks by name: a file misplaced or misnamed is reported, not skipped.
 */
async function translationPaths(dir: string): Promise<string[]> {
  const entries = await readdir(join(dir, TRANSLATIONS_DIR), { withFileTypes: true }).catch(
    () => [],
  );
  const paths: string[] = [];
  for (const entry of entries.filter((found) => !isHidden(found.name))) {
    const path = `${TRANSLATIONS_DIR}/${entry.name}`;
    if (!entry.isDirectory()) paths.push(path);
    else
      for (const file of await readdir(join(dir, path), { withFileTypes: true }))
        if (file.isFile() && !isHidden(file.name)) paths.push(`${path}/${file.name}`);
  }
  return paths;
}

/** The JSON files at the export's top level: its manifest and its collections' files, whichever lists the loader reads. */
async function topLevelJson(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return (
    entries
      // A link is read through, as a file opened by its name is.
      .filter(
        (entry) =>
          (entry.isFile() || entry.isSymbolicLink()) &&
          entry.name.endsWith('.json') &&
          !isHidden(entry.name),
      )
      .map((entry) => entry.name)
      .sort()
  );
}

/**
 * Reads a dataset directory (dataset/README.md) into the form core validates. A missing file is left
 * out rather than thrown, and so is a file over its size limit, whose size is noted instead: the
 * loader reports both with every other problem.
 *
 * @example const source = await readDatasetSource('dataset'); loadDataset(source, stamp)
 */
export async function readDatasetSource(dir: string): Promise<DatasetSource> {
  const unread = new Map<string, number>();
  // A file's bytes, or undefined for one that is missing or, noted in `unread`, over its limit.
  const bytesOf = async (path: string) => {
    const result = await readWithinLimit(join(dir, path), fileSizeLimit(path));
    if (result !== undefined && 'size' in result) unread.set(path, result.size);
    return result !== undefined && 'bytes' in result ? result.bytes : undefined;
  };
  const files: Record<string, string | undefined> = {};
  for (const name of [...(await topLevelJson(dir)), ...(await translationPaths(dir))])
    files[name] = (await bytesOf(name))?.toString('utf8');
  const names = (await readdir(join(dir, 'sprites')).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.png'),
  );
  const read = await mapConcurrently(
    names,
    SPRITE_READS_AT_ONCE,
    async (name) => [name.slice(0, -'.png'.length), await bytesOf(`sprites/${name}`)] as const,
  );
  const sprites = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const [id, bytes] of read) if (bytes !== undefined) sprites.set(id, new Uint8Array(bytes));
  return { files, sprites, unread };
}
