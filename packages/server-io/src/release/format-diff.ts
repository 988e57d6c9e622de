import { COLLECTION_NAMES } from '@gamedata/core';
import type { FieldChange, ReleaseDiff } from './release-diff.js';

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

/**
 * The diff as a person reads it: per collection a count line, then one line per added (+), removed
 * (−) and changed record field, e.g. `items › ember-blade › stats[0].value 12 → 14`.
 *
 * @example process.stdout.write(formatDiff(diff, '2026-11-22.1'))
 */
export function formatDiff(releaseDiff: ReleaseDiff, version: string): string {
  const lines = [releaseDiff.from ? `${releaseDiff.from} → ${version}` : `${version} (first release)`];
  for (const name of COLLECTION_NAMES) {
    const { added, removed, changed } = releaseDiff.collections[name];
    lines.push(countsLine(name, added.length, removed.length, changed.length));
    if (!releaseDiff.from) continue;
    lines.push(...added.map((id) => `  ${name} + ${id}`), ...removed.map((id) => `  ${name} − ${id}`));
    for (const { id, fields } of changed) lines.push(...fields.map((change) => changeLine(`${name} › ${id}`, change)));
  }
  const { added, removed, changed } = releaseDiff.sprites;
  lines.push(countsLine('sprites', added.length, removed.length, changed.length));
  if (releaseDiff.from) lines.push(...added.map((id) => `  sprites + ${id}`), ...removed.map((id) => `  sprites − ${id}`), ...changed.map((id) => `  sprites ~ ${id}`));
  lines.push(releaseDiff.meta.length === 0 ? 'manifest: no change' : 'manifest:', ...releaseDiff.meta.map((change) => changeLine('manifest', change)));
  return `${lines.join('\n')}\n`;
}
