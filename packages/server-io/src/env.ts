/**
 * A whole number of at least 1 from the environment, or `fallback` when the variable is unset or
 * empty (a SAM parameter left at its default arrives empty). Anything else stops the process at start
 * with the variable's name and value.
 *
 * @example positiveInteger(process.env, 'GAMEDATA_CACHE_BYTES', 64 * 1024 * 1024)
 */
export function positiveInteger(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  return value;
}
