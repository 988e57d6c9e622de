/**
 * The JSON line pino writes for `logger.info(entry)` — `{"level":"info"`, the time field, the entry's
 * fields in order, a newline — made with one `JSON.stringify` for an entry whose fields are all
 * strings, numbers, booleans, null or undefined (every access-log line is one), rather than field by
 * field; undefined for any other entry, which pino writes. It is the same text: both leave out
 * undefined, write non-finite numbers as null, and escape `"`, `\` and control characters alike.
 * They differ only on lone surrogates (pino leaves them, JSON.stringify escapes them as `\udxxx`), so
 * an entry whose JSON holds `\ud` is left to pino too.
 *
 * @example flatInfoLine({ msg: 'ready', port: 3000 }, ',"time":"2026-11-22T19:30:00.005Z"') // '{"level":"info","time":…,"msg":"ready","port":3000}\n'
 */
export function flatInfoLine(
  entry: Record<string, unknown>,
  timeField: string,
): string | undefined {
  // A class instance or an object with toJSON: JSON.stringify and pino would read it differently.
  if (Object.getPrototypeOf(entry) !== Object.prototype || entry.toJSON !== undefined)
    return undefined;
  for (const key in entry) {
    const value = entry[key];
    const type = typeof value;
    if (
      type === 'object'
        ? value !== null
        : type !== 'string' && type !== 'number' && type !== 'boolean' && type !== 'undefined'
    )
      return undefined;
  }
  const json = JSON.stringify(entry);
  if (json.includes('\\ud')) return undefined;
  return json === '{}'
    ? `{"level":"info"${timeField}}\n`
    : `{"level":"info"${timeField},${json.slice(1)}\n`;
}
