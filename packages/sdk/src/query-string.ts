/**
 * `?name=value&…` for the parameters that have a value, in the order given; '' when none has. Values
 * are stringified (`4`, `true`) and percent-encoded.
 *
 * @example
 * buildQueryString({ slot: 'head', rarity: 4, q: undefined }) // '?slot=head&rarity=4'
 */
export function buildQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text && `?${text}`;
}
