import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkRecords } from '@gamedata/core';
import { DEMO_RELEASES_DIR, demo } from '@gamedata/test-support/demo';
import { privateCopy } from './support/sqlite-copy.js';

type Row = Record<string, unknown>;

const version = demo.meta.version;
const db = new sqlite.Database(
  await privateCopy(join(DEMO_RELEASES_DIR, version, `gamedata-${version}.sqlite`)),
  { readOnly: true },
);
const records = bulkRecords(demo);
const translations = Object.keys(demo.translations);

/** A language's column: `name_de` for `name` in German (every tag of the demo is a plain subtag). */
const column = (field: string, tag: string) => `${field}_${tag}`;

/**
 * A list's records in a language as a user rebuilds them from the file alone: each record's `json`,
 * its text fields from their column in that language (`name_de`) and each array element's from its
 * own (`label_de`) where not NULL, and the rarity's name in that language.
 */
function fromFile(list: string, tag: string): Row[] {
  const { translatable } = demo.registry.list(list);
  const translated = tag !== demo.language;
  const texts = Object.keys(translatable).filter((field) => translatable[field] === 'text');
  const elements = Object.entries(translatable).flatMap(([field, kind]) => {
    if (kind === 'text') return [];
    const idColumn = db.get(`SELECT name FROM pragma_table_info('${list}_${field}') WHERE cid = 0`)
      ?.name as string;
    const byId = new Map<unknown, Row[]>();
    for (const row of db.all(`SELECT * FROM "${list}_${field}" ORDER BY 1, position`))
      byId.set(row[idColumn], [...(byId.get(row[idColumn]) ?? []), row]);
    return [{ field, byId, each: kind.each === 'text' ? ['value'] : kind.each }];
  });
  const rarities = new Map(
    db
      .all(
        `SELECT value, ${translated ? `COALESCE(${column('name', tag)}, name)` : 'name'} AS name FROM rarities`,
      )
      .map((r) => [r.value, r.name]),
  );
  return db.all(`SELECT * FROM "${list}" ORDER BY rowid`).map((row) => {
    const record = JSON.parse(row.json as string) as Row;
    if (!translated) return record;
    for (const field of texts) {
      const text = row[column(field, tag)];
      if (text !== null) record[field] = text;
    }
    for (const { field, byId, each } of elements)
      for (const element of byId.get(row.id) ?? [])
        for (const text of each) {
          const value = element[column(text, tag)];
          const array = record[field] as unknown[];
          if (value === null) continue;
          if (text === 'value') array[element.position as number] = value;
          else (array[element.position as number] as Row)[text] = value;
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
    for (const [table, field] of [
      ['items_effects', 'label_de'],
      ['items_requirements', 'skill_de'],
      ['items_dungeons', 'value_de'],
    ])
      expect(
        db.get(`SELECT count(*) AS n FROM ${table} WHERE ${field} IS NOT NULL`)?.n,
        table,
      ).toBeGreaterThan(10);
  });
});
