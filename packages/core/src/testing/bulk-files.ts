import { collectionNames } from '../collections/registry.js';
import type { BulkFile, BulkFiles } from '../dataset/bulk.js';
import type { Dataset } from '../dataset/dataset.js';
import { bulkRecords } from '../language/bulk-records.js';

/** SHA-256 of `bytes`, as hex. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/**
 * A bulk file of `records`, as publishing makes one but for its compressed forms: core does no
 * compression, so `br` and `gzip` are stand-ins (the file backwards, and with a byte before it), which
 * snapshots and answers carry as they are.
 */
async function testBulkFile(records: readonly object[]): Promise<BulkFile> {
  const identity = new TextEncoder().encode(JSON.stringify(records));
  return {
    count: records.length,
    bytes: identity.length,
    sha256: await sha256Hex(identity),
    identity: () => identity,
    br: identity.slice().reverse(),
    gzip: new Uint8Array([0x1f, ...identity]),
  };
}

async function testBulkFiles(
  names: readonly string[],
  records: (collection: string) => readonly object[],
): Promise<BulkFiles> {
  const files: Record<string, BulkFile> = {};
  for (const name of names) files[name] = await testBulkFile(records(name));
  return files;
}

/** The dataset as if published: its bulk files in the default language and in each it translates into. */
export async function withTestBulkFiles<D extends Dataset>(dataset: D): Promise<D> {
  const records = bulkRecords(dataset);
  const names = collectionNames(dataset.registry);
  const translatedBulk: Record<string, BulkFiles> = {};
  for (const tag of Object.keys(dataset.translations))
    translatedBulk[tag] = await testBulkFiles(names, (name) => records(tag, name));
  return {
    ...dataset,
    bulk: await testBulkFiles(names, (name) => records(dataset.language, name)),
    translatedBulk,
  };
}
