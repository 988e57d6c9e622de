import type { RateLimitState } from '../ratelimit/decide.js';

/** Hono environment of the app: what adapters pass in, and what middleware records per request. */
export type AppEnv = {
  Bindings: {
    /** The client's address as the adapter determined it (socket, or a trusted proxy's header). */
    clientIp?: string;
  };
  Variables: {
    /** The request URL, parsed once by the policy middleware. */
    url: URL;
    rate?: RateLimitState;
    keyId?: string;
  };
};
