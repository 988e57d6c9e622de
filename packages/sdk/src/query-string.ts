/**
 * `?name=value&…` for the parameters that have a value, in the order given; '' when none has. Values
 * are stringified (`4`, `true`) and percent-encoded; an array is one value, comma-separated
 * (`sort=-rarity,name`); an object is one parameter per key, as OpenAPI's `deepObject` writes them
 * (`stat[mgt]=10..`).
 *
 * @example
 * buildQueryString({ slot: 'head', rarity: 4, q: undefined }) // '?slot=head&rarity=4'
 * buildQueryString({ stat: { mgt: '10..' }, sort: ['-stat.mgt', 'name'] }) // '?stat%5Bmgt%5D=10..&sort=-stat.mgt%2Cname'
 */
export function buildQueryString(params: object): string {
  const search = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) search.set(name, value.join(','));
    else if (typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner);
    else search.set(name, String(value));
  };
  for (const [name, value] of Object.entries(params)) add(name, value);
  const text = search.toString();
  return text && `?${text}`;
}
