/**
 * The version of the file's layout, in `PRAGMA user_version` and the `meta` table. A column that
 * changes meaning, or a table or column removed or renamed, bumps it; a test holds the layout to it
 * (`sqlite-layout.sql`). A module of its own: a server reads it, with none of the writer.
 */
export const SQLITE_SCHEMA_VERSION = 4;
