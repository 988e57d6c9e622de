/**
 * The path and query of a request, read off its URL string without building a `URL`: the app has
 * normalised the target already (`requestUrl` runs it through the WHATWG parser whenever it is not
 * plainly safe), so splitting the string gives what
 * `new URL(url)` would, for a fraction of the cost on every request. The query is parsed only when
 * something asks for a parameter.
 *
 * @example new RequestTarget('http://localhost/v1/items?limit=5').search // '?limit=5'
 */
export class RequestTarget {
  /** As `URL#pathname`. */
  readonly path: string;
  /** As `URL#search`: `?` and the query, or empty when there is none. */
  readonly search: string;
  #params: URLSearchParams | undefined;

  constructor(url: string) {
    // Origin-form (`/v1//items`, `//x`) is all path; only an absolute URL has an authority to skip.
    const authority = url.startsWith('/') ? -1 : url.indexOf('//');
    const pathStart = url.indexOf('/', authority === -1 ? 0 : authority + 2);
    const hash = url.indexOf('#');
    const end = hash === -1 ? url.length : hash;
    if (pathStart === -1 || pathStart > end) {
      this.path = '/';
      this.search = '';
      return;
    }
    const query = url.indexOf('?', pathStart);
    const queryStart = query === -1 || query > end ? end : query;
    this.path = url.slice(pathStart, queryStart);
    this.search = end - queryStart > 1 ? url.slice(queryStart, end) : '';
  }

  /** The query's parameters, parsed on first use. */
  get params(): URLSearchParams {
    return (this.#params ??= new URLSearchParams(this.search));
  }
}
