/**
 * `baseUrl` as the client joins paths to it: checked, and without trailing slashes. Checked at run
 * time too, since JavaScript callers have no type checker to say it is missing or wrong.
 *
 * @example readBaseUrl('https://gamedata.example/') // 'https://gamedata.example'
 */
export function readBaseUrl(value: unknown): string {
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) {
    throw new TypeError(
      `createClient needs baseUrl, the API's address (such as "https://gamedata.example"); got ${JSON.stringify(value)}`,
    );
  }
  const baseUrl = value.replace(/\/+$/, '');
  // Refused rather than stripped: the client adds /v1 to every path, and a quiet fix would hide a
  // misread of the docs that other code of the caller (building URLs itself) may share.
  const withoutVersion = /^(.*)\/v1$/i.exec(baseUrl)?.[1];
  if (withoutVersion !== undefined) {
    throw new TypeError(
      `createClient adds /v1 itself; give baseUrl without /v1: pass ${JSON.stringify(withoutVersion)}`,
    );
  }
  return baseUrl;
}
