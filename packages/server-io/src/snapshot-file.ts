import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  readSnapshotHead,
  snapshotHeaderEnd,
  SNAPSHOT_PREFIX_BYTES,
  type BlockCodec,
  type SnapshotRest,
} from '@gamedata/core/runtime';
import { readRange } from './read-file.js';

/**
 * The buffer the part past the head is read through, for its hash alone: small enough to stay in the
 * CPU's cache between the read and the hash, which is then faster. Why 1 MiB: bench/README.md,
 * "Snapshot hash buffer".
 */
const SCRATCH_BYTES = 1024 * 1024;

/**
 * How snapshots are written and read here: the blocks of each language's lists as raw DEFLATE
 * (`encodeSnapshot(dataset, SNAPSHOT_CODEC)`, `decodeSnapshot(head, rest, SNAPSHOT_CODEC)`).
 */
export const SNAPSHOT_CODEC: BlockCodec = { deflate: deflateRawSync, inflate: inflateRawSync };

/** A snapshot file as a server holds it: its header in memory, the rest left in the file. */
export interface SnapshotFile {
  /** The prefix and the header: what `decodeSnapshot` needs before it reads any section. */
  head: Uint8Array<ArrayBuffer>;
  /** Every section past the header, read from the file when first used (`decodeSnapshot(head, rest, SNAPSHOT_CODEC)`). */
  rest: SnapshotRest;
}

/** Reads the file from `position` to its end through one reused buffer, for `onChunk` alone: nothing is kept. */
async function streamRest(
  file: FileHandle,
  position: number,
  size: number,
  onChunk: ((chunk: Uint8Array) => void) | undefined,
): Promise<void> {
  if (!onChunk) return;
  const scratch = new Uint8Array(Math.min(SCRATCH_BYTES, Math.max(0, size - position)));
  for (let at = position; at < size;) {
    const { bytesRead } = await file.read(scratch, 0, Math.min(scratch.length, size - at), at);
    if (bytesRead === 0) return;
    onChunk(scratch.subarray(0, bytesRead));
    at += bytesRead;
  }
}

/** The SHA-256 of an open file, read through one small buffer. */
function fileSha256(fd: number): string {
  const hash = createHash('sha256');
  const buffer = new Uint8Array(SCRATCH_BYTES);
  for (
    let position = 0, read;
    (read = readSync(fd, buffer, 0, buffer.length, position)) > 0;
    position += read
  )
    hash.update(buffer.subarray(0, read));
  return hash.digest('hex');
}

/**
 * Reads the part of a snapshot past its head, when a section is first used: from the file as it was
 * when loaded, which a release never changes. A file whose inode, size or times changed since is read
 * from only once it is found to still have the SHA-256 it was loaded with (`sha256`: a file copied
 * back or touched is the same file); one that does not, or any change without `sha256`, is refused
 * rather than served from.
 */
function restReader(path: string, stats: Stats, sha256: string | undefined): SnapshotRest['read'] {
  let loaded = stats;
  return (offset, length) => {
    const fd = openSync(path, 'r');
    try {
      const now = fstatSync(fd);
      if (now.ino !== loaded.ino || now.size !== loaded.size || now.mtimeMs !== loaded.mtimeMs) {
        if (sha256 === undefined || fileSha256(fd) !== sha256) {
          throw new Error(
            `${path} changed after it was loaded (a release is never changed once written: publish a new one)`,
          );
        }
        loaded = now;
      }
      const bytes = new Uint8Array(length);
      for (let done = 0; done < length;) {
        const read = readSync(fd, bytes, done, length - done, offset + done);
        if (read === 0) throw new Error(`${path} ends before its sections do`);
        done += read;
      }
      return bytes;
    } finally {
      closeSync(fd);
    }
  };
}

/**
 * Reads a snapshot file as a server holds it: the head (prefix and header) into memory, and the
 * rest — records, sprites, bulk files and translations — read through one small buffer and left in
 * the file, to be read again when a request first uses a section. Every byte of the file is given to
 * `onChunk` in order, so that the caller checks the whole file's hash before serving from it; a file
 * whose layout cannot be read is still read to its end for `onChunk` before the layout's error is
 * thrown, so that a hash that does not match is what the caller reports.
 * Without `onChunk` (a snapshot checked when it was packaged), the rest is not read at all. `sha256`,
 * the hash the caller checked, lets a section be read after the file was touched (`restReader`).
 *
 * @example const hash = createHash('sha256'); const { head, rest } = await readSnapshotFile('dataset.snapshot', (chunk) => hash.update(chunk));
 */
export async function readSnapshotFile(
  path: string,
  onChunk?: (chunk: Uint8Array) => void,
  sha256?: string,
): Promise<SnapshotFile> {
  const file = await open(path);
  try {
    const stats = await file.stat();
    const prefix = new Uint8Array(Math.min(SNAPSHOT_PREFIX_BYTES, stats.size));
    let read = await readRange(file, prefix, 0, 0, prefix.length, onChunk);
    try {
      const head = new Uint8Array(Math.min(snapshotHeaderEnd(prefix), stats.size));
      head.set(prefix);
      read += await readRange(file, head, read, read, head.length - read, onChunk);
      if (read < head.length) throw new Error('dataset snapshot is truncated');
      const layout = readSnapshotHead(head);
      await streamRest(file, read, stats.size, onChunk);
      return {
        head,
        rest: { head: layout, size: stats.size, name: path, read: restReader(path, stats, sha256) },
      };
    } catch (error) {
      await streamRest(file, read, stats.size, onChunk);
      throw error;
    }
  } finally {
    await file.close();
  }
}
