/**
 * One character of a key's alphabet (base62), as sent or percent-encoded: a client that encodes
 * every character of its key (`%67%64%5F…`) has still put the key in the URL.
 */
const KEY_CHAR = '(?:[0-9A-Za-z]|%[3-7][0-9A-Fa-f])';
/**
 * Anything shaped like one of our keys, or the start of one: the `gd_` prefix in any case or encoding,
 * then at least 8 characters of the key alphabet. Cut or mistyped keys are secrets too.
 */
export const KEY_LIKE = new RegExp(`(?:g|%[46]7)(?:d|%[46]4)(?:_|%5f)${KEY_CHAR}{8,}`, 'gi');
/** A `name=value` parameter of a query (`?`, `&`) or of a path segment (`;`). */
const PARAMETER = /([?&;])([^=&;?#/]*)=([^&;#/]*)/g;
/** Cheap first look: a name that could be a credential's contains one of these (in any case). */
const SECRET_WORD = /key|token|secret|pass|auth/i;
/** The last word of a parameter name that says its value is a credential: `key`, `api_key`, `KEY`, `key[]`, `access_token`. */
const SECRET_NAME =
  /(?:^|[^a-z])(?:api)?(?:key|token|secret|password|passwd|auth|authorization)(?:\[[^\]]*\])?$/;
const MARK = '[redacted]';
const ENCODED_UNDERSCORE = /%5f/i;
const NON_ASCII = /[\u0080-\uffff]/;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * Text with everything that looks like one of our API keys replaced by `[redacted]`, wherever it is:
 * for any line written to a log.
 *
 * @example redactKeyLike('failed: gd_4mXk…') // 'failed: [redacted]'
 */
export function redactKeyLike(text: string): string {
  // Every key holds `_` after its prefix, as sent or encoded (`%5F`): lines without either — nearly
  // all of them — are two quick scans rather than a pattern match, paid on every log line.
  if (!text.includes('_') && !ENCODED_UNDERSCORE.test(text)) return text;
  return text.replace(KEY_LIKE, MARK);
}

/**
 * Whether a parameter of the target may be named like a credential: one of the words appears in it
 * as sent, or as a name is read — decoded (`%6Bey`) and lower-cased (the Kelvin sign `K` is a `k`
 * then). Most targets, brackets encoded (`stat%5Bmgt%5D`) or not, are then one decode of the whole
 * target rather than one per parameter.
 */
function mayNameSecret(target: string): boolean {
  if (SECRET_WORD.test(target)) return true;
  if (!target.includes('%') && !NON_ASCII.test(target)) return false;
  try {
    return SECRET_WORD.test(decodeURIComponent(target).toLowerCase());
  } catch {
    // Not decodable whole: each name is decoded on its own, as it can be.
    return true;
  }
}

/**
 * A request target fit for the access log: the value of every parameter named like a credential
 * (`key`, `KEY`, `api_key`, `key[]`, `;key=` in the path, names percent-encoded or not) and anything
 * that looks like one of our keys anywhere (the path, `q`, `cursor`) replaced by `[redacted]`.
 *
 * @example redactSecrets('/v1/items?API_KEY=abc&limit=5') // '/v1/items?API_KEY=[redacted]&limit=5'
 */
export function redactSecrets(pathAndQuery: string): string {
  const named = mayNameSecret(pathAndQuery)
    ? pathAndQuery.replace(PARAMETER, (whole, separator: string, name: string) =>
        SECRET_NAME.test(decodedName(name)) ? `${separator}${name}=${MARK}` : whole,
      )
    : pathAndQuery;
  return redactKeyLike(named);
}
