// The peer a user would build for new questions: fastify 5 (+ @fastify/rate-limit and its pino access
// log, as the replaying peer) over better-sqlite3, the way a competent engineer would: the release's
// public records loaded into SQLite at start with an index for every filter and sort, FTS5 trigram for
// `q`, names ranked once per language with the same collator, JSON precomputed per record, prepared
// statements, mmap, exact totals and keyset cursors. It answers the benchmark's query scenarios.
//
//   node servers/sqlite.mjs <release's dataset.snapshot> <db file> <port>
import { readFileSync, rmSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { bulkRecords, decodeSnapshot } from '@gamedata/core';

const [snapshotPath, dbPath, port] = process.argv.slice(2);
const dataset = decodeSnapshot(new Uint8Array(readFileSync(snapshotPath)));
const items = dataset.lists.items.records;
const german = bulkRecords(dataset)('de', 'items');
const OPTIONAL = ['description', 'type', 'slot', 'subtype', 'cosmetic', 'icon', 'stats', 'roll'];

rmSync(dbPath, { force: true });
const db = new Database(dbPath);
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
db.pragma('mmap_size = 1073741824');
db.exec(`
  CREATE TABLE items (pos INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL,
    name_rank INTEGER NOT NULL, name_rank_de INTEGER NOT NULL, slot TEXT, subtype TEXT, type TEXT,
    rarity INTEGER, cosmetic INTEGER NOT NULL, json TEXT NOT NULL, json_de TEXT NOT NULL,
    ${OPTIONAL.map((field) => `f_${field} TEXT`).join(', ')});
  CREATE TABLE item_stats (item INTEGER NOT NULL, key TEXT NOT NULL, value REAL NOT NULL);
  CREATE TABLE item_rolls (item INTEGER NOT NULL, key TEXT NOT NULL, min REAL NOT NULL, max REAL NOT NULL);
  CREATE VIRTUAL TABLE items_fts USING fts5(name, name_de, tokenize = 'trigram');
`);

/** Each name's rank as `language` collates it (base letters only), ties sharing a rank. */
function nameRanks(names, language) {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const distinct = [...new Set(names)].sort(collator.compare);
  const rank = new Map();
  distinct.forEach((name, i) => {
    const previous = distinct[i - 1];
    rank.set(
      name,
      previous !== undefined && collator.compare(previous, name) === 0 ? rank.get(previous) : i,
    );
  });
  return names.map((name) => rank.get(name));
}

const ranks = nameRanks(
  items.map((item) => item.name),
  'en',
);
const ranksDe = nameRanks(
  german.map((item) => item.name),
  'de',
);
const insertItem = db.prepare(
  `INSERT INTO items VALUES (${Array.from({ length: 12 + OPTIONAL.length }, () => '?').join(', ')})`,
);
const insertStat = db.prepare('INSERT INTO item_stats VALUES (?, ?, ?)');
const insertRoll = db.prepare('INSERT INTO item_rolls VALUES (?, ?, ?, ?)');
const insertName = db.prepare('INSERT INTO items_fts (rowid, name, name_de) VALUES (?, ?, ?)');
db.transaction(() => {
  items.forEach((item, pos) => {
    insertItem.run(
      pos,
      item.id,
      item.name,
      ranks[pos],
      ranksDe[pos],
      item.slot?.toLowerCase() ?? null,
      item.subtype?.toLowerCase() ?? null,
      item.type?.toLowerCase() ?? null,
      item.rarity,
      item.cosmetic ? 1 : 0,
      JSON.stringify(item),
      JSON.stringify(german[pos]),
      ...OPTIONAL.map((field) => (item[field] === undefined ? null : JSON.stringify(item[field]))),
    );
    const totals = new Map();
    for (const { stat, value } of item.stats ?? [])
      totals.set(stat, (totals.get(stat) ?? 0) + value);
    for (const [key, value] of totals) insertStat.run(pos, key, value);
    for (const [key, [min, max]] of Object.entries(item.roll ?? {}))
      insertRoll.run(pos, key, min, max);
    insertName.run(pos, item.name.toLowerCase(), german[pos].name.toLowerCase());
  });
})();
db.exec(`
  CREATE INDEX items_slot_rarity ON items (slot, rarity);
  CREATE INDEX items_slot_name ON items (slot, name_rank);
  CREATE INDEX items_slot_name_de ON items (slot, name_rank_de);
  CREATE INDEX items_rarity ON items (rarity, pos);
  CREATE INDEX items_name ON items (name_rank, pos);
  CREATE INDEX items_name_de ON items (name_rank_de, pos);
  CREATE INDEX stats_by_key ON item_stats (key, value, item);
  CREATE INDEX stats_by_key_down ON item_stats (key, value DESC, item);
  CREATE INDEX stats_by_item ON item_stats (item, key, value);
  CREATE INDEX rolls_by_min ON item_rolls (key, min, item);
  CREATE INDEX rolls_by_max ON item_rolls (key, max, item);
  ANALYZE;
`);

/** `a..b`, `a..`, `..b`, `a` or `*` as [low, high]. */
function range(text) {
  if (text === '*') return [-1e308, 1e308];
  const [low, high = low] = text.includes('..') ? text.split('..') : [text];
  return [low === '' ? -1e308 : Number(low), high === '' ? 1e308 : Number(high)];
}

const RARITIES = new Map(dataset.rarities.map((r) => [r.name, r.value]));
const rarityOf = (text) => (RARITIES.has(text) ? RARITIES.get(text) : Number(text));

/** The query's WHERE clause over `items i`, and its parameters. */
function where(query, german = false) {
  const clauses = [];
  const params = [];
  for (const [name, value] of Object.entries(query)) {
    const key = /^stat\[(.+)\]$/.exec(name)?.[1];
    if (key !== undefined) {
      clauses.push(
        'i.pos IN (SELECT item FROM item_stats WHERE key = ? AND value BETWEEN ? AND ?)',
      );
      params.push(key, ...range(value));
    } else if (name === 'slot' || name === 'subtype' || name === 'type') {
      clauses.push(`i.${name} = ?`);
      params.push(value.toLowerCase());
    } else if (name === 'rarity') {
      const [low, high] = value.includes('..') ? value.split('..') : [value, value];
      clauses.push('i.rarity BETWEEN ? AND ?');
      params.push(low === '' ? -1 : rarityOf(low), high === '' ? 1e9 : rarityOf(high));
    } else if (name === 'q') {
      clauses.push('i.pos IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)');
      params.push(`${german ? '' : 'name : '}"${value.toLowerCase().replace(/"/g, '""')}"`);
    }
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const ORDERS = {
  '': 'i.pos',
  name: 'i.name_rank, i.pos',
  '-rarity': 'i.rarity DESC, i.pos',
};
/**
 * The FROM and ORDER BY of a sort. By a stat the query also ranges over, the join on that stat's
 * index both filters and orders, so SQLite walks the index and stops at the page; by another stat,
 * a left join puts the items lacking it last.
 */
function orderBy(sort, german, filters) {
  const stat = /^(-?)stat\.(.+)$/.exec(sort ?? '');
  if (stat) {
    const direction = stat[1] ? 'DESC' : 'ASC';
    const ranged = filters[`stat[${stat[2]}]`];
    if (ranged !== undefined) {
      delete filters[`stat[${stat[2]}]`];
      return {
        join: 'JOIN item_stats o ON o.item = i.pos AND o.key = ? AND o.value BETWEEN ? AND ?',
        params: [stat[2], ...range(ranged)],
        sql: `o.value ${direction}, i.pos`,
      };
    }
    return {
      join: 'LEFT JOIN item_stats o ON o.item = i.pos AND o.key = ?',
      params: [stat[2]],
      sql: `o.value IS NULL, o.value ${direction}, i.pos`,
    };
  }
  const sql = ORDERS[sort ?? ''];
  return { join: '', params: [], sql: german ? sql.replace('name_rank', 'name_rank_de') : sql };
}

// Prepared once per distinct shape of query, as an ORM's statement cache does.
const statements = new Map();
const prepare = (sql) => {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
};

/** The record as `fields` selects it: the required fields, then those named, from their precomputed JSON. */
function selected(row, fields) {
  let json = `{"id":${JSON.stringify(row.id)},"name":${JSON.stringify(row.name)}`;
  for (const field of OPTIONAL)
    if (fields.includes(field) && row[`f_${field}`] !== null)
      json += `,"${field}":${row[`f_${field}`]}`;
  return `${json},"rarity":${row.rarity},"rarityName":${JSON.stringify(dataset.rarities.find((r) => r.value === row.rarity).name)}}`;
}

const app = Fastify({ logger: true, trustProxy: '127.0.0.1' });
await app.register(rateLimit, { max: 60, timeWindow: 60_000 });

app.get('/v1/items', (request, reply) => {
  const { sort, limit = '50', fields, lang, ...filters } = request.query;
  const german = lang === 'de';
  const counted = where(filters, german);
  const order = orderBy(sort, german, filters);
  const filter = where(filters, german);
  const rows = prepare(
    `SELECT i.* FROM items i ${order.join} ${filter.sql} ORDER BY ${order.sql} LIMIT ?`,
  ).all(...order.params, ...filter.params, Number(limit) + 1);
  const total = prepare(`SELECT count(*) AS n FROM items i ${counted.sql}`).get(
    ...counted.params,
  ).n;
  const page = rows.slice(0, Number(limit));
  const data = page.map((row) =>
    fields ? selected(row, fields.split(',')) : german ? row.json_de : row.json,
  );
  const last = page.at(-1);
  const meta = { total, count: page.length };
  // Keyset: the last row's sort key and id, as the next page's WHERE would read them.
  if (rows.length > page.length)
    meta.cursor = Buffer.from(JSON.stringify([sort ?? '', last.id])).toString('base64url');
  reply.header('content-type', 'application/json; charset=utf-8');
  return `{"data":[${data.join(',')}],"meta":${JSON.stringify(meta)}}`;
});

const FACETS = ['slot', 'rarity', 'subtype', 'cosmetic', 'type'];
app.get('/v1/facets/items', (request, reply) => {
  const filter = where(request.query);
  const matched = `SELECT i.pos FROM items i ${filter.sql}`;
  const sort = (rows) =>
    rows.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const data = {};
  for (const facet of FACETS) {
    const rows = prepare(
      `SELECT ${facet} AS value, count(*) AS count FROM items WHERE pos IN (${matched}) AND ${facet} IS NOT NULL GROUP BY ${facet}`,
    ).all(...filter.params);
    data[facet] = sort(
      facet === 'cosmetic'
        ? rows.map((row) => ({ value: row.value === 1, count: row.count }))
        : rows,
    );
  }
  data.stat = sort(
    prepare(
      `SELECT key AS value, count(*) AS count FROM item_stats WHERE item IN (${matched}) GROUP BY key`,
    ).all(...filter.params),
  );
  const total = prepare(`SELECT count(*) AS n FROM items i ${filter.sql}`).get(...filter.params).n;
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({ data, meta: { total } });
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
