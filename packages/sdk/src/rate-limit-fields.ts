/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11): `RateLimit-Policy` and
 * `RateLimit` are Structured Field lists (RFC 9651 §3.1) of items naming a policy, each with
 * parameters such as `q` (quota), `w` (window), `r` (remaining) and `t` (seconds to reset).
 *
 * Only what those two fields need is parsed: a list of string or token items, and parameters whose
 * values are integers, decimals, strings, tokens, byte sequences or booleans. The SDK has no runtime
 * dependency, and a general Structured Field library would outweigh the rest of the client.
 */

/** One list member: the policy it names and its parameters that are non-negative integers (others are ignored). */
export interface FieldItem {
  name: string;
  params: Record<string, number>;
}

const NAME = /"((?:[^"\\]|\\["\\])*)"|([A-Za-z*][\w!#$%&'*+.^`|~:/-]*)/y;
const PARAM =
  /\s*;\s*([a-z*][a-z0-9_.*-]*)(?:=(-?\d{1,15}(?:\.\d{1,3})?|"(?:[^"\\]|\\["\\])*"|[A-Za-z*][\w!#$%&'*+.^`|~:/-]*|:[A-Za-z0-9+/=]*:|\?[01]))?/y;
const SEPARATOR = /\s*,\s*/y;

/**
 * Parses a list field's value, or returns undefined when it is not one (RFC 9651: a field that
 * fails to parse is ignored as a whole). Several field lines arrive joined by ", ", which is itself
 * a list's separator, so their members simply follow one another.
 *
 * @example parseFieldList('"anonymous";r=41;t=17') // [{ name: 'anonymous', params: { r: 41, t: 17 } }]
 */
export function parseFieldList(value: string): FieldItem[] | undefined {
  const text = value.trim();
  const items: FieldItem[] = [];
  let at = 0;
  while (at < text.length) {
    if (items.length > 0) {
      SEPARATOR.lastIndex = at;
      if (!SEPARATOR.test(text)) return undefined;
      at = SEPARATOR.lastIndex;
    }
    NAME.lastIndex = at;
    const name = NAME.exec(text);
    if (!name) return undefined;
    at = NAME.lastIndex;
    const item: FieldItem = {
      name: (name[1] ?? name[2] ?? '').replace(/\\(.)/g, '$1'),
      params: {},
    };
    for (let param = matchAt(PARAM, text, at); param; param = matchAt(PARAM, text, at)) {
      at = PARAM.lastIndex;
      const raw = param[2];
      // A parameter repeated keeps its last value (RFC 9651 §4.2.3.2). Only non-negative integers are
      // kept: every count and duration of the RateLimit fields is one.
      if (raw !== undefined && /^\d+$/.test(raw)) item.params[param[1] as string] = Number(raw);
      else delete item.params[param[1] as string];
    }
    items.push(item);
  }
  return items.length > 0 ? items : undefined;
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}
