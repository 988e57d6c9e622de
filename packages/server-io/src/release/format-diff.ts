import type { CollectionDiff, FieldChange, LanguageDiff, ReleaseDiff } from './release-diff.js';

/** Longest value shown in a report line; longer ones are cut with an ellipsis. */
const MAX_VALUE_CHARS = 80;

function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

function changeLine(prefix: string, change: FieldChange): string {
  return `  ${prefix} › ${change.path} ${shown(change.from)} → ${shown(change.to)}`;
}

function countsLine(label: string, added: number, removed: number, changed: number): string {
  if (added + removed + changed === 0) return `${label}: no change`;
  return `${label}: ${added} added, ${removed} removed, ${changed} changed`;
}

/** `items 1 added, 2 changed` for what changed, nothing for what did not. */
function countsPart(label: string, counts: ReadonlyArray<[number, string]>): string[] {
  const parts = counts.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
  return parts.length === 0 ? [] : [`${label} ${parts.join(', ')}`];
}

/** A record's added (+), removed (−) and changed fields, each line prefixed with where it is. */
function recordLines(prefix: string, { added, removed, changed }: CollectionDiff): string[] {
  return [
    ...added.map((id) => `  ${prefix} + ${id}`),
    ...removed.map((id) => `  ${prefix} − ${id}`),
    ...changed.flatMap(({ id, fields }) =>
      fields.map((change) => changeLine(`${prefix} › ${id}`, change)),
    ),
  ];
}

/**
 * One language's changes: a line of counts per collection that changed, then, for a language both
 * releases translate, one line per translation added or removed and per changed field, e.g.
 * `de › items › ember-blade › name "Glutklinge" → "Flammenklinge"`.
 */
function languageLines(tag: string, { change, collections, rarities }: LanguageDiff): string[] {
  const counts = [
    ...Object.entries(collections).flatMap(([name, { added, removed, changed }]) => {
      return countsPart(name, [
        [added.length, 'added'],
        [removed.length, 'removed'],
        [changed.length, 'changed'],
      ]);
    }),
    ...countsPart('rarities', [[rarities.length, 'changed']]),
  ];
  const lines = [
    `translations ${tag}${change === 'changed' ? '' : ` (${change})`}: ${counts.join('; ')}`,
  ];
  if (change !== 'changed') return lines;
  for (const [name, diff] of Object.entries(collections))
    lines.push(...recordLines(`${tag} › ${name}`, diff));
  return [...lines, ...rarities.map((field) => changeLine(tag, field))];
}

/**
 * The diff as a person reads it: per collection a count line, then one line per added (+), removed
 * (−) and changed record field, e.g. `items › ember-blade › stats[0].value 12 → 14`; then the
 * translations of each language that changed, the same way.
 *
 * @example process.stdout.write(formatDiff(diff, '2026-11-22.1'))
 */
export function formatDiff(releaseDiff: ReleaseDiff, version: string): string {
  const lines = [
    releaseDiff.from ? `${releaseDiff.from} → ${version}` : `${version} (first release)`,
  ];
  for (const [name, diff] of Object.entries(releaseDiff.collections)) {
    const { added, removed, changed } = diff;
    lines.push(countsLine(name, added.length, removed.length, changed.length));
    if (!releaseDiff.from) continue;
    lines.push(...recordLines(name, diff));
  }
  const { added, removed, changed } = releaseDiff.sprites;
  lines.push(countsLine('sprites', added.length, removed.length, changed.length));
  if (releaseDiff.from)
    lines.push(
      ...added.map((id) => `  sprites + ${id}`),
      ...removed.map((id) => `  sprites − ${id}`),
      ...changed.map((id) => `  sprites ~ ${id}`),
    );
  lines.push(
    !releaseDiff.from
      ? 'manifest: added'
      : releaseDiff.meta.length === 0
        ? 'manifest: no change'
        : 'manifest:',
    ...releaseDiff.meta.map((change) => changeLine('manifest', change)),
  );
  for (const [tag, language] of Object.entries(releaseDiff.translations))
    lines.push(...languageLines(tag, language));
  return `${lines.join('\n')}\n`;
}
