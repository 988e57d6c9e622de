import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkRecords } from '@gamedata/core';
import { DEMO_RELEASES_DIR, demo } from '@gamedata/test-support/demo';

type Row = Record<string, unknown>;

const version = demo.meta.version;
const db = new sqlite.Database(join(DEMO_RELEASES_DIR, version, `gamedata-${version}.sqlite`), {
  readOnly: true,
});
const records = bulkRecords(demo);
const translations = Object.keys(demo.translations);

/**
 * A list's records in a language as a user rebuilds them from the file alone: each record's `json`,
 * its text fields from `<list>_text`, each translated element's fields from `<list>_<field>_text`
 * where not NULL, and the rarity's name in that language.
 */
function fromFile(list: string, tag: string): Row[] {
  const { translatable } = demo.registry.list(list);
  const idColumn = db.get(`SELECT name FROM pragma_table_info('${list}_text') WHERE cid = 1`)
    ?.name as string;
  const texts = Object.keys(translatable).filter((field) => translatable[field] === 'text');
  const elements = Object.keys(translatable).flatMap((field) => {
    if (translatable[field] === 'text') return [];
    const byText = new Map<unknown, Row[]>();
    for (const row of db.all(`SELECT * FROM "${list}_${field}_text"`))
      byText.set(row.text_id, [...(byText.get(row.text_id) ?? []), row]);
    return [{ field, byText }];
  });
  const rarities = new Map(
    db
      .all('SELECT value, name FROM rarities_text WHERE lang = ?', [tag])
      .map((r) => [r.value, r.name]),
  );
  return db
    .all(
      `SELECT i.json, t.* FROM "${list}" i JOIN "${list}_text" t ON t."${idColumn}" = i.id AND t.lang = ? ORDER BY i.rowid`,
      [tag],
    )
    .map((row) => {
      const record = JSON.parse(row.json as string) as Row;
      for (const field of texts) if (row[field] !== null) record[field] = row[field];
      for (const { field, byText } of elements)
        for (const { position, text_id: _, ...columns } of byText.get(row.text_id) ?? []) {
          const array = record[field] as unknown[];
          for (const [column, value] of Object.entries(columns))
            if (value !== null) {
              if (column === 'value') array[position as number] = value;
              else (array[position as number] as Row)[column] = value;
            }
        }
      if (record.rarityName !== undefined)
        record.rarityName = rarities.get(record.rarity as number) ?? record.rarityName;
      return record;
    });
}

describe("the demo's SQLite file in every language", () => {
  afterAll(() => db.close());

  it('gives back every record of every list as the API serves it in that language', () => {
    expect(translations.length).toBeGreaterThan(1);
    for (const { name } of demo.registry.lists)
      for (const tag of [demo.language, ...translations])
        expect(fromFile(name, tag), `${name} in ${tag}`).toEqual(records(tag, name));
  });

  it('holds translated text of every kind of array element: fields of objects and text', () => {
    for (const table of ['items_effects_text', 'items_requirements_text', 'items_dungeons_text'])
      expect(db.get(`SELECT count(*) AS n FROM ${table}`)?.n, table).toBeGreaterThan(10);
  });
});
