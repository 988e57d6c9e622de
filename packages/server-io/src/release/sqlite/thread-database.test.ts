import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '@gamedata/test-temp-dirs/make-temp-dir';
import { openThreadDatabase } from './thread-database.js';

describe('a database file on a thread of its own', () => {
  it('runs a batch of statements there, in order, and gives back each one’s rows', async () => {
    const path = join(await makeTempDir('thread-db'), 'file.sqlite');
    const db = openThreadDatabase(path);
    expect(
      await db.run([
        'CREATE TABLE t (a INTEGER, b TEXT)',
        `INSERT INTO t VALUES (1, 'one'), (2, 'two')`,
        'SELECT a, b FROM t ORDER BY a',
      ]),
    ).toEqual({
      results: [
        [],
        [],
        [
          { a: 1, b: 'one' },
          { a: 2, b: 'two' },
        ],
      ],
    });
    await db.close();
    // Closed: what it wrote is in the file.
    const read = new sqlite.Database(path);
    expect(read.all('SELECT count(*) AS n FROM t')).toEqual([{ n: 2 }]);
    read.close();
  });

  it('stops a batch at the first statement that fails, with SQLite’s error, and goes on with the next batch', async () => {
    const db = openThreadDatabase(join(await makeTempDir('thread-db'), 'file.sqlite'));
    expect(await db.run(['SELECT 1 AS one', 'SELECT * FROM missing', 'SELECT 2'])).toEqual({
      results: [[{ one: 1 }]],
      failure: 'no such table: missing',
    });
    expect(await db.run(['SELECT 3 AS three'])).toEqual({ results: [[{ three: 3 }]] });
    await db.close();
    await expect(db.run(['SELECT 1'])).rejects.toThrow('the SQLite thread ended');
  });

  it('rejects every batch for a file it cannot open', async () => {
    const db = openThreadDatabase(join(await makeTempDir('thread-db'), 'no-such-dir', 'x.sqlite'));
    await expect(db.run(['SELECT 1'])).rejects.toThrow();
    await db.close();
  });
});
