import type { z } from 'zod';
import { ID_PATTERN } from '../schemas/records.js';
import type { DatasetSource } from './dataset.js';
import { problemsFromIssues, type DatasetProblem } from './problems.js';

/**
 * Parses a dataset file's JSON text, reporting a missing file or bad JSON as a problem. A file the
 * adapter left unread for its size is not missing: the loader reports its size.
 */
export function parseJsonFile(
  file: string,
  source: DatasetSource,
  problems: DatasetProblem[],
): unknown {
  const text = source.files[file];
  if (text === undefined) {
    if (!source.unread?.has(file)) problems.push({ file, message: 'file is missing' });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.push({ file, message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function recordLabel(value: unknown, index: number, idField: string): string {
  const id =
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[idField]
      : undefined;
  return typeof id === 'string' && id.length > 0 ? id : `#${index}`;
}

/**
 * Validates every record of a record file (a JSON array) against its export schema, and checks that
 * ids are well-formed and unique. Returns the valid records; every problem found is pushed, so the
 * operator sees all of them at once rather than one per restart.
 */
export function readRecords<S extends z.ZodType>(
  file: string,
  source: DatasetSource,
  schema: S,
  idField: string,
  problems: DatasetProblem[],
): Array<z.infer<S>> {
  const parsed = parseJsonFile(file, source, problems);
  if (parsed === undefined) return [];
  if (!Array.isArray(parsed)) {
    problems.push({ file, message: 'expected a JSON array of records' });
    return [];
  }
  const seen = new Set<string>();
  const records: Array<z.infer<S>> = [];
  parsed.forEach((value: unknown, index) => {
    const label = recordLabel(value, index, idField);
    const result = schema.safeParse(value);
    if (!result.success) {
      problems.push(...problemsFromIssues(file, label, result.error.issues));
      return;
    }
    const id = (result.data as Record<string, string>)[idField] as string;
    if (idField === 'id' && !ID_PATTERN.test(id)) {
      problems.push({
        file,
        record: label,
        field: idField,
        message: `must match ${ID_PATTERN.source}`,
      });
      return;
    }
    if (seen.has(id)) {
      problems.push({
        file,
        record: label,
        field: idField,
        message: `duplicate ${idField} "${id}"`,
      });
      return;
    }
    seen.add(id);
    records.push(result.data);
  });
  return records;
}
