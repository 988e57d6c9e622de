/**
 * The shape of parsed JSON, checked: a function that names the first place where `value` is not of
 * the shape (`collections.items.lengths.3: expected a whole number from 0`), or gives undefined.
 *
 * Why not zod, the project's schema library: a release file's header is checked at every start, and
 * importing zod costs a cold start 70–100 ms (measured with `node -e "import('zod')"` on the
 * project's machines), which a start that validates nothing else never pays (apps/node's
 * start-imports test, apps/lambda's bundle test). These few kinds cover a header.
 */
export type Shape = (value: unknown, path: string) => string | undefined;

const problem = (path: string, expected: string) => `${path || '(header)'}: expected ${expected}`;

export const string: Shape = (value, path) =>
  typeof value === 'string' ? undefined : problem(path, 'a string');

export const number: Shape = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? undefined : problem(path, 'a number');

/** A whole number from 0: a length, an offset, a count. */
export const count: Shape = (value, path) =>
  Number.isSafeInteger(value) && (value as number) >= 0
    ? undefined
    : problem(path, 'a whole number from 0');

export const boolean: Shape = (value, path) =>
  typeof value === 'boolean' ? undefined : problem(path, 'true or false');

/** A string, a number, a boolean or null: a filter column's value. */
export const scalar: Shape = (value, path) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)
    ? undefined
    : problem(path, 'a string, a number, a boolean or null');

export function arrayOf(item: Shape): Shape {
  return (value, path) => {
    if (!Array.isArray(value)) return problem(path, 'an array');
    for (let at = 0; at < value.length; at++) {
      const found = item(value[at], `${path}.${at}`);
      if (found) return found;
    }
    return undefined;
  };
}

export function tuple(...items: Shape[]): Shape {
  return (value, path) => {
    if (!Array.isArray(value) || value.length !== items.length)
      return problem(path, `an array of ${items.length}`);
    for (const [at, item] of items.entries()) {
      const found = item(value[at], `${path}.${at}`);
      if (found) return found;
    }
    return undefined;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose every value is of `item`, under any key. */
export function recordOf(item: Shape): Shape {
  return (value, path) => {
    if (!isObject(value)) return problem(path, 'an object');
    for (const [key, field] of Object.entries(value)) {
      const found = item(field, path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  };
}

/** An object with these fields (others allowed); a field whose shape is `optional(…)` may be absent. */
export function object(fields: Record<string, Shape>): Shape {
  return (value, path) => {
    if (!isObject(value)) return problem(path, 'an object');
    for (const [key, field] of Object.entries(fields)) {
      const found = field(value[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  };
}

export function optional(shape: Shape): Shape {
  return (value, path) => (value === undefined ? undefined : shape(value, path));
}
