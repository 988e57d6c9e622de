import { collectionNames } from '../collections/registry.js';
import { CORE_BUILD } from '../core-build.js';
import type { Dataset } from '../dataset/dataset.js';
import { hashText } from '../hash.js';
import { bulkRecords } from '../language/bulk-records.js';

/**
 * Everything an answer of `dataset` depends on besides its question: the build that writes it, the
 * runtime's ICU (which orders names), the release's metadata and rarities, and each collection as each language serves it — the SHA-256 of
 * its bulk file, or, for a dataset never published (its bulk files not made), a hash of the records
 * such a file would hold.
 */
function releaseFingerprint(dataset: Dataset): string {
  const records = bulkRecords(dataset);
  const collections = [dataset.language, ...Object.keys(dataset.translations)].map((tag) => {
    const files = tag === dataset.language ? dataset.bulk : dataset.translatedBulk?.[tag];
    return [
      tag,
      collectionNames(dataset.registry).map(
        (name) => files?.[name]?.sha256 ?? hashText(JSON.stringify(records(tag, name))),
      ),
    ];
  });
  // Names sort as the runtime's ICU collates them: another ICU may order a page otherwise.
  const icu = (globalThis as { process?: { versions?: { icu?: string } } }).process?.versions?.icu;
  return hashText(
    JSON.stringify([CORE_BUILD, icu ?? null, dataset.meta, dataset.rarities, collections]),
  );
}

/**
 * The weak etag of an answer worked out from its question (a normalised query, which names its
 * language) rather than its body, which then need not be hashed: equal for the same question to the
 * same release and build, on every instance, and different when any of them differs. Used for pages
 * asked for with `sort` or `fields` and for facet counts (README, "Choices the contract leaves
 * open"); answers to the contract's own queries keep the etag that hashes their body.
 *
 * @example questionEtags(dataset)('items?sort="name"|50|') // 'W/"2026-11-20.1-…"'
 */
export function questionEtags(dataset: Dataset): (question: string) => string {
  let fingerprint: string | undefined;
  return (question) => {
    fingerprint ??= releaseFingerprint(dataset);
    return `W/"${dataset.meta.version}-${hashText(`${fingerprint}\n${question}`)}"`;
  };
}
