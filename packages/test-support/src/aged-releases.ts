import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyDemoReleases } from './demo.js';

/**
 * A release file of the current format as the writer before keyed columns, indexed fields, language
 * lists, search texts and record histories wrote it — the demo's releases until they were upgraded:
 * format 4 (`gdsnap4`, the header's length, the header without a table of contents, the sections
 * back to back), the same header but for those, the same sections but for the last three kinds.
 */
export function writtenBeforeSections(snapshot: Uint8Array): Uint8Array {
  const bytes = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.length);
  const end = 16 + bytes.readUInt32LE(8);
  const {
    sections,
    format: _,
    ...header
  } = JSON.parse(bytes.subarray(16, end).toString()) as {
    sections: Array<{ name: string; offset: number; length: number }>;
    [field: string]: unknown;
  };
  delete header.languageLists;
  delete header.searchTexts;
  for (const collection of Object.values(header.collections as Record<string, object>)) {
    delete (collection as { keyed?: unknown }).keyed;
    delete (collection as { indexed?: unknown }).indexed;
  }
  const kept = sections.filter(({ name }) => !/^(language-|search-|record-history)/.test(name));
  const text = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(12);
  prefix.write('gdsnap4\n');
  prefix.writeUInt32LE(text.length, 8);
  return Buffer.concat([
    prefix,
    text,
    ...kept.map(({ offset, length }) => bytes.subarray(end + offset, end + offset + length)),
  ]);
}

/**
 * A copy of the demo releases (in a fresh temporary directory) as an earlier writer wrote them: each
 * release file `writtenBeforeSections`, its manifest naming the file's SHA-256, and no SQLite file
 * (that writer wrote none).
 */
export async function agedDemoReleases(): Promise<string> {
  const dir = await copyDemoReleases();
  for (const version of (await readdir(dir)).filter((name) => /^\d/.test(name))) {
    const file = join(dir, version, 'dataset.snapshot');
    const aged = writtenBeforeSections(await readFile(file));
    await writeFile(file, aged);
    const manifestFile = join(dir, version, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as {
      files: Record<string, string>;
      sqlite?: { file: string; encoded: Record<string, { file: string }> };
    };
    manifest.files['dataset.snapshot'] = createHash('sha256').update(aged).digest('hex');
    const { sqlite } = manifest;
    for (const name of sqlite
      ? [sqlite.file, ...Object.values(sqlite.encoded).map((f) => f.file)]
      : []) {
      await rm(join(dir, version, name));
      delete manifest.files[name];
    }
    delete manifest.sqlite;
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return dir;
}
