/**
 * The shape of parsed JSON, checked: `check(shape, value)` names the first place where `value` is not
 * of the shape (`collections.items.lengths.3: expected a whole number from 0`), or gives undefined.
 *
 * Why not zod, the project's schema library: a release file's header is checked at every start, and
 * importing zod costs a cold start 70–100 ms (measured with `node -e "import('zod')"` on the
 * project's machines), which a start that validates nothing else never pays (apps/node's
 * start-imports test, apps/lambda's bundle test). A header holds arrays of a hundred thousand
 * elements: a place is named only once it is found wrong, and arrays of a primitive are checked in
 * one loop.
 */
export interface Shape {
  /** What a value of the shape is, for the message. */
  readonly expected: string;
  /** The path from the value to the first part that is not of its shape, and that part's shape. */
  find(value: unknown): { path: Array<string | number>; expected: string } | undefined;
}

/** A shape of one JSON value that is not an array or an object, tested in one expression. */
interface Primitive extends Shape {
  readonly test: (value: unknown) => boolean;
}

function primitive(expected: string, test: (value: unknown) => boolean): Primitive {
  return { expected, test, find: (value) => (test(value) ? undefined : { path: [], expected }) };
}

export const string = primitive('a string', (value) => typeof value === 'string');
export const number = primitive(
  'a number',
  (value) => typeof value === 'number' && Number.isFinite(value),
);
/** A whole number from 0: a length, an offset, a count, a CRC-32. */
export const count = primitive(
  'a whole number from 0',
  (value) => Number.isSafeInteger(value) && (value as number) >= 0,
);
export const boolean = primitive('true or false', (value) => typeof value === 'boolean');
/** A string, a number, a boolean or null: a filter column's value. */
export const scalar = primitive('a string, a number, a boolean or null', (value) => {
  const type = typeof value;
  return value === null || type === 'string' || type === 'number' || type === 'boolean';
});

/** `found` one step further down, under `key`. */
function under(key: string | number, found: ReturnType<Shape['find']>): ReturnType<Shape['find']> {
  found?.path.unshift(key);
  return found;
}

export function arrayOf(item: Shape): Shape {
  const expected = 'an array';
  const test = (item as Partial<Primitive>).test;
  return {
    expected,
    find(value) {
      if (!Array.isArray(value)) return { path: [], expected };
      for (let at = 0; at < value.length; at++) {
        if (test ? test(value[at]) : !item.find(value[at])) continue;
        return under(at, item.find(value[at]));
      }
      return undefined;
    },
  };
}

export function tuple(...items: Shape[]): Shape {
  const expected = `an array of ${items.length}`;
  return {
    expected,
    find(value) {
      if (!Array.isArray(value) || value.length !== items.length) return { path: [], expected };
      for (const [at, item] of items.entries()) {
        const found = item.find(value[at]);
        if (found) return under(at, found);
      }
      return undefined;
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose every value is of `item`, under any key. */
export function recordOf(item: Shape): Shape {
  const expected = 'an object';
  return {
    expected,
    find(value) {
      if (!isObject(value)) return { path: [], expected };
      for (const [key, field] of Object.entries(value)) {
        const found = item.find(field);
        if (found) return under(key, found);
      }
      return undefined;
    },
  };
}

/** An object with these fields (others allowed); a field whose shape is `optional(…)` may be absent. */
export function object(fields: Record<string, Shape>): Shape {
  const expected = 'an object';
  return {
    expected,
    find(value) {
      if (!isObject(value)) return { path: [], expected };
      for (const [key, field] of Object.entries(fields)) {
        const found = field.find(value[key]);
        if (found) return under(key, found);
      }
      return undefined;
    },
  };
}

export function optional(shape: Shape): Shape {
  return {
    expected: shape.expected,
    find: (value) => (value === undefined ? undefined : shape.find(value)),
  };
}

/** Where `value` is not of `shape`, and what was expected there; undefined when it is. */
export function check(shape: Shape, value: unknown): string | undefined {
  const found = shape.find(value);
  return found && `${found.path.join('.') || '(header)'}: expected ${found.expected}`;
}
