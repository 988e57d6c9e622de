import type { RateLimitState } from '../ratelimit/decide.js';
import { RequestTarget } from './request-target.js';

/**
 * A request as an adapter hands it to the app: its method, target and headers, and what only the
 * adapter can know. No web `Request` is needed, so a server can pass what its runtime already parsed.
 */
export interface AppRequest {
  method: string;
  /**
   * The request target as the client sent it: origin-form (`/v1/items?limit=5`) or an absolute URL.
   * The app checks it (and Host) and normalises it as the WHATWG URL parser would before routing.
   */
  url: string;
  /** A request header by its lower-case name; undefined when absent. */
  header(name: string): string | undefined;
  /** The client's address as the adapter determined it (socket, or a trusted proxy's header). */
  clientIp?: string;
  /**
   * The platform's own id for this request (Lambda's `awsRequestId`), so that `x-request-id`, the
   * access log and the platform's logs name a request alike. Without it, a random UUID.
   */
  requestId?: string;
}

/**
 * The app's whole answer to one request, ready to write out. A HEAD request gets its GET's headers
 * (content-length included) and body: writing no body for HEAD is the adapter's part.
 */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array<ArrayBuffer> | null;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** One request while the app answers it: what came in, and what the answer policy records on the way. */
export class Exchange {
  readonly request: AppRequest;
  readonly requestId: string;
  /** The request's path and query, split once. */
  readonly target: RequestTarget;
  /** The route's path parameters, decoded. */
  params: Readonly<Record<string, string>> = NO_PARAMS;
  /** The rate-limit decision, once the request is counted. */
  rate: RateLimitState | undefined;
  /** The id of the API key the request presented, when it is a known one. */
  keyId: string | undefined;

  constructor(request: AppRequest) {
    this.request = request;
    this.requestId = request.requestId ?? crypto.randomUUID();
    this.target = new RequestTarget(request.url);
  }

  get method(): string {
    return this.request.method;
  }

  header(name: string): string | undefined {
    return this.request.header(name);
  }
}
