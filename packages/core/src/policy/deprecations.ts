/**
 * The deprecation policy (README, "Deprecation policy"; /docs, "Deprecations"): what is deprecated,
 * since when, and by when it may go. Every answer to a request that uses one of these carries
 * `Deprecation` and a `Link` to the policy, and `Sunset` once a removal date is set
 * (`deprecationHeaders` in ./headers.ts); the /docs page lists them from here.
 */
export interface Deprecation {
  /** What is deprecated, as the reference names it (Markdown). */
  subject: string;
  /** What to use instead (Markdown). */
  instead: string;
  /** The day it was deprecated and announced, in epoch milliseconds. */
  deprecatedAt: number;
  /**
   * The day it stops working, in epoch milliseconds, once one is set: at least
   * `REMOVAL_NOTICE_MONTHS` after `deprecatedAt`, and announced at least `SUNSET_NOTICE_MONTHS` ahead.
   */
  sunsetAt?: number;
}

/** Least time, in months, between a deprecation and the removal of what it deprecates. */
export const REMOVAL_NOTICE_MONTHS = 12;
/** Least time, in months, between setting a removal date (the `Sunset` header appears) and that date. */
export const SUNSET_NOTICE_MONTHS = 6;
/** The id of the policy's section on /docs, which every `Link: …; rel="deprecation"` points to. */
export const DEPRECATIONS_ANCHOR = 'deprecations';

/**
 * An API key in the query string: it leaks into browser history, Referer headers and the logs of
 * every proxy on the way, which `Authorization: Bearer` does not. No removal date is set.
 */
export const QUERY_KEY_DEPRECATION: Deprecation = {
  subject: '`?key=<key>`, an API key in the query string',
  instead: '`Authorization: Bearer <key>`',
  deprecatedAt: Date.UTC(2026, 10, 25),
};

/** Every deprecation in force, oldest first. */
export const DEPRECATIONS: readonly Deprecation[] = [QUERY_KEY_DEPRECATION];
