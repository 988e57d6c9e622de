import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyDemoReleases } from './demo.js';

/** The sections a release file's header names by the lengths of its parts: `[tag, ...lengths]`. */
const sectionsLength = (entries: unknown): number =>
  ((entries ?? []) as Array<[string, ...number[]]>).reduce(
    (sum, [, ...lengths]) => lengths.reduce((a, b) => a + b, sum),
    0,
  );

/**
 * A release file as the writer before keyed columns, indexed fields, language lists and search texts
 * wrote it — the demo's releases until they were upgraded: the same header but for those, and the
 * same sections but for the last two.
 */
export function writtenBeforeSections(snapshot: Uint8Array): Uint8Array {
  const bytes = Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.length);
  const end = 12 + bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.subarray(12, end).toString()) as Record<string, unknown>;
  const kept =
    bytes.length - sectionsLength(header.languageLists) - sectionsLength(header.searchTexts);
  delete header.languageLists;
  delete header.searchTexts;
  for (const collection of Object.values(header.collections as Record<string, object>)) {
    delete (collection as { keyed?: unknown }).keyed;
    delete (collection as { indexed?: unknown }).indexed;
  }
  const text = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.from(bytes.subarray(0, 12));
  prefix.writeUInt32LE(text.length, 8);
  return Buffer.concat([prefix, text, bytes.subarray(end, kept)]);
}

/**
 * A copy of the demo releases (in a fresh temporary directory) as an earlier writer wrote them: each
 * release file `writtenBeforeSections`, its manifest naming the file's SHA-256.
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
    };
    manifest.files['dataset.snapshot'] = createHash('sha256').update(aged).digest('hex');
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return dir;
}
