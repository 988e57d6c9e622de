import { hashBytes } from '../hash.js';
import {
  AbilitySchema,
  FollowerSchema,
  ID_PATTERN,
  ItemSchema,
  RelicSchema,
  StatSchema,
  type Item,
} from '../schemas/records.js';
import { checkItemReferences, checkIcons, checkRarity, checkRange } from './check-references.js';
import { compareIds, DATASET_FILES, indexCollection, type Collection, type Dataset, type DatasetSource, type Sprite } from './dataset.js';
import {
  ExportAbilitySchema,
  ExportFollowerSchema,
  ExportItemSchema,
  ExportRelicSchema,
  ExportStatSchema,
  ManifestSchema,
  type ExportItem,
  type Manifest,
  type RarityLevel,
} from './export-schemas.js';
import { looksLikePng } from './png.js';
import { problemsFromIssues, type DatasetProblem } from './problems.js';
import { parseJsonFile, readRecords } from './read-records.js';
import { stripMarkup } from './strip-markup.js';

export type LoadResult = { ok: true; dataset: Dataset } | { ok: false; problems: DatasetProblem[] };

function readManifest(source: DatasetSource, problems: DatasetProblem[]): Manifest | undefined {
  const file = DATASET_FILES.manifest;
  const parsed = parseJsonFile(file, source.files[file], problems);
  if (parsed === undefined) return undefined;
  const result = ManifestSchema.safeParse(parsed);
  if (!result.success) {
    problems.push(...problemsFromIssues(file, undefined, result.error.issues));
    return undefined;
  }
  const values = new Set(result.data.rarities.map((r) => r.value));
  const names = new Set(result.data.rarities.map((r) => r.name));
  if (values.size !== result.data.rarities.length || names.size !== result.data.rarities.length) {
    problems.push({ file, field: 'rarities', message: 'rarity values and names must be unique' });
  }
  return result.data;
}

function readSprites(source: DatasetSource, problems: DatasetProblem[]): Map<string, Sprite> {
  const sprites = new Map<string, Sprite>();
  for (const [id, bytes] of source.sprites) {
    const file = `sprites/${id}.png`;
    if (!ID_PATTERN.test(id)) problems.push({ file, message: `sprite id must match ${ID_PATTERN.source}` });
    else if (!looksLikePng(bytes)) problems.push({ file, message: 'not a PNG image' });
    else sprites.set(id, { bytes, etag: `"${hashBytes(bytes)}"` });
  }
  return sprites;
}

function toCollection<T extends { id: string; name: string }>(records: T[]): Collection<T> {
  return indexCollection([...records].sort((a, b) => compareIds(a.id, b.id)));
}

function plainDescription<T extends { description?: string | undefined }>(record: T): T {
  return record.description === undefined ? record : { ...record, description: stripMarkup(record.description) };
}

function rarityNameOf(rarities: readonly RarityLevel[], value: number | undefined): string | undefined {
  return rarities.find((r) => r.value === value)?.name;
}

function publicItem(item: ExportItem, rarities: readonly RarityLevel[]): Item {
  return ItemSchema.parse({
    ...plainDescription(item),
    rarityName: rarityNameOf(rarities, item.rarity),
    dungeons: item.dungeons?.map((entry) => (typeof entry === 'string' ? entry : entry.name)),
  });
}

/**
 * Validates a dataset export and turns it into public, immutable collections. Every problem is
 * reported with its file, record id and field; the dataset is only returned when there are none.
 *
 * @example
 * const result = await loadDataset({ files: { 'manifest.json': '…', 'items.json': '[…]' }, sprites });
 * if (!result.ok) throw new Error(formatProblems(result.problems));
 */
export function loadDataset(source: DatasetSource): LoadResult {
  const problems: DatasetProblem[] = [];
  const { files } = source;
  const manifest = readManifest(source, problems);
  const sprites = readSprites(source, problems);
  const stats = readRecords(DATASET_FILES.stats, files[DATASET_FILES.stats], ExportStatSchema, 'key', problems);
  const items = readRecords(DATASET_FILES.items, files[DATASET_FILES.items], ExportItemSchema, 'id', problems);
  const abilities = readRecords(DATASET_FILES.abilities, files[DATASET_FILES.abilities], ExportAbilitySchema, 'id', problems);
  const relics = readRecords(DATASET_FILES.relics, files[DATASET_FILES.relics], ExportRelicSchema, 'id', problems);
  const followers = readRecords(DATASET_FILES.followers, files[DATASET_FILES.followers], ExportFollowerSchema, 'id', problems);

  const rarities = manifest?.rarities ?? [];
  const statKeys = new Set(stats.map((stat) => stat.key));
  for (const item of items) {
    checkItemReferences(item, statKeys, problems);
    if (manifest) checkRarity(DATASET_FILES.items, item.id, item.rarity, rarities, problems);
  }
  for (const relic of relics) {
    if (manifest) checkRarity(DATASET_FILES.relics, relic.id, relic.rarity, rarities, problems);
    checkRange(DATASET_FILES.relics, relic.id, relic.min, relic.max, problems);
  }
  for (const follower of followers) {
    if (manifest) checkRarity(DATASET_FILES.followers, follower.id, follower.rarity, rarities, problems);
  }
  checkIcons(DATASET_FILES.items, items, source.sprites, problems);
  checkIcons(DATASET_FILES.abilities, abilities, source.sprites, problems);
  checkIcons(DATASET_FILES.relics, relics, source.sprites, problems);
  checkIcons(DATASET_FILES.followers, followers, source.sprites, problems);

  if (problems.length > 0 || manifest === undefined) return { ok: false, problems };

  const withRarityName = <T extends { rarity?: number | undefined }>(record: T) => ({
    ...record,
    rarityName: rarityNameOf(rarities, record.rarity),
  });
  const dataset: Dataset = {
    meta: {
      version: manifest.version,
      published: manifest.published,
      license: manifest.license,
      docs: manifest.docs,
      counts: {
        items: items.length,
        abilities: abilities.length,
        relics: relics.length,
        followers: followers.length,
        stats: stats.length,
      },
    },
    rarities: [...rarities].sort((a, b) => a.value - b.value),
    items: toCollection(items.map((item) => publicItem(item, rarities))),
    abilities: toCollection(abilities.map((a) => AbilitySchema.parse(plainDescription(a)))),
    relics: toCollection(relics.map((r) => RelicSchema.parse(withRarityName(r)))),
    followers: toCollection(followers.map((f) => FollowerSchema.parse(withRarityName(f)))),
    stats: stats.map((s) => StatSchema.parse(plainDescription(s))).sort((a, b) => compareIds(a.key, b.key)),
    sprites,
  };
  return { ok: true, dataset };
}
