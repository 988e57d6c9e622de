import type { RateLimitState } from '../ratelimit/decide.js';
import type { RequestTarget } from './request-target.js';

/** Hono environment of the app: what adapters pass in, and what middleware records per request. */
export type AppEnv = {
  Bindings: {
    /** The client's address as the adapter determined it (socket, or a trusted proxy's header). */
    clientIp?: string;
    /**
     * The platform's own id for this request (Lambda's `awsRequestId`), so that `x-request-id`, the
     * access log and the platform's logs name a request alike. Without it, a random UUID.
     */
    requestId?: string;
  };
  Variables: {
    requestId: string;
    /** The request's path and query, split once by the policy middleware. */
    target: RequestTarget;
    rate?: RateLimitState;
    keyId?: string;
  };
};
