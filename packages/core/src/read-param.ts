import { badRequest } from './errors.js';

/**
 * Reads one parameter. Rules (documented in the README and /docs): an empty value counts as absent,
 * as HTML forms send empty fields; a parameter given twice is a 400, since either reading would
 * silently drop what the caller asked for.
 */
export function readParam(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw badRequest(`${name} may be given only once`);
  const value = values[0];
  return value === undefined || value === '' ? undefined : value;
}
