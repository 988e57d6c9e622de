import type { Ability, Follower, Item, Meta, Relic, Stat } from '../schemas/records.js';
// Records arrive sorted by id from the snapshot, so only the lookups are rebuilt.
import { compareIds, indexCollection, type Dataset, type Sprite } from './dataset.js';
import type { RarityLevel } from './export-schemas.js';

/**
 * A dataset snapshot is a validated dataset written once at build time, so that a cold process (a
 * Lambda instance) can load it without reading hundreds of files or validating again:
 *
 *   8 bytes   MAGIC (names the layout; a reader refuses any other)
 *   4 bytes   length of the header, unsigned little-endian
 *   header    UTF-8 JSON: meta, rarities, the public records of each collection (already sorted and
 *             stripped by `loadDataset`) and, per sprite, [id, etag, byte length]
 *   rest      every sprite's PNG bytes, back to back, in header order
 */
const MAGIC = new TextEncoder().encode('gdsnap1\n');
const PREFIX_BYTES = MAGIC.length + 4;

interface SnapshotHeader {
  meta: Meta;
  rarities: RarityLevel[];
  items: Item[];
  abilities: Ability[];
  relics: Relic[];
  followers: Follower[];
  stats: Stat[];
  sprites: Array<[id: string, etag: string, length: number]>;
}

/**
 * Writes a loaded dataset as one snapshot. Only what `loadDataset` kept is written — public records and
 * sprites — so a snapshot holds nothing the API would not serve.
 *
 * @example
 * const result = loadDataset(source);
 * if (result.ok) await writeFile('dataset.snapshot', encodeSnapshot(result.dataset));
 */
export function encodeSnapshot(dataset: Dataset): Uint8Array<ArrayBuffer> {
  const sprites = [...dataset.sprites].sort(([a], [b]) => compareIds(a, b));
  const header: SnapshotHeader = {
    meta: dataset.meta,
    rarities: [...dataset.rarities],
    items: [...dataset.items.records],
    abilities: [...dataset.abilities.records],
    relics: [...dataset.relics.records],
    followers: [...dataset.followers.records],
    stats: [...dataset.stats],
    sprites: sprites.map(([id, sprite]) => [id, sprite.etag, sprite.bytes.length]),
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const spriteBytes = sprites.reduce((sum, [, sprite]) => sum + sprite.bytes.length, 0);
  const out = new Uint8Array(PREFIX_BYTES + headerBytes.length + spriteBytes);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(MAGIC.length, headerBytes.length, true);
  out.set(headerBytes, PREFIX_BYTES);
  let offset = PREFIX_BYTES + headerBytes.length;
  for (const [, sprite] of sprites) {
    out.set(sprite.bytes, offset);
    offset += sprite.bytes.length;
  }
  return out;
}

/**
 * Reads a snapshot written by `encodeSnapshot` back into a dataset. It does not validate the records
 * again — that happened before the snapshot was written — but refuses bytes that are not a whole
 * snapshot of this layout. Sprite bytes are views into `bytes`, not copies.
 *
 * @example const dataset = decodeSnapshot(new Uint8Array(readFileSync('dataset.snapshot')));
 */
export function decodeSnapshot(bytes: Uint8Array<ArrayBuffer>): Dataset {
  if (bytes.length < PREFIX_BYTES || MAGIC.some((byte, i) => bytes[i] !== byte)) {
    throw new Error('not a dataset snapshot of this version (rebuild it from the dataset)');
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MAGIC.length, true);
  const headerEnd = PREFIX_BYTES + headerLength;
  if (headerEnd > bytes.length) throw new Error('dataset snapshot is truncated');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, headerEnd))) as SnapshotHeader;

  const sprites = new Map<string, Sprite>();
  let offset = headerEnd;
  for (const [id, etag, length] of header.sprites) {
    sprites.set(id, { bytes: bytes.subarray(offset, offset + length), etag });
    offset += length;
  }
  if (offset !== bytes.length) throw new Error('dataset snapshot is truncated or has trailing bytes');

  return {
    meta: header.meta,
    rarities: header.rarities,
    items: indexCollection(header.items),
    abilities: indexCollection(header.abilities),
    relics: indexCollection(header.relics),
    followers: indexCollection(header.followers),
    stats: header.stats,
    sprites,
  };
}
