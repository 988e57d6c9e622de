/** One value a release changed in a record: `from` is absent for a value it added, `to` for one it removed. */
export interface FieldChange {
  /** Where in the record, as a reader writes it: `stats[crit].value`, `roll.crit`, `effects[0].label`. */
  path: string;
  from?: unknown;
  to?: unknown;
}

/** Per top-level field holding an array of objects, the member that tells its elements apart. */
export type ElementIdentities = Readonly<Record<string, string>>;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object's keys as JSON writes them: a key holding `undefined` is no key at all. */
const served = (value: Json) => Object.keys(value).filter((key) => value[key] !== undefined);

/** Whether two JSON values are equal, objects whatever the order of their keys. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return (
      Array.isArray(b) && a.length === b.length && a.every((value, index) => same(value, b[index]))
    );
  if (!isObject(a) || !isObject(b)) return false;
  const keys = served(a);
  return keys.length === served(b).length && keys.every((key) => same(a[key], b[key]));
}

/**
 * The elements of an array of objects by their identity: the member's value, and `#2`, `#3`… after
 * it for a second and third element with the same one. `undefined` when an element has no such
 * member (a string, say): the array is then compared position by position.
 */
function byIdentity(
  elements: readonly unknown[],
  member: string,
): Map<string, unknown> | undefined {
  const keyed = new Map<string, unknown>();
  const seen = new Map<string, number>();
  for (const element of elements) {
    const key = isObject(element) ? element[member] : undefined;
    if (typeof key !== 'string') return undefined;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    keyed.set(count === 1 ? key : `${key}#${count}`, element);
  }
  return keyed;
}

/** An array of strings, numbers and such — a roll's `[min, max]`, a list of names — changes as one value. */
const primitives = (values: readonly unknown[]) =>
  values.every((value) => typeof value !== 'object' || value === null);

/** The members of two objects: those of `a` in its order, then those only `b` has. */
function members(
  path: string,
  a: Json,
  b: Json,
  out: FieldChange[],
  identities: ElementIdentities,
) {
  const at = (key: string) => (path === '' ? key : `${path}.${key}`);
  for (const key of served(a)) {
    if (b[key] === undefined) out.push({ path: at(key), from: a[key] });
    else walk(at(key), a[key], b[key], out, identities[key]);
  }
  for (const key of served(b)) if (a[key] === undefined) out.push({ path: at(key), to: b[key] });
}

function walk(path: string, a: unknown, b: unknown, out: FieldChange[], identity?: string): void {
  if (same(a, b)) return;
  if (isObject(a) && isObject(b)) {
    members(path, a, b, out, {});
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && !(primitives(a) && primitives(b))) {
    const before = identity === undefined ? undefined : byIdentity(a, identity);
    const after = identity === undefined ? undefined : byIdentity(b, identity);
    if (before && after) {
      for (const [key, element] of before) {
        const at = `${path}[${key}]`;
        if (!after.has(key)) out.push({ path: at, from: element });
        else walk(at, element, after.get(key), out);
      }
      for (const [key, element] of after)
        if (!before.has(key)) out.push({ path: `${path}[${key}]`, to: element });
      return;
    }
    const common = Math.min(a.length, b.length);
    for (let index = 0; index < common; index++) walk(`${path}[${index}]`, a[index], b[index], out);
    for (let index = common; index < a.length; index++)
      out.push({ path: `${path}[${index}]`, from: a[index] });
    for (let index = common; index < b.length; index++)
      out.push({ path: `${path}[${index}]`, to: b[index] });
    return;
  }
  out.push({ path, from: a, to: b });
}

/**
 * Every value that differs from one record to another, in the order the records give their fields:
 * a member in an object by its key (`roll.crit`), an element of an array of objects by its identity
 * where `identities` names one for the field (`stats[crit].value`), and by its position otherwise
 * (`effects[0].label`); an array of plain values (a roll's `[min, max]`, a list of names) is one
 * value. A list of objects told apart by their identity only reordered, or an object whose keys only
 * moved, changes nothing; a list compared by position reordered changes each place it moved to.
 *
 * @example recordFieldChanges({ stats: 'stat' }, { stats: [{ stat: 'crit', value: 8 }] }, { stats: [{ stat: 'crit', value: 10 }] }) // [{ path: 'stats[crit].value', from: 8, to: 10 }]
 */
export function recordFieldChanges(
  identities: ElementIdentities,
  before: object,
  after: object,
): FieldChange[] {
  const out: FieldChange[] = [];
  members('', before as Json, after as Json, out, identities);
  return out;
}
