/**
 * The ids of the records an answer's `x-language-fallback` names: runs of positions in its `data`
 * (`0-2,5`), each record's `id` (a stat's `key`). Nothing when the header is absent: every record is
 * in the answer's language.
 *
 * @example fallbackIds('0,2', [{ id: 'a' }, { id: 'b' }, { id: 'c' }]) // ['a', 'c']
 */
export function fallbackIds(
  header: string | undefined,
  records: ReadonlyArray<{ id?: string; key?: string }>,
): string[] {
  if (!header) return [];
  const ids: string[] = [];
  for (const run of header.split(',')) {
    const [first = NaN, last = first] = run.split('-').map(Number);
    for (let position = first; position <= last; position++) {
      const record = records[position];
      const id = record?.id ?? record?.key;
      if (id !== undefined) ids.push(id);
    }
  }
  return ids;
}
