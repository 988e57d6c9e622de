import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATASET_VERSION_PATTERN } from '@gamedata/core/runtime';
import { readIfPresent, readInChunks } from '../read-file.js';
import { directoryRanges } from './database-file.js';
import { CURRENT_FILE, RELEASE_FILES, USES_FILE, type ReleaseStore } from './store.js';

/** Writes `path` whole or not at all: readers see the old bytes or the new ones, never a part. */
async function replaceFile(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

/**
 * A releases directory: one directory per release, named by its version, and the file `CURRENT`.
 * A release is written into a temporary directory and renamed into place once every file is written,
 * so a failure leaves no release behind.
 */
export function directoryStore(root: string): ReleaseStore {
  const store: ReleaseStore = {
    location: root,
    releaseLocation: (version) => join(root, version),
    async listVersions() {
      const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      return names.filter((name) => DATASET_VERSION_PATTERN.test(name));
    },
    async readCurrent() {
      const text = await readIfPresent(join(root, CURRENT_FILE));
      return { text, tag: text };
    },
    async readCurrentIfChanged(since) {
      const current = await store.readCurrent();
      return current.tag !== undefined && current.tag === since ? 'unchanged' : current;
    },
    localPath: (version, name) => join(root, version, name),
    readFile: (version, name, onChunk) =>
      readInChunks(join(root, version, name), onChunk).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
        throw error;
      }),
    readRange: (version, name, start, end) =>
      directoryRanges(join(root, version))(name, start, end),
    async writeRelease(version, files) {
      const temporary = join(root, `.${version}.${process.pid}.tmp`);
      await mkdir(root, { recursive: true });
      try {
        await mkdir(temporary);
        for (const [name, data] of Object.entries(files))
          await writeFile(join(temporary, name), data);
        if ((await store.listVersions()).includes(version))
          throw new Error(`release ${version} exists already in ${root}`);
        await rename(temporary, join(root, version));
      } finally {
        await rm(temporary, { recursive: true, force: true });
      }
    },
    async replaceFiles(version, files) {
      const { [RELEASE_FILES.manifest]: manifest, ...others } = files;
      for (const [name, data] of Object.entries(others))
        await replaceFile(join(root, version, name), data);
      if (manifest) await replaceFile(join(root, version, RELEASE_FILES.manifest), manifest);
    },
    writeCurrent: (text) => replaceFile(join(root, CURRENT_FILE), text),
    readUses: () => readIfPresent(join(root, USES_FILE)),
    writeUses: (text) => replaceFile(join(root, USES_FILE), text),
  };
  return store;
}
