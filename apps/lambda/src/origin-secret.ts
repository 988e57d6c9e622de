/**
 * The shared secret CloudFront adds to every origin request as a custom origin header. Only a request
 * that carries it came through CloudFront, so only then is CloudFront's viewer address believed.
 */
export interface OriginSecret {
  /** Header name, e.g. `x-origin-verify`. */
  header: string;
  secret: string;
}

/**
 * Whether a header value is the origin secret. Every character of the secret is compared, with no early
 * exit, whatever the presented value: the time taken depends on the secret's length alone, never on
 * where a guess goes wrong. (Plain code rather than node:crypto, whose loading alone would cost every
 * cold start a few milliseconds.)
 */
export function carriesOriginSecret(presented: string | undefined, secret: string): boolean {
  if (presented === undefined) return false;
  let difference = presented.length ^ secret.length;
  // Past the end of a shorter value, charCodeAt gives NaN, which `| 0` turns into 0.
  for (let i = 0; i < secret.length; i++)
    difference |= secret.charCodeAt(i) ^ (presented.charCodeAt(i) | 0);
  return difference === 0;
}

/**
 * The viewer's IP from `CloudFront-Viewer-Address`, which CloudFront writes as `<ip>:<port>`; IPv6
 * addresses are not bracketed, so the port is whatever follows the last colon (CloudFront Developer
 * Guide, "Add CloudFront request headers": `198.51.100.10:46532`). Anything else is not believed.
 */
export function parseViewerAddress(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^([0-9A-Fa-f.:]+):(\d{1,5})$/.exec(value.trim());
  const ip = match?.[1];
  if (ip === undefined) return undefined;
  const isV4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(ip);
  return isV4 || ip.includes(':') ? ip : undefined;
}
