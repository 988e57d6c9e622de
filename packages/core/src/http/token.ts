const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Whether `text` is a token (RFC 9110 §5.6.2), as a method (§9.1) and a header name (§5.1) must be:
 * what an HTTP parser accepts there, on every runtime and adapter alike.
 *
 * @example isToken('GET') // true
 * @example isToken('GE T') // false
 */
export function isToken(text: string): boolean {
  return TOKEN.test(text);
}
