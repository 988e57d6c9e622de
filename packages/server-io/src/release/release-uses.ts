import { DATASET_VERSION_PATTERN, type ReleaseUse } from '@gamedata/core/runtime';
import { InvalidDatasetError } from '../invalid-dataset.js';
import { openReleaseStore, type Releases } from './open-store.js';
import { USES_FILE } from './store.js';

/** A time as Atom's `updated` takes it (RFC 3339). */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

const isVersion = (value: unknown) =>
  typeof value === 'string' && DATASET_VERSION_PATTERN.test(value);

function isUse(value: unknown): value is ReleaseUse {
  const use = value as Partial<Record<keyof ReleaseUse, unknown>> | null;
  return (
    typeof use === 'object' &&
    use !== null &&
    isVersion(use.version) &&
    isVersion(use.replaced) &&
    isVersion(use.after) &&
    typeof use.at === 'string' &&
    RFC_3339.test(use.at) &&
    !Number.isNaN(Date.parse(use.at))
  );
}

/**
 * The uses `uses.json` records (`USES_FILE`), in the order they were made; none when no release was
 * ever used again. A file that is not such a record is refused, naming it.
 */
export async function readUses(releases: Releases): Promise<ReleaseUse[]> {
  const store = await openReleaseStore(releases);
  const text = await store.readUses();
  if (text === undefined) return [];
  let uses: unknown;
  try {
    uses = (JSON.parse(text) as { uses?: unknown }).uses;
  } catch {
    uses = undefined;
  }
  if (!Array.isArray(uses) || !uses.every(isUse))
    throw new InvalidDatasetError(
      store.location,
      `${USES_FILE}: expected {"uses": [{"version", "at", "replaced", "after"}, …]} as pnpm publish-dataset use writes it`,
    );
  return uses;
}

/** Replaces `uses.json` with these uses. */
export async function writeUses(releases: Releases, uses: readonly ReleaseUse[]): Promise<void> {
  const store = await openReleaseStore(releases);
  await store.writeUses(`${JSON.stringify({ uses }, null, 2)}\n`);
}
