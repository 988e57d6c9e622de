import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { contentHashes } from '../content-hashes.js';
import { publishDataset } from '../publish.js';
import { readRelease } from '../release-store.js';
import { germanTranslation, smallExport, writeExport } from '../test-export.js';
import { checkReleaseSqlite } from './check-sqlite.js';
import { SQLITE_SCHEMA_VERSION } from './layout-version.js';

const VERSION = '2026-12-01.1';
let releases: string;
let file: string;

beforeAll(async () => {
  const exportDir = await writeExport({ ...smallExport(), ...germanTranslation() });
  releases = await makeTempDir('releases');
  await publishDataset({ exportDir, releasesDir: releases, at: new Date('2026-12-01T08:00:00Z') });
  file = join(releases, VERSION, `gamedata-${VERSION}.sqlite`);
});

describe('a release SQLite file', () => {
  it('is listed in the manifest with its size, SHA-256 and layout version, and its gzip and br forms', async () => {
    const { manifest } = await readRelease(releases);
    const bytes = await readFile(file);
    const form = async (suffix: string, inflate: (body: Buffer) => Buffer) => {
      const name = `gamedata-${VERSION}.sqlite${suffix}`;
      const body = await readFile(join(releases, VERSION, name));
      expect(inflate(body).equals(bytes), name).toBe(true);
      return { file: name, bytes: body.length, sha256: manifest.files[name] };
    };
    expect(manifest.sqlite).toEqual({
      file: `gamedata-${VERSION}.sqlite`,
      bytes: bytes.length,
      sha256: manifest.files[`gamedata-${VERSION}.sqlite`],
      schema: SQLITE_SCHEMA_VERSION,
      encoded: { gzip: await form('.gz', gunzipSync), br: await form('.br', brotliDecompressSync) },
    });
  });

  it('opens in a native SQLite, intact, with typed columns, a column per stat key and JSON as served', () => {
    const db = new Database(file, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('user_version', { simple: true })).toBe(SQLITE_SCHEMA_VERSION);
    expect(
      db
        .prepare('SELECT id, name, slot, rarity, cosmetic, stat_mgt, json FROM items ORDER BY id')
        .all(),
    ).toEqual([
      expect.objectContaining({
        id: 'ember-blade',
        slot: 'mainhand',
        rarity: 1,
        cosmetic: null,
        stat_mgt: 12,
      }),
      expect.objectContaining({ id: 'iron-helm', slot: 'head', rarity: 0, stat_mgt: null }),
    ]);
    const json = db
      .prepare('SELECT json FROM items WHERE id = ?')
      .pluck()
      .get('ember-blade') as string;
    expect(JSON.parse(json)).not.toHaveProperty('dropRate');
    expect(
      db.prepare('SELECT item_id, position, stat, value, tags FROM items_stats').all(),
    ).toEqual([{ item_id: 'ember-blade', position: 0, stat: 'mgt', value: 12, tags: '[]' }]);
    db.close();
  });

  it('holds every language: text and order by name, full-text search, rarity names', () => {
    const db = new Database(file, { readonly: true });
    expect(
      db
        .prepare(
          `SELECT i.id, i.name_de FROM items_fts f JOIN items i ON i.rowid = f.rowid
           WHERE items_fts MATCH 'name_de: glutklinge'`,
        )
        .all(),
    ).toEqual([{ id: 'ember-blade', name_de: 'Glutklinge' }]);
    expect(
      db.prepare(`SELECT name_de FROM items ORDER BY name_order_de, id`).pluck().all(),
    ).toEqual(['Eisenhelm', 'Glutklinge']);
    expect(db.prepare(`SELECT name, name_de FROM rarities WHERE value = 1`).all()).toEqual([
      { name: 'rare', name_de: 'selten' },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});

it('refuses a release whose manifest names another file as its SQLite file', async () => {
  const copy = await makeTempDir('releases');
  await cp(releases, copy, { recursive: true });
  const manifestFile = join(copy, VERSION, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { sqlite: { file: string } };
  manifest.sqlite.file = '../../etc/passwd';
  await writeFile(manifestFile, JSON.stringify(manifest));
  await expect(readRelease(copy)).rejects.toThrow(
    `manifest.json: sqlite names other files than gamedata-${VERSION}.sqlite and its .gz and .br`,
  );
});

describe('checkReleaseSqlite', () => {
  /** The release's file changed by `sql` (run with foreign keys off), as bytes. */
  async function changed(sql: string): Promise<Uint8Array> {
    const copy = join(await makeTempDir('sqlite'), 'copy.sqlite');
    await writeFile(copy, await readFile(file));
    const db = new Database(copy);
    db.pragma('foreign_keys = OFF');
    db.exec(sql);
    db.close();
    return new Uint8Array(await readFile(copy));
  }

  async function check(bytes: Uint8Array) {
    const { dataset } = await readRelease(releases);
    return checkReleaseSqlite(bytes, dataset, contentHashes(dataset), true);
  }

  it('passes the file as published', async () => {
    await expect(check(await readFile(file))).resolves.toBeUndefined();
  });

  it('refuses a table emptied', async () => {
    await expect(check(await changed('DELETE FROM items_stats'))).rejects.toThrow(
      "rows: table items_stats holds 0 rows, not the release's 1",
    );
  });

  it('refuses a list missing its first record as a count, though every row after it is read out of step', async () => {
    // Its child rows and search index kept consistent, so the file's own checks pass.
    const without = await changed(
      `DELETE FROM items_stats WHERE item_id = 'ember-blade'; DELETE FROM items WHERE id = 'ember-blade'; INSERT INTO items_fts (items_fts) VALUES ('rebuild')`,
    );
    await expect(check(without)).rejects.toThrow(
      "rows: table items holds 1 rows, not the release's 2",
    );
  });

  it('refuses a row altered, in its JSON or in a typed column', async () => {
    await expect(
      check(
        await changed(
          `UPDATE items SET json = replace(json, 'Ember', 'Amber') WHERE id = 'ember-blade'`,
        ),
      ),
    ).rejects.toThrow("rows: table items holds a row that is not the release's");
    await expect(check(await changed(`UPDATE items_stats SET value = 13`))).rejects.toThrow(
      "rows: table items_stats holds a row that is not the release's",
    );
  });

  it("before a publish, counts every table's rows and reads each collection's own row by row", async () => {
    const { dataset } = await readRelease(releases);
    const atPublish = (bytes: Uint8Array) =>
      checkReleaseSqlite(bytes, dataset, contentHashes(dataset));
    await expect(atPublish(await changed('DELETE FROM items_stats'))).rejects.toThrow(
      "rows: table items_stats holds 0 rows, not the release's 1",
    );
    await expect(
      atPublish(await changed(`UPDATE items SET json = replace(json, 'Ember', 'Amber')`)),
    ).rejects.toThrow("rows: table items holds a row that is not the release's");
    // A child row's value is read row by row only by verify.
    const altered = await changed(`UPDATE items_stats SET value = 13`);
    await expect(atPublish(altered)).resolves.toBeUndefined();
    await expect(check(altered)).rejects.toThrow('rows: table items_stats');
  });

  it('refuses a full-text index that does not index its content as it is', async () => {
    // The text changed under the index (as an UPDATE without the FTS5 table's own commands does):
    // integrity_check passes such a file, FTS5's integrity-check does not.
    await expect(
      check(await changed(`UPDATE items SET name_de = 'Eisenkrone' WHERE id = 'iron-helm'`)),
    ).rejects.toThrow(/^fts: items_fts does not index its content as it is: /);
  });

  it('refuses a row whose parent is gone', async () => {
    await expect(
      check(await changed(`DELETE FROM items WHERE id = 'ember-blade'`)),
    ).rejects.toThrow(
      'foreign_key_check: 1 rows name a missing row, the first of items_stats one of items',
    );
  });

  it('refuses a damaged page, and a file of another layout version', async () => {
    const bytes = new Uint8Array(await readFile(file));
    const damaged = bytes.slice();
    // The second page: the root of the first table made, whatever it is.
    damaged.fill(0x55, 4096 + 8, 4096 + 64);
    await expect(check(damaged)).rejects.toThrow(/^integrity_check: /);
    await expect(check(await changed('PRAGMA user_version = 7'))).rejects.toThrow(
      `user_version: the file's layout is version 7, not ${SQLITE_SCHEMA_VERSION}`,
    );
  });
});
