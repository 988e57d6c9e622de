import type { z } from 'zod';

/** One thing wrong with a dataset: where it is (file, record id, field) and what is wrong. */
export interface DatasetProblem {
  file: string;
  /** The record's id, or `#<index>` when the record has no usable id. */
  record?: string;
  /** Path inside the record or file, such as `stats[2].stat`. */
  field?: string;
  message: string;
}

/** Renders a zod issue path the way a person would write it: `stats[0].stat`, `roll.crc[1]`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`,
    )
    .join('');
}

/** Turns zod issues about one record into dataset problems. */
export function problemsFromIssues(
  file: string,
  record: string | undefined,
  issues: readonly z.core.$ZodIssue[],
): DatasetProblem[] {
  return issues.map((issue) => ({
    file,
    ...(record === undefined ? {} : { record }),
    ...(issue.path.length > 0 ? { field: formatFieldPath(issue.path) } : {}),
    message: issue.message,
  }));
}

/**
 * One line per problem, `file › record › field: message`, for the operator reading a failed start.
 *
 * @example formatProblems([{ file: 'items.json', record: 'axe', field: 'rarity', message: 'not on the scale' }])
 */
export function formatProblems(problems: readonly DatasetProblem[]): string {
  return problems
    .map(
      (p) =>
        [p.file, p.record, p.field].filter((part) => part !== undefined).join(' › ') +
        `: ${p.message}`,
    )
    .join('\n');
}
