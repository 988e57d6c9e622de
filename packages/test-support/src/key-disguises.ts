/**
 * A key in every place clients have been seen to put one, `?key=` and the forms that are not: other
 * parameter names and cases, array and path-parameter syntax, inside other parameters, in the path,
 * percent-encoded. No log line may hold the key in any of them.
 */
export function keyDisguises(key: string): Array<[string, string]> {
  const encoded = [...key]
    .map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .join('');
  return [
    ['?key=', `/v1/items?key=${key}`],
    ['?KEY=', `/v1/items?KEY=${key}`],
    ['?Key=', `/v1/items?limit=2&Key=${key}`],
    ['?api_key=', `/v1/items?api_key=${key}`],
    ['?apiKey=', `/v1/items?apiKey=${key}`],
    ['?key[]=', `/v1/items?key[]=${key}`],
    ['?key%5B%5D=', `/v1/items?key%5B%5D=${key}`],
    ['?%6Bey=', `/v1/items?%6Bey=${key}`],
    ['?access_token=', `/v1/items?access_token=${key}`],
    [';key= in the path', `/v1/items;key=${key}?limit=1`],
    ['; between parameters', `/v1/items?limit=1;key=${key}`],
    ['inside q', `/v1/items?q=${key}`],
    ['inside q, after text', `/v1/items?q=sword%20${key}`],
    ['inside cursor', `/v1/items?cursor=abc${key}`],
    ['in the path', `/v1/items/${key}`],
    ['percent-encoded, every character', `/v1/items?q=${encoded}`],
    ['upper-case prefix', `/v1/items?q=${key.replace('gd_', 'GD_')}`],
    ['cut short', `/v1/items?q=${key.slice(0, 20)}`],
  ];
}

/** Pieces of `key` that must not appear in a log: from the middle of it, as sent and percent-encoded. */
export function keyFragments(key: string): string[] {
  const middle = key.slice(3, 15);
  return [
    middle,
    [...middle].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
  ];
}
