// The peer a user would build for new questions and search: fastify 5 (+ @fastify/rate-limit and its
// pino access log, as the replaying peer) over better-sqlite3, reading the release's own SQLite file
// (`gamedata-<version>.sqlite`) the way a competent engineer would. The file ships a typed column per
// field, a `stat_<key>` column per stat with a partial index each, every language's text and order by
// name as columns of `items` (`name_de`, `name_order_de`), and FTS5 over the names. To a copy of it
// the peer adds, at start, what its queries want: each record's German JSON as a column of `items`, a
// covering index per stat key for the compound filters, FTS5 trigram names for `q`, and a table of
// one-edit variants of every word of the names for typos. Statements are prepared once per shape;
// pages are read through a deferred join (the page's rowids first, then their JSON); totals are exact.
//
//   node servers/sqlite.mjs <gamedata-<version>.sqlite> <scratch copy> <port>
import { copyFileSync, rmSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { nameInitials } from '../lib/name-initials.mjs';

const [filePath, dbPath, port] = process.argv.slice(2);
rmSync(dbPath, { force: true });
copyFileSync(filePath, dbPath);
const db = new Database(dbPath);
db.pragma('journal_mode = OFF');
db.pragma('synchronous = OFF');
db.pragma('mmap_size = 1073741824');
db.pragma('cache_size = -262144');

const DEFAULT = db.prepare(`SELECT value FROM meta WHERE key = 'language'`).pluck().get();
const STAT_KEYS = db.prepare('SELECT key FROM stats ORDER BY key').pluck().all();
/** A question the peer cannot answer: fastify sends it as a 400. */
const refused = (message) => Object.assign(new Error(message), { statusCode: 400 });
const stat = (key) => {
  if (!STAT_KEYS.includes(key)) throw refused(`no stat ${key}`);
  return `"stat_${key}"`;
};
/** The items' fields, as `fields=` may name them. */
const FIELDS = new Set(
  db.prepare('SELECT DISTINCT j.key FROM items, json_each(items.json) j').pluck().all(),
);
const RARITIES = new Map(
  db
    .prepare('SELECT value, name FROM rarities')
    .all()
    .map((r) => [r.name.toLowerCase(), r.value]),
);
const rarityOf = (text) =>
  RARITIES.has(text.toLowerCase()) ? RARITIES.get(text.toLowerCase()) : Number(text);

/** A language's column of a text field, as the file names it: `name_de` for `name` in `de`. */
const inLanguage = (field, tag) =>
  tag === DEFAULT ? field : `${field}_${tag.toLowerCase().replaceAll(/[^a-z0-9]+/g, '_')}`;

/** An item's German record: its JSON with the German text put in (NULL: as the default's), element by element. */
function germanRecords() {
  const rarityNames = new Map(
    db
      .prepare(`SELECT value, name_de FROM rarities WHERE name_de IS NOT NULL`)
      .all()
      .map((r) => [r.value, r.name_de]),
  );
  const elements = new Map();
  for (const [field, columns] of [
    ['effects', ['trigger', 'label', 'impact']],
    ['requirements', ['skill']],
    ['dungeons', ['value']],
  ])
    for (const row of db
      .prepare(
        `SELECT item_id, position, ${columns.map((c) => `${c}_de AS ${c}`).join(', ')} FROM items_${field}
         WHERE ${columns.map((c) => `${c}_de IS NOT NULL`).join(' OR ')}`,
      )
      .all()) {
      const key = `${row.item_id}\u0000${field}`;
      if (!elements.has(key)) elements.set(key, []);
      elements.get(key).push([row.position, columns, row]);
    }
  const update = db.prepare('UPDATE items SET json_de = ? WHERE rowid = ?');
  for (const { rowid, json, name_de, description_de } of db
    .prepare('SELECT rowid, json, name_de, description_de FROM items')
    .all()) {
    const record = JSON.parse(json);
    if (name_de !== null) record.name = name_de;
    if (description_de !== null) record.description = description_de;
    record.rarityName = rarityNames.get(record.rarity) ?? record.rarityName;
    for (const field of ['effects', 'requirements', 'dungeons'])
      for (const [position, columns, row] of elements.get(`${record.id}\u0000${field}`) ?? [])
        for (const column of columns)
          if (row[column] !== null) {
            if (column === 'value') record[field][position] = row.value;
            else record[field][position][column] = row[column];
          }
    update.run(JSON.stringify(record), rowid);
  }
}

/** A name's initials as players type them, space-separated for FTS5: joining words kept and left out. */
function initialsOf(name) {
  const forms = nameInitials(name);
  return forms ? [...new Set([forms.kept, forms.skipped])].join(' ') : '';
}

/** A word's one-letter drops: with the word itself, what the typo table keys each word by. */
function drops(word) {
  const variants = new Set([word]);
  for (let at = 0; at < word.length; at++) variants.add(word.slice(0, at) + word.slice(at + 1));
  return [...variants];
}

const LANGUAGES = db
  .prepare('SELECT tag FROM languages ORDER BY is_default DESC, tag')
  .pluck()
  .all();
const COLLECTIONS = [
  ['items', 'id', true],
  ['abilities', 'id', true],
  ['relics', 'id', true],
  ['followers', 'id', true],
  ['stats', 'key', false],
];

const started = performance.now();
db.transaction(() => {
  db.exec(`
    ALTER TABLE items ADD COLUMN json_de TEXT;
  `);
  germanRecords();
  for (const key of STAT_KEYS)
    db.exec(
      `CREATE INDEX peer_slot_${key} ON items (slot, ${stat(key)}, rarity, name_order, name_order_de) WHERE ${stat(key)} IS NOT NULL;
       CREATE INDEX peer_facets_${key} ON items (${stat(key)}, rarity, slot, subtype, type, cosmetic, id) WHERE ${stat(key)} IS NOT NULL;`,
    );
  db.exec(`
    CREATE VIRTUAL TABLE peer_names USING fts5(name, content='items', content_rowid='rowid', tokenize='trigram');
    INSERT INTO peer_names (peer_names) VALUES ('rebuild');
    CREATE TABLE peer_typos (variant TEXT NOT NULL, term TEXT NOT NULL, PRIMARY KEY (variant, term)) WITHOUT ROWID;
  `);
  const addTypo = db.prepare('INSERT OR IGNORE INTO peer_typos VALUES (?, ?)');
  for (const [at, tag] of LANGUAGES.entries()) {
    db.exec(
      `CREATE VIRTUAL TABLE peer_search_${at} USING fts5(name, initials, collection UNINDEXED, id UNINDEXED, icon UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
       CREATE VIRTUAL TABLE temp.peer_vocab_${at} USING fts5vocab(main, peer_search_${at}, row);`,
    );
    const add = db.prepare(
      `INSERT INTO peer_search_${at} (name, initials, collection, id, icon) VALUES (?, ?, ?, ?, ?)`,
    );
    for (const [name, id, icon] of COLLECTIONS)
      for (const row of db
        .prepare(
          `SELECT COALESCE(${inLanguage('name', tag)}, name) AS name, ${id} AS id, ${icon ? 'icon' : 'NULL'} AS icon FROM ${name}`,
        )
        .all())
        add.run(row.name, initialsOf(row.name), name, row.id, row.icon);
    for (const term of db.prepare(`SELECT term FROM temp.peer_vocab_${at}`).pluck().all())
      for (const variant of drops(term)) addTypo.run(variant, term);
  }
  db.exec('ANALYZE');
})();
console.error(`peer: the file's copy indexed in ${Math.round(performance.now() - started)} ms`);

/** `a..b`, `a..`, `..b`, `a` as [low, high]. */
function range(text) {
  const [low, high = low] = text.includes('..') ? text.split('..') : [text];
  return [low === '' ? -1e308 : Number(low), high === '' ? 1e308 : Number(high)];
}

/** The query's WHERE clause over `items`, and its parameters. */
function where(filters) {
  const clauses = [];
  const params = [];
  for (const [name, value] of Object.entries(filters)) {
    const key = /^stat\[(.+)\]$/.exec(name)?.[1];
    if (key !== undefined) {
      clauses.push(`${stat(key)} BETWEEN ? AND ?`);
      params.push(...range(value));
    } else if (name === 'slot' || name === 'subtype' || name === 'type') {
      clauses.push(`${name} = ?`);
      params.push(value);
    } else if (name === 'rarity') {
      const [low, high] = value.includes('..') ? value.split('..') : [value, value];
      clauses.push('rarity BETWEEN ? AND ?');
      params.push(low === '' ? -1 : rarityOf(low), high === '' ? 1e9 : rarityOf(high));
    } else if (name === 'q') {
      clauses.push('rowid IN (SELECT rowid FROM peer_names WHERE peer_names MATCH ?)');
      params.push(`"${value.replace(/"/g, '""')}"`);
    } else throw refused(`no filter ${name}`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * ORDER BY for a sort: ties by id, as ours (rowids follow ids). By a stat the filters bound, none is
 * NULL, so the stat's index gives the order.
 */
function orderBy(sort, german, filters) {
  if (!sort) return 'rowid';
  if (sort === 'name') return `${german ? 'name_order_de' : 'name_order'}, rowid`;
  if (sort === '-rarity') return 'rarity DESC, rowid';
  const byStat = /^(-?)stat\.(.+)$/.exec(sort);
  if (byStat) {
    const bounded = filters[`stat[${byStat[2]}]`] !== undefined;
    return `${bounded ? '' : `${stat(byStat[2])} IS NULL, `}${stat(byStat[2])} ${byStat[1] ? 'DESC' : 'ASC'}, rowid`;
  }
  throw refused(`no sort ${sort}`);
}

// Prepared once per distinct shape of query, as an ORM's statement cache does. With PEER_EXPLAIN set,
// each shape's query plan (for the parameters it is first run with) goes to stderr.
const statements = new Map();
const prepare = (sql, params) => {
  let statement = statements.get(sql);
  if (!statement) {
    statements.set(sql, (statement = db.prepare(sql)));
    if (process.env.PEER_EXPLAIN) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
      console.error(
        `plan: ${sql.replace(/\s+/g, ' ')}\n${plan.map((row) => `  ${row.detail}`).join('\n')}`,
      );
    }
  }
  return statement;
};

/** The fields every record answered with `fields=` keeps. */
const REQUIRED = ['id', 'name', 'rarity', 'rarityName'];

const app = Fastify({ logger: true, trustProxy: '127.0.0.1' });
await app.register(rateLimit, { max: 60, timeWindow: 60_000 });

app.get('/v1/items', (request, reply) => {
  const { sort, limit = '50', fields, lang, ...filters } = request.query;
  const german = lang === 'de';
  const filter = where(filters);
  const order = orderBy(sort, german, filters);
  const size = Math.min(Number(limit), 200);
  // The page's rowids from the indexes alone, then only their rows read.
  const page = `SELECT rowid AS r FROM items ${filter.sql} ORDER BY ${order} LIMIT ?`;
  const json = german ? 'json_de' : 'json';
  const named = fields?.split(',') ?? [];
  for (const field of named) if (!FIELDS.has(field)) throw refused(`no field ${field}`);
  // Each field named as its JSON (`->`), the required ones with them, from the language's record.
  const columns = fields
    ? ['id', 'name', 'rarity', 'rarityName', ...named.filter((field) => !REQUIRED.includes(field))]
        .map((field, at) => `${json} -> '$."${field}"' AS f${at}`)
        .join(', ')
    : `id, ${json} AS json`;
  const pageParams = [...filter.params, size + 1];
  const rows = prepare(
    `SELECT ${columns} FROM items WHERE rowid IN (${page}) ORDER BY ${order}`,
    pageParams,
  ).all(...pageParams);
  const total = prepare(`SELECT count(*) FROM items ${filter.sql}`, filter.params)
    .pluck()
    .get(...filter.params);
  const shown = rows.slice(0, size);
  const shownFields = [...REQUIRED, ...named.filter((field) => !REQUIRED.includes(field))];
  const data = shown.map((row) => {
    if (!fields) return row.json;
    const members = shownFields.flatMap((field, at) =>
      row[`f${at}`] === null ? [] : [`${JSON.stringify(field)}:${row[`f${at}`]}`],
    );
    return `{${members.join(',')}}`;
  });
  const meta = { total, count: shown.length };
  if (rows.length > size)
    meta.cursor = Buffer.from(
      JSON.stringify([sort ?? '', shown.at(-1).id ?? JSON.parse(shown.at(-1).f0)]),
    ).toString('base64url');
  reply.header('content-type', 'application/json; charset=utf-8');
  return `{"data":[${data.join(',')}],"meta":${JSON.stringify(meta)}}`;
});

app.get('/v1/facets/items', (request, reply) => {
  const filter = where(request.query);
  const facet = (column, value = column) =>
    `SELECT '${column}' AS facet, ${value} AS value, count(*) AS count FROM m WHERE ${value} IS NOT NULL GROUP BY ${value}`;
  // The matches once, each facet counted from them with GROUP BY. CROSS JOIN keeps the matches first:
  // left to choose, SQLite read all of items_stats (74 ms a query rather than 0.8).
  const rows = prepare(
    `WITH m AS MATERIALIZED (SELECT id, slot, rarity, subtype, type, cosmetic FROM items ${filter.sql})
     ${facet('slot')} UNION ALL ${facet('rarity')} UNION ALL ${facet('subtype')} UNION ALL
     ${facet('cosmetic', 'coalesce(cosmetic, 0)')} UNION ALL ${facet('type')} UNION ALL
     SELECT 'stat', s.stat, count(DISTINCT s.item_id) FROM m CROSS JOIN items_stats s ON s.item_id = m.id GROUP BY s.stat
     UNION ALL SELECT 'total', NULL, count(*) FROM m`,
    filter.params,
  ).all(...filter.params);
  const data = { slot: [], rarity: [], subtype: [], cosmetic: [], type: [], stat: [] };
  let total = 0;
  for (const { facet: name, value, count } of rows) {
    if (name === 'total') total = count;
    else data[name].push({ value: name === 'cosmetic' ? value === 1 : value, count });
  }
  for (const list of Object.values(data))
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({ data, meta: { total } });
});

/** Text as the file's FTS5 tokenizer folds it (unicode61, diacritics removed), in words. */
const words = (text) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether two words are at most one edit apart: a letter dropped, added, changed, or two swapped. */
function oneEdit(a, b) {
  if (Math.abs(a.length - b.length) > 1) return false;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const rest = (x, y) => a.slice(x) === b.slice(y);
  return (
    rest(at + 1, at + 1) ||
    rest(at + 1, at) ||
    rest(at, at + 1) ||
    (a[at] === b[at + 1] && a[at + 1] === b[at] && rest(at + 2, at + 2))
  );
}

const typos = db
  .prepare(`SELECT DISTINCT term FROM peer_typos WHERE variant IN (SELECT value FROM json_each(?))`)
  .pluck();
/** The FTS5 phrases a typed word may be: itself, the words one edit away, and, typed last, a prefix. */
function phrases(word, last) {
  const terms = typos
    .all(JSON.stringify(drops(word)))
    .filter((term) => term === word || oneEdit(term, word));
  const quoted = [...new Set([word, ...terms])].map((term) => `"${term}"`);
  if (last) quoted.push(`"${word}"*`);
  return `(${quoted.join(' OR ')})`;
}

// Each language's names in a table of their own, so a search reads only that language's.
const searches = new Map(
  LANGUAGES.map((tag, at) => [
    tag,
    {
      // Every match is ranked anyway, so the page counts them too.
      page: `SELECT collection, id, name, icon, count(*) OVER () AS total FROM peer_search_${at} WHERE peer_search_${at} MATCH ? ORDER BY rank LIMIT ?`,
    },
  ]),
);

app.get('/v1/search', (request, reply) => {
  const { q, lang = DEFAULT, limit = '10' } = request.query;
  const typed = words(q ?? '');
  const search = searches.get(lang);
  if (typed.length === 0 || !search)
    return reply.code(400).send({ error: { code: 'bad_request', message: 'q' } });
  const byName = typed.map((word, at) => phrases(word, at === typed.length - 1)).join(' AND ');
  // One word of 2 to 6 letters may be a name's initials too.
  const [only] = typed;
  const match =
    typed.length === 1 && only.length >= 2 && only.length <= 6
      ? `{name}: (${byName}) OR {initials}: "${only}"`
      : `{name}: (${byName})`;
  const pageParams = [match, Math.min(Number(limit), 50)];
  const found = prepare(search.page, pageParams).all(...pageParams);
  const lower = q.toLowerCase();
  const data = found.map((hit) => {
    const name = hit.name.toLowerCase();
    return {
      collection: hit.collection,
      id: hit.id,
      name: hit.name,
      match: name === lower ? 'exact' : name.startsWith(lower) ? 'prefix' : 'fuzzy',
      ...(hit.icon === null ? {} : { icon: hit.icon }),
    };
  });
  const total = found[0]?.total ?? 0;
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({ data, meta: { total, count: data.length } });
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
