/**
 * Record ids and sprite ids: safe in a URL path segment and never a path on disk. In a module of its
 * own, without zod, so that code that serves (`@gamedata/core/runtime`) can check ids too.
 */
export const ID_PATTERN = /^[A-Za-z0-9._-]+$/;
