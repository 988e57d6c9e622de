import { z } from 'zod';
import { REGISTRY } from '../collections/collections.js';
import { columnFields, keyedNumbers, type ListDescriptor } from '../collections/descriptor.js';
import type { ListSchemas } from '../collections/list-schemas.js';
import type { AnyListRecord, ListTypes } from '../collections/list-types.js';
import { collectionNames, STATS, type Registry } from '../collections/registry.js';
import { hashBytes } from '../hash.js';
import { ID_PATTERN, StatSchema, type Meta } from '../schemas/records.js';
import { checkIcons, checkRarity } from './check-references.js';
import { compareIds, indexCollection, type Collection } from './collection.js';
import {
  collectionFile,
  MANIFEST_FILE,
  spriteFile,
  type Dataset,
  type DatasetSource,
  type GameLists,
  type Publisher,
  type ReleaseStamp,
  type Sprite,
} from './dataset.js';
import {
  AliasesSchema,
  ExportStatSchema,
  ManifestSchema,
  type Manifest,
  type RarityLevel,
} from './export-schemas.js';
import { fileSizeLimit, MAX_ID_LENGTH, MAX_SPRITE_BYTES, tooLargeMessage } from './limits.js';
import { listSchemas } from './list-schemas.js';
import { readPng } from './png.js';
import { imageDataProblem, type Inflate } from './png-image-data.js';
import { problemsFromIssues, type DatasetProblem } from './problems.js';
import { parseJsonFile, readRecords } from './read-records.js';
import { readTranslations, type BaseRecords } from './read-translations.js';
import { stripMarkup } from './strip-markup.js';
import { aliasesById, type SearchAliases } from './aliases.js';
import { DEFAULT_LANGUAGE, type Translations } from './translations.js';

export type LoadResult<L extends ListTypes = ListTypes> =
  { ok: true; dataset: Dataset<L> } | { ok: false; problems: DatasetProblem[] };

export interface LoadOptions {
  /**
   * The platform's zlib inflate (node:zlib's `inflateSync` on Node): given one, the loader decodes
   * every sprite's image data too and checks it is exactly the image its header describes. Without
   * one, a sprite gets the structural check of every chunk alone.
   */
  inflate?: Inflate;
  /**
   * The lists to read (`REGISTRY`, the API's own, by default): each from `<name>.json`, checked and
   * made public by its schemas (`listSchemas`).
   */
  registry?: Registry;
}

function readManifest(source: DatasetSource, problems: DatasetProblem[]): Manifest | undefined {
  const file = MANIFEST_FILE;
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

/** An export's records as its schemas read them: the stats, and each list's by name. */
interface Export {
  stats: Array<z.infer<typeof ExportStatSchema>>;
  lists: Map<string, Array<{ readonly id: string } & Record<string, unknown>>>;
}

/** A list's export schema: its own, or its public one, loose, without what publishing adds. */
function exportedSchema(schemas: ListSchemas): z.ZodType<{ id: string }> {
  if (schemas.exported) return schemas.exported;
  const { rarityName: _rarityName, ...shape } = schemas.record.shape;
  return z.looseObject({ ...shape, aliases: AliasesSchema.optional() }) as unknown as z.ZodType<{
    id: string;
  }>;
}

/** Every record file, each record checked against its export schema. */
function readExport(source: DatasetSource, registry: Registry, problems: DatasetProblem[]): Export {
  // Stats first: the operator reads problems in this order, and item problems refer to stat keys.
  const stats = readRecords(collectionFile(STATS), source, ExportStatSchema, 'key', problems);
  const lists = new Map(
    registry.lists.map((descriptor) => {
      const schema = exportedSchema(listSchemas(descriptor));
      const file = collectionFile(descriptor.name);
      const records = readRecords(file, source, schema, 'id', problems);
      return [descriptor.name, records as Array<{ id: string } & Record<string, unknown>>];
    }),
  );
  return { stats, lists };
}

/**
 * What no single record can check alone: each list's references to other files (an item's stat
 * keys), rarities on the manifest's scale (when it could be read), and icons with a sprite.
 */
function checkAcrossFiles(
  exported: Export,
  registry: Registry,
  rarities: readonly RarityLevel[] | undefined,
  source: DatasetSource,
  problems: DatasetProblem[],
): void {
  const statKeys = new Set(exported.stats.map((stat) => stat.key));
  for (const descriptor of registry.lists) {
    const file = collectionFile(descriptor.name);
    const { check, record: schema } = listSchemas(descriptor);
    // Only a list whose records have a rarity: another's export may carry one of its own, dropped.
    const rated = rarities && 'rarity' in schema.shape ? rarities : undefined;
    for (const record of exported.lists.get(descriptor.name) ?? []) {
      check?.(record, { file, statKeys, problems });
      if (rated) checkRarity(file, record.id, record.rarity as number | undefined, rated, problems);
    }
  }
  // A sprite left unread for its size is there: its problem is its size, not its absence.
  const hasSprite = (id: string) =>
    source.sprites.has(id) || source.unread?.has(spriteFile(id)) === true;
  for (const descriptor of registry.lists) {
    const records = exported.lists.get(descriptor.name) ?? [];
    checkIcons(
      collectionFile(descriptor.name),
      records as Array<{ id: string; icon?: string }>,
      hasSprite,
      problems,
    );
  }
}

/**
 * The records translations are checked against, by collection; none for a collection whose file could
 * not be read at all (too large, not JSON, not an array), which is already refused by name: checking
 * its translations against no records would report every translated id as unknown.
 */
function baseRecords(exported: Export, problems: readonly DatasetProblem[]): BaseRecords {
  const unreadable = new Set(
    problems.filter((problem) => problem.record === undefined).map((problem) => problem.file),
  );
  const byKey = (
    name: string,
    records: ReadonlyArray<Record<string, unknown>>,
    key: string,
  ): [string, BaseRecords[string]] => [
    name,
    unreadable.has(collectionFile(name))
      ? undefined
      : new Map(records.map((record) => [record[key] as string, record])),
  ];
  return Object.fromEntries([
    ...[...exported.lists].map(([name, records]) => byKey(name, records, 'id')),
    byKey(STATS, exported.stats, 'key'),
  ]);
}

function plainDescription<T extends { description?: unknown }>(record: T): T {
  return typeof record.description !== 'string'
    ? record
    : { ...record, description: stripMarkup(record.description) };
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

/**
 * A list's public records: each exported one made public (`publish`), its description plain text,
 * its rarity named where the public record has a `rarityName`, then kept to the public schema's
 * fields; ordered by id, and indexed for the queries its descriptor allows.
 */
function publicList(
  descriptor: ListDescriptor,
  exported: ReadonlyArray<{ readonly id: string }>,
  rarities: readonly RarityLevel[],
): Collection<AnyListRecord> {
  const { record: schema, publish } = listSchemas(descriptor);
  const named = 'rarityName' in schema.shape;
  const records = exported.map((record) => {
    const published = plainDescription((publish?.(record) ?? record) as Record<string, unknown>);
    const rarityName = rarities.find((r) => r.value === published.rarity)?.name;
    return schema.parse(
      named ? { ...published, rarityName } : published,
    ) as unknown as AnyListRecord;
  });
  return indexCollection(byId(records), columnFields(descriptor), keyedNumbers(descriptor));
}

/**
 * Every language's aliases (dataset/README.md, "Aliases"): the records' own, under the default
 * language, and each translation's; nothing when no record has any.
 */
function searchAliases(
  exported: Export,
  language: string,
  translated: SearchAliases,
): { aliases?: SearchAliases } {
  const own = Object.fromEntries(
    [
      ...[...exported.lists].map(([name, records]) => [name, aliasesById(records, 'id')] as const),
      [STATS, aliasesById(exported.stats, 'key')] as const,
    ].filter(([, byId]) => Object.keys(byId).length > 0),
  );
  const aliases = { ...(Object.keys(own).length > 0 ? { [language]: own } : {}), ...translated };
  return Object.keys(aliases).length > 0 ? { aliases } : {};
}

/** The public dataset: records through the public schemas (allowlists), ordered by id and indexed. */
function publicDataset(
  stamp: ReleaseStamp,
  registry: Registry,
  manifest: Manifest,
  exported: Export,
  sprites: Map<string, Sprite>,
  translations: Translations,
): Dataset {
  const { rarities } = manifest;
  const lists = Object.fromEntries(
    registry.lists.map((descriptor) => [
      descriptor.name,
      publicList(descriptor, exported.lists.get(descriptor.name) ?? [], rarities),
    ]),
  );
  const counts = Object.fromEntries([
    ...Object.entries(lists).map(([name, collection]) => [name, collection.size]),
    [STATS, exported.stats.length],
  ]) as Meta['counts'];
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
    registry,
    lists,
    stats: exported.stats
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
export function loadDataset<L extends ListTypes>(
  source: DatasetSource,
  stamp: ReleaseStamp,
  options: LoadOptions & { registry: Registry<L> },
): LoadResult<L>;
export function loadDataset(
  source: DatasetSource,
  stamp: ReleaseStamp,
  options?: Omit<LoadOptions, 'registry'>,
): LoadResult<GameLists>;
export function loadDataset(
  source: DatasetSource,
  stamp: ReleaseStamp,
  options: LoadOptions & { registry?: Registry } = {},
): LoadResult {
  const registry = options.registry ?? REGISTRY;
  const problems: DatasetProblem[] = [];
  // Of the files left unread for their size, those it reads: another file beside them is not the export's.
  const read = new Set([MANIFEST_FILE, ...collectionNames(registry).map(collectionFile)]);
  for (const [file, size] of source.unread ?? [])
    if (read.has(file) || file.includes('/'))
      problems.push({ file, message: tooLargeMessage(size, fileSizeLimit(file)) });
  const manifest = readManifest(source, problems);
  const sprites = readSprites(source, options.inflate, problems);
  const exported = readExport(source, registry, problems);
  checkAcrossFiles(exported, registry, manifest?.rarities, source, problems);
  const language = manifest && (manifest.language ?? DEFAULT_LANGUAGE);
  const { translations, aliases: translatedAliases } = readTranslations(
    source,
    {
      registry,
      records: baseRecords(exported, problems),
      language,
      rarities: manifest?.rarities,
    },
    problems,
  );
  if (problems.length > 0 || manifest === undefined) return { ok: false, problems };
  return {
    ok: true,
    dataset: {
      ...publicDataset(stamp, registry, manifest, exported, sprites, translations),
      ...searchAliases(exported, language as string, translatedAliases),
    },
  };
}
