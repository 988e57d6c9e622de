/**
 * `GAMEDATA_EDGE_URL`: the https origin (`https://d111111abcdef8.cloudfront.net`, or the custom domain)
 * where the CDN serves the release's files from the bucket. With it, bulk files are answered with a
 * redirect there; without it (empty or unset), the function serves what fits in its response.
 *
 * @example readEdgeUrl({ GAMEDATA_EDGE_URL: 'https://cdn.example.com/' }) // 'https://cdn.example.com'
 */
export function readEdgeUrl(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const text = env.GAMEDATA_EDGE_URL?.trim();
  if (!text) return undefined;
  const refuse = () => new Error(`GAMEDATA_EDGE_URL must be an https origin with no path, such as https://d111111abcdef8.cloudfront.net: "${text}"`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  // The edge files' paths (/v1/files/…, /v1/img/…) are absolute: a path here would be dropped.
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash || url.username || url.password) throw refuse();
  return url.origin;
}
