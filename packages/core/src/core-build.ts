declare const __GAMEDATA_CORE_BUILD__: string | undefined;

/**
 * Which build of core is running: a hash of its sources, set when it is built (`tsup.config.ts`), so
 * every instance running one build agrees. Run from its sources (its tests, `pnpm dev`) it is new in
 * each process, as a dev server restarts on each edit. Etags worked out from the question rather than
 * the body take it in: a build that writes an answer otherwise changes its etag.
 */
export const CORE_BUILD =
  typeof __GAMEDATA_CORE_BUILD__ === 'string'
    ? __GAMEDATA_CORE_BUILD__
    : `source-${Math.random().toString(36).slice(2)}`;
