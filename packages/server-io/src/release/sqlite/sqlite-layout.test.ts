import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { publishDataset } from '../publish.js';
import { germanTranslation, smallExport, writeExport } from '../test-export.js';
import { sqliteFileName } from '@gamedata/core';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';

const LAYOUT_FILE = new URL('./sqlite-layout.sql', import.meta.url);

/**
 * The SHA-256 of `sqlite-layout.sql` at each layout version. A layout changed without a new version
 * would let a file of the old layout pass for one of the new: a change to the layout adds a version
 * here, and `SQLITE_SCHEMA_VERSION` follows.
 */
const LAYOUTS: Record<number, string> = {
  1: 'ee7d09c6d487c0aaf788acd17f6be4d043112868bc4a1150634520bb9250da92',
  2: '4fa8770565ad7de1e161229aecbb65573169e0a9dbbed37ef8357bb97d558961',
  3: 'f0d57a31c8cf3848f205d1722ea4b84db4a2ad2794efde6c0f1b6230f9d2fc51',
  4: 'b6b57fb957eb0e68eddf1228f3b113873b8569cf17d7e2c1fca139cdf70277a9',
};

/**
 * Every table, index and trigger of the SQLite file of a small release (every list and field of the
 * API's registry, one stat key: `stat_mgt`), as SQLite keeps their definitions.
 */
async function layout(): Promise<string> {
  const releases = await makeTempDir('releases');
  const exportDir = await writeExport({ ...smallExport(), ...germanTranslation() });
  await publishDataset({ exportDir, releasesDir: releases, at: new Date('2026-12-01T08:00:00Z') });
  const version = '2026-12-01.1';
  const db = new Database(join(releases, version, sqliteFileName(version)), { readonly: true });
  const definitions = db
    .prepare(`SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY type DESC, name`)
    .pluck()
    .all() as string[];
  db.close();
  return `-- The layout of a release's SQLite file, version ${SQLITE_SCHEMA_VERSION}, for a release whose one stat key is mgt.\n${definitions.map((sql) => `${sql};\n`).join('')}`;
}

describe("the SQLite file's layout", () => {
  it('is sqlite-layout.sql, recorded under its version', async () => {
    const written = await layout();
    expect(written).toBe(await readFile(LAYOUT_FILE, 'utf8'));
    expect(createHash('sha256').update(written).digest('hex')).toBe(LAYOUTS[SQLITE_SCHEMA_VERSION]);
  });
});
