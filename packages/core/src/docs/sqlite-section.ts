import type { Dataset } from '../dataset/dataset.js';
import { code, codeBlock, inlineMarkdown, section, table } from './html.js';

/**
 * The release's SQLite file, when it has one its server describes (`ReleaseDatabase.guide`): where
 * it is, what each table holds, and questions users ask of it in SQL, each run against the demo's
 * file by the tests.
 */
export function renderSqlite(dataset: Dataset): string {
  const database = dataset.database;
  if (!database?.guide) return '';
  const { tables, questions } = database.guide;
  return section(
    'sqlite',
    'SQLite file',
    `<p>The whole release is one SQLite database, for ${code('sqlite3')}, Datasette, pandas or sql.js-httpvfs: ${code(`/v1/sqlite/${database.file}`)} (also ${code('/v1/sqlite/gamedata.sqlite')}, the current release's), whole, as br or gzip, or in byte ranges. Its layout is version ${database.schema} (${code('PRAGMA user_version')}); a field or list added to the API is in it too. Every filter and sort of the API has an index.</p>
${table(
  ['Table', 'Holds'],
  tables.map(([names, holds]) => [inlineMarkdown(names), inlineMarkdown(holds)]),
)}
${questions.map((sql) => codeBlock('SQL', sql)).join('\n')}`,
  );
}
