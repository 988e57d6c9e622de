import type { Context } from 'hono';
import type { ApiError } from '../errors.js';
import type { LanguageChoice } from '../language/negotiate-language.js';
import type { HeaderSet } from '../policy/headers.js';
import type { RateLimitState } from '../ratelimit/decide.js';
import type { RequestTarget } from './request-target.js';

/**
 * What the app reads from `env`, the second argument of `app.fetch(request, env)`. Each adapter
 * passes what only it can know; a plain `serve({ fetch: app.fetch })` from @hono/node-server passes
 * its own bindings, and the app reads the socket's address from them.
 */
export interface AppBindings {
  /** The client's address as the adapter determined it (socket, or a trusted proxy's header). */
  clientIp?: string;
  /**
   * The platform's own id for this request (Lambda's `awsRequestId`), so that `x-request-id`, the
   * access log and the platform's logs name a request alike. Without it, a random UUID.
   */
  requestId?: string;
  /** @hono/node-server's bindings, when it serves the app with no adapter of ours in between. */
  incoming?: { socket?: { remoteAddress?: string } };
  /** Set by `app.refuse`: answer this error, and log the method and target the adapter read. */
  refusal?: Refusal;
}

/** A request an adapter could not read whole, as `app.refuse` hands it to the app. */
export interface Refusal {
  error: ApiError;
  method: string;
  /** Whatever of the target was read, for the log (`*` when nothing was). */
  url: string;
}

/** What the app keeps on a request's context while answering it. */
export interface AppVariables {
  requestId: string;
  /** The path and query as the client sent them, split once. */
  target: RequestTarget;
  /** The rate-limit decision, once the request is counted. */
  rate: RateLimitState | undefined;
  /** The id of the API key the request presented, when it is a known one. */
  keyId: string | undefined;
  /** The deprecation notice of every answer to this request, when it uses something deprecated. */
  deprecation: HeaderSet | undefined;
  /** The language of the answer's text, once a route that has text in several languages chose it. */
  language: LanguageChoice | undefined;
}

/** The app's Hono environment. */
export type AppEnv = { Bindings: AppBindings; Variables: AppVariables };

/** A request's Hono context inside the app. */
export type AppContext = Context<AppEnv>;
