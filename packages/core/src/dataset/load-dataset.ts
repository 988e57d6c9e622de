import { REGISTRY } from '../collections/collections.js';
import type { CollectionName } from '../collections/list-names.js';
import { columnFields, keyedNumbers } from '../collections/descriptor.js';
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
import { compareIds, indexCollection } from './collection.js';
import {
  DATASET_FILES,
  spriteFile,
  type DatasetSource,
  type GameDataset,
  type Publisher,
  type ReleaseStamp,
  type Sprite,
} from './dataset.js';
import type { AnyListRecord } from '../collections/list-types.js';
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
import { fileSizeLimit, MAX_ID_LENGTH, MAX_SPRITE_BYTES, tooLargeMessage } from './limits.js';
import { readPng } from './png.js';
import { imageDataProblem, type Inflate } from './png-image-data.js';
import { problemsFromIssues, type DatasetProblem } from './problems.js';
import { parseJsonFile, readRecords } from './read-records.js';
import { readTranslations, type BaseRecords } from './read-translations.js';
import { stripMarkup } from './strip-markup.js';
import { DEFAULT_LANGUAGE, type Translations } from './translations.js';

export type LoadResult =
  { ok: true; dataset: GameDataset } | { ok: false; problems: DatasetProblem[] };

export interface LoadOptions {
  /**
   * The platform's zlib inflate (node:zlib's `inflateSync` on Node): given one, the loader decodes
   * every sprite's image data too and checks it is exactly the image its header describes. Without
   * one, a sprite gets the structural check of every chunk alone.
   */
  inflate?: Inflate;
}

function readManifest(source: DatasetSource, problems: DatasetProblem[]): Manifest | undefined {
  const file = DATASET_FILES.manifest;
  const parsed = parseJsonFile(file, source, problems);
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

/** Why a sprite cannot be served, if it cannot: an id that is not safe in a URL or too long, its size, or a broken PNG. */
function spriteProblem(
  id: string,
  bytes: Uint8Array,
  inflate: Inflate | undefined,
): string | undefined {
  if (!ID_PATTERN.test(id)) return `sprite id must match ${ID_PATTERN.source}`;
  if (id.length > MAX_ID_LENGTH) return `sprite id is longer than ${MAX_ID_LENGTH} characters`;
  if (bytes.length > MAX_SPRITE_BYTES) return tooLargeMessage(bytes.length, MAX_SPRITE_BYTES);
  const png = readPng(bytes);
  if (!png.ok) return png.problem;
  return inflate && imageDataProblem(png.png, inflate);
}

function readSprites(
  source: DatasetSource,
  inflate: Inflate | undefined,
  problems: DatasetProblem[],
): Map<string, Sprite> {
  const sprites = new Map<string, Sprite>();
  for (const [id, bytes] of source.sprites) {
    const problem = spriteProblem(id, bytes, inflate);
    if (problem === undefined) sprites.set(id, { bytes, etag: `"${hashBytes(bytes)}"` });
    else problems.push({ file: spriteFile(id), message: problem });
  }
  return sprites;
}

/** Every record file, each record checked against its export schema. */
function readExport(source: DatasetSource, problems: DatasetProblem[]) {
  const read = <S extends Parameters<typeof readRecords>[2]>(
    file: string,
    schema: S,
    idField = 'id',
  ) => readRecords(file, source, schema, idField, problems);
  // Stats first: the operator reads problems in this order, and item problems refer to stat keys.
  const stats = read(DATASET_FILES.stats, ExportStatSchema, 'key');
  return {
    stats,
    items: read(DATASET_FILES.items, ExportItemSchema),
    abilities: read(DATASET_FILES.abilities, ExportAbilitySchema),
    relics: read(DATASET_FILES.relics, ExportRelicSchema),
    followers: read(DATASET_FILES.followers, ExportFollowerSchema),
  };
}

type Export = ReturnType<typeof readExport>;

/**
 * What no single record can check alone: stat keys, rarities on the manifest's scale (when it could
 * be read), relic ranges, and icons with a sprite.
 */
function checkAcrossFiles(
  exported: Export,
  rarities: readonly RarityLevel[] | undefined,
  source: DatasetSource,
  problems: DatasetProblem[],
): void {
  const statKeys = new Set(exported.stats.map((stat) => stat.key));
  const rarityOf = (file: string, record: { id: string; rarity?: number | undefined }) =>
    rarities && checkRarity(file, record.id, record.rarity, rarities, problems);
  for (const item of exported.items) {
    checkItemReferences(item, statKeys, problems);
    rarityOf(DATASET_FILES.items, item);
  }
  for (const relic of exported.relics) {
    rarityOf(DATASET_FILES.relics, relic);
    checkRange(DATASET_FILES.relics, relic.id, relic.min, relic.max, problems);
  }
  for (const follower of exported.followers) rarityOf(DATASET_FILES.followers, follower);
  // A sprite left unread for its size is there: its problem is its size, not its absence.
  const hasSprite = (id: string) =>
    source.sprites.has(id) || source.unread?.has(spriteFile(id)) === true;
  for (const list of ['items', 'abilities', 'relics', 'followers'] as const)
    checkIcons(DATASET_FILES[list], exported[list], hasSprite, problems);
}

/** The export's valid records by id (stats by key), which translations name. */
/**
 * The records translations are checked against, by collection; none for a collection whose file could
 * not be read at all (too large, not JSON, not an array), which is already refused by name: checking
 * its translations against no records would report every translated id as unknown.
 */
function baseRecords(exported: Export, problems: readonly DatasetProblem[]): BaseRecords {
  const unreadable = new Set(
    problems.filter((problem) => problem.record === undefined).map((problem) => problem.file),
  );
  const byKey = <T extends Record<string, unknown>>(
    name: CollectionName,
    records: readonly T[],
    key: keyof T & string,
  ) =>
    unreadable.has(DATASET_FILES[name])
      ? undefined
      : new Map(records.map((record) => [record[key] as string, record]));
  const { items, abilities, relics, followers, stats } = exported;
  return {
    items: byKey('items', items, 'id'),
    abilities: byKey('abilities', abilities, 'id'),
    relics: byKey('relics', relics, 'id'),
    followers: byKey('followers', followers, 'id'),
    stats: byKey('stats', stats, 'key'),
  };
}

function plainDescription<T extends { description?: string | undefined }>(record: T): T {
  return record.description === undefined
    ? record
    : { ...record, description: stripMarkup(record.description) };
}

function rarityNameOf(
  rarities: readonly RarityLevel[],
  value: number | undefined,
): string | undefined {
  return rarities.find((r) => r.value === value)?.name;
}

function publicItem(item: ExportItem, rarities: readonly RarityLevel[]): Item {
  return ItemSchema.parse({
    ...plainDescription(item),
    rarityName: rarityNameOf(rarities, item.rarity),
    dungeons: item.dungeons?.map((entry) => (typeof entry === 'string' ? entry : entry.name)),
  });
}

/** The manifest's licence identification and contact, without the keys it leaves out. */
function publisherOf({ licenseId, licenseUrl, contact }: Manifest): Publisher {
  return {
    ...(licenseId ? { licenseId } : {}),
    ...(licenseUrl ? { licenseUrl } : {}),
    ...(contact ? { contact } : {}),
  };
}

const byId = <T extends { id: string }>(records: T[]) =>
  records.sort((a, b) => compareIds(a.id, b.id));

/** A list's public records, ordered by id, indexed for the queries its descriptor allows. */
function indexList<T extends AnyListRecord>(list: string, records: readonly T[]) {
  const descriptor = REGISTRY.list(list);
  return indexCollection(records, columnFields(descriptor), keyedNumbers(descriptor));
}

/** The public dataset: records through the public schemas (allowlists), ordered by id and indexed. */
function publicDataset(
  stamp: ReleaseStamp,
  manifest: Manifest,
  exported: Export,
  sprites: Map<string, Sprite>,
  translations: Translations,
): GameDataset {
  const { rarities } = manifest;
  const withRarityName = <T extends { rarity?: number | undefined }>(record: T) => ({
    ...record,
    rarityName: rarityNameOf(rarities, record.rarity),
  });
  const { items, abilities, relics, followers, stats } = exported;
  const counts = {
    items: items.length,
    abilities: abilities.length,
    relics: relics.length,
    followers: followers.length,
    stats: stats.length,
  };
  return {
    meta: {
      version: stamp.version,
      published: stamp.published,
      license: manifest.license,
      docs: manifest.docs,
      counts,
    },
    publisher: publisherOf(manifest),
    rarities: [...rarities].sort((a, b) => a.value - b.value),
    registry: REGISTRY,
    lists: {
      items: indexList('items', byId(items.map((item) => publicItem(item, rarities)))),
      abilities: indexList(
        'abilities',
        byId(abilities.map((a) => AbilitySchema.parse(plainDescription(a)))),
      ),
      relics: indexList('relics', byId(relics.map((r) => RelicSchema.parse(withRarityName(r))))),
      followers: indexList(
        'followers',
        byId(followers.map((f) => FollowerSchema.parse(withRarityName(f)))),
      ),
    },
    stats: stats
      .map((s) => StatSchema.parse(plainDescription(s)))
      .sort((a, b) => compareIds(a.key, b.key)),
    sprites,
    language: manifest.language ?? DEFAULT_LANGUAGE,
    translations,
    // An export alone knows no earlier release; publishing gives a release its history.
    history: { base: stamp.version, changes: [] },
  };
}

/**
 * Validates a dataset export and turns it into public, immutable collections, stamped with the
 * release's version and published time. Every problem is reported with its file, record id and field;
 * the dataset is only returned when there are none.
 *
 * @example
 * const result = loadDataset({ files: { 'manifest.json': '…', 'items.json': '[…]' }, sprites }, { version: '2026-11-20.1', published: '2026-11-20T09:30:00Z' }, { inflate });
 * if (!result.ok) throw new Error(formatProblems(result.problems));
 */
export function loadDataset(
  source: DatasetSource,
  stamp: ReleaseStamp,
  options: LoadOptions = {},
): LoadResult {
  const problems: DatasetProblem[] = [];
  for (const [file, size] of source.unread ?? [])
    problems.push({ file, message: tooLargeMessage(size, fileSizeLimit(file)) });
  const manifest = readManifest(source, problems);
  const sprites = readSprites(source, options.inflate, problems);
  const exported = readExport(source, problems);
  checkAcrossFiles(exported, manifest?.rarities, source, problems);
  const language = manifest && (manifest.language ?? DEFAULT_LANGUAGE);
  const translations = readTranslations(
    source,
    { records: baseRecords(exported, problems), language, rarities: manifest?.rarities },
    problems,
  );
  if (problems.length > 0 || manifest === undefined) return { ok: false, problems };
  return { ok: true, dataset: publicDataset(stamp, manifest, exported, sprites, translations) };
}
