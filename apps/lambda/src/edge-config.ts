/** Where the release's files are served from besides the function (apps/lambda/README, "The edge"). */
export interface EdgeConfig {
  /**
   * `GAMEDATA_EDGE_URL`: the https origin (`https://d111111abcdef8.cloudfront.net`, or a custom
   * domain) where a CDN serves the files from the bucket; callers of the function itself are sent there.
   */
  edgeUrl?: string;
  /**
   * `GAMEDATA_CLOUDFRONT_SERVES_FILES=true`: the CloudFront that sends the origin secret serves
   * `/v1/files/*` and `/v1/img/*` itself, so a request that came through it is sent to the same path on
   * the host it asked (a relative redirect): the template's distribution, whose own name the function
   * cannot be given (it would depend on itself).
   */
  cloudFrontServesFiles: boolean;
}

/** An https origin with nothing after it, or a clear error naming the setting. */
function httpsOrigin(text: string): string {
  const refuse = () =>
    new Error(
      `GAMEDATA_EDGE_URL must be an https origin with no path, such as https://d111111abcdef8.cloudfront.net: "${text}"`,
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse();
  }
  // The edge files' paths (/v1/files/…, /v1/img/…) are absolute: a path here would be dropped.
  if (
    url.protocol !== 'https:' ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  )
    throw refuse();
  return url.origin;
}

/**
 * Reads the edge settings. Empty values count as unset, as a SAM parameter left at its default still
 * arrives as an (empty) environment variable.
 *
 * @example readEdgeConfig({ GAMEDATA_EDGE_URL: 'https://cdn.example.com/' }).edgeUrl // 'https://cdn.example.com'
 */
export function readEdgeConfig(env: Readonly<Record<string, string | undefined>>): EdgeConfig {
  const url = env.GAMEDATA_EDGE_URL?.trim();
  const serves = env.GAMEDATA_CLOUDFRONT_SERVES_FILES?.trim() ?? '';
  if (!['', 'true', 'false'].includes(serves))
    throw new Error(`GAMEDATA_CLOUDFRONT_SERVES_FILES must be true or false: "${serves}"`);
  return {
    ...(url ? { edgeUrl: httpsOrigin(url) } : {}),
    cloudFrontServesFiles: serves === 'true',
  };
}
