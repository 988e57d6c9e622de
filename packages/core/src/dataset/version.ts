/** A dataset version: `YYYY-MM-DD.n`, the UTC date of its release and `n` counting that day's releases. */
export const DATASET_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}\.\d+$/;

/**
 * Orders dataset versions by date, then by `n` as a number (`.10` after `.9`).
 *
 * @example ['2026-12-01.10', '2026-12-01.9'].sort(compareVersions) // ['2026-12-01.9', '2026-12-01.10']
 */
export function compareVersions(a: string, b: string): number {
  const [dateA, dateB] = [a.slice(0, 10), b.slice(0, 10)];
  if (dateA !== dateB) return dateA < dateB ? -1 : 1;
  return Number(a.slice(11)) - Number(b.slice(11));
}
