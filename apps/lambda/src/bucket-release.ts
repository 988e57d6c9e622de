import { REGISTRY, type Dataset } from '@gamedata/core/runtime';
import { openReleaseStore, readRelease, versionIn } from '@gamedata/server-io/release-store';

export interface BucketReleaseOptions {
  /** How long a release is served before the bucket is asked again whether `CURRENT` changed. */
  checkIntervalMs: number;
  /** Where a failed check or load is reported, in one line; the release served is kept. */
  logError(message: string, error: unknown): void;
  now?: () => number;
}

/** The release an instance serves from a bucket, and how it follows the bucket's `CURRENT`. */
export interface BucketRelease {
  /** The release `CURRENT` named at cold start. */
  readonly dataset: Dataset;
  /**
   * Once the check interval has passed since the last check: asks whether `CURRENT` changed (a
   * conditional GET on its ETag, a 304 when it did not) and, when it names another release, loads it
   * whole and resolves with it. Otherwise, or when the check or the load fails (reported; retried
   * after the next interval), resolves with `undefined` and the release served stays.
   */
  refresh(): Promise<Dataset | undefined>;
}

/**
 * Reads the current release from a bucket (`s3://bucket/prefix`) at cold start, with the history its
 * releases serve it with, and follows `CURRENT` from then on (apps/lambda/README.md, "Releases from a
 * bucket"). Loaded only when GAMEDATA_RELEASES_DIR names a bucket, with the AWS SDK it needs.
 */
export async function openBucketRelease(
  location: string,
  options: BucketReleaseOptions,
): Promise<BucketRelease> {
  const { checkIntervalMs, logError, now = Date.now } = options;
  const store = await openReleaseStore(location);
  const current = await store.readCurrent();
  let tag = current.tag;
  // Read as servers read releases: one published before a list was added is served without it.
  let { dataset } = await readRelease(store, versionIn(current), REGISTRY);
  let nextCheck = now() + checkIntervalMs;

  async function check(): Promise<Dataset | undefined> {
    const read = await store.readCurrentIfChanged(tag);
    if (read === 'unchanged') return undefined;
    const version = versionIn(read);
    if (version === dataset.meta.version) {
      tag = read.tag;
      return undefined;
    }
    // A version CURRENT names is loaded and checked whole before anything is swapped.
    const next = (await readRelease(store, version, REGISTRY)).dataset;
    tag = read.tag;
    dataset = next;
    return next;
  }

  return {
    get dataset() {
      return dataset;
    },
    async refresh() {
      if (now() < nextCheck) return undefined;
      nextCheck = now() + checkIntervalMs;
      try {
        return await check();
      } catch (error) {
        logError(
          `release check failed; keeping release ${dataset.meta.version} and checking again in ${checkIntervalMs / 1000} s`,
          error,
        );
        return undefined;
      }
    },
  };
}
