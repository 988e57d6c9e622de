import type { z } from 'zod';
import {
  collectionNames,
  STATS,
  translatableFields,
  type Registry,
} from '../collections/registry.js';
import { compareIds } from './collection.js';
import { collectionFile, MANIFEST_FILE, type DatasetSource } from './dataset.js';
import type { RarityLevel } from './export-schemas.js';
import { formatFieldPath, problemsFromIssues, type DatasetProblem } from './problems.js';
import { parseJsonFile } from './read-records.js';
import { stripMarkup } from './strip-markup.js';
import { inIdOrder, type CollectionAliases, type SearchAliases } from './aliases.js';
import { MANIFEST_TRANSLATION_SCHEMA, recordTranslationSchema } from './translation-schemas.js';
import {
  canonicalLanguage,
  TRANSLATIONS_DIR,
  type LanguageTranslations,
  type RecordTranslation,
  type Translations,
} from './translations.js';

/**
 * A record as the export gives it, by id (by key, for stats): what a translation is checked against;
 * undefined for a collection whose file could not be read, whose translations are then not checked.
 */
export type BaseRecords = {
  readonly [collection: string]: ReadonlyMap<string, Readonly<Record<string, unknown>>> | undefined;
};

/** What the manifest says that translations are checked against; undefined fields when it could not be read. */
export interface TranslationBase {
  /** The lists whose files a language may translate, besides the stats'. */
  registry: Registry;
  records: BaseRecords;
  /** The default language, canonical. */
  language: string | undefined;
  rarities: readonly RarityLevel[] | undefined;
}

/** Each file a language's directory may hold, by name: a collection's, by its name, or the manifest. */
function translationFiles(registry: Registry): Map<string, string | undefined> {
  return new Map([
    [MANIFEST_FILE, undefined],
    ...collectionNames(registry).map((name) => [collectionFile(name), name] as const),
  ]);
}

/** The fields a translation may give at a path of a record's translation: the top level, or an array's element. */
function allowedFields(
  registry: Registry,
  collection: string,
  path: readonly PropertyKey[],
): string {
  const fields = translatableFields(registry, collection);
  const field = path.length === 0 ? undefined : fields[String(path[0])];
  const names =
    field !== undefined && field !== 'text' && field.each !== 'text'
      ? field.each
      : [...Object.keys(fields), 'aliases'];
  return names.join(', ');
}

/** zod's issues, with each unknown key named as a field of its own and the fields that may be given. */
function issueProblems(
  file: string,
  record: string | undefined,
  issues: readonly z.core.$ZodIssue[],
  allowed: (path: readonly PropertyKey[]) => string,
): DatasetProblem[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          file,
          ...(record === undefined ? {} : { record }),
          field: formatFieldPath([...issue.path, key]),
          message: `not translatable here (translatable: ${allowed(issue.path)})`,
        }))
      : problemsFromIssues(file, record, [issue]),
  );
}

/** A translated record checked against its record: every field it translates is there, arrays as long. */
function checkAgainstBase(
  translation: Record<string, unknown>,
  base: Readonly<Record<string, unknown>>,
  report: (field: string, message: string) => void,
): void {
  for (const [field, value] of Object.entries(translation)) {
    const original = base[field];
    if (original === undefined) report(field, `the record has no ${field} to translate`);
    else if (Array.isArray(value) && Array.isArray(original) && value.length !== original.length) {
      report(
        field,
        `${value.length} elements for the record's ${original.length}: give one for each, null for one not translated`,
      );
    }
  }
}

function readCollection(
  file: string,
  name: string,
  source: DatasetSource,
  base: TranslationBase,
  problems: DatasetProblem[],
) {
  const parsed = parseJsonFile(file, source, problems);
  if (parsed === undefined) return undefined;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push({
      file,
      message: `expected a JSON object keyed by ${name === STATS ? 'stat key' : 'record id'}`,
    });
    return undefined;
  }
  const records = base.records[name];
  // The collection's own file is refused already; there is nothing to check its translations against.
  if (records === undefined) return undefined;
  const translated: Array<[string, RecordTranslation]> = [];
  const aliases: Array<[string, string[]]> = [];
  for (const [id, value] of Object.entries(parsed)) {
    const record = records.get(id);
    if (record === undefined) {
      problems.push({
        file,
        record: id,
        message: `unknown ${name === STATS ? 'stat key' : 'id'} "${id}" (not in ${collectionFile(name)})`,
      });
      continue;
    }
    const result = recordTranslationSchema(base.registry, name).safeParse(value);
    if (!result.success) {
      problems.push(
        ...issueProblems(file, id, result.error.issues, (path) =>
          allowedFields(base.registry, name, path),
        ),
      );
      continue;
    }
    // Aliases are the language's own (a record may have none in the default language): search data.
    const { aliases: recordAliases, ...fields } = result.data as { aliases?: string[] };
    const before = problems.length;
    checkAgainstBase(fields, record, (field, message) =>
      problems.push({ file, record: id, field, message }),
    );
    if (problems.length > before) continue;
    aliases.push([id, recordAliases ?? []]);
    if (Object.keys(fields).length === 0) continue;
    const { description } = fields as { description?: unknown };
    translated.push([
      id,
      (typeof description === 'string'
        ? { ...fields, description: stripMarkup(description) }
        : fields) as RecordTranslation,
    ]);
  }
  return {
    records: Object.fromEntries(translated.sort(([a], [b]) => compareIds(a, b))),
    aliases: inIdOrder(aliases),
  };
}

function readManifest(
  file: string,
  source: DatasetSource,
  base: TranslationBase,
  problems: DatasetProblem[],
): Record<string, string> | undefined {
  const parsed = parseJsonFile(file, source, problems);
  if (parsed === undefined) return undefined;
  const result = MANIFEST_TRANSLATION_SCHEMA.safeParse(parsed);
  if (!result.success) {
    problems.push(...issueProblems(file, undefined, result.error.issues, () => 'rarities'));
    return undefined;
  }
  const rarities = result.data.rarities ?? {};
  const scale = base.rarities;
  if (scale === undefined) return rarities;
  for (const value of Object.keys(rarities)) {
    if (!scale.some((level) => String(level.value) === value)) {
      problems.push({
        file,
        field: `rarities.${value}`,
        message: `"${value}" is not a rarity value on the manifest's scale (${scale.map((level) => level.value).join(', ')})`,
      });
    }
  }
  return Object.fromEntries(Object.entries(rarities).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The export's translation files by language directory, each directory's name checked once. */
function languageDirectories(
  source: DatasetSource,
  base: TranslationBase,
  problems: DatasetProblem[],
): Map<string, { dir: string; files: string[] }> {
  const prefix = `${TRANSLATIONS_DIR}/`;
  // A file left unread for its size is named in both, and reported once, for its size.
  const paths = [...new Set([...Object.keys(source.files), ...(source.unread?.keys() ?? [])])]
    .filter((path) => path.startsWith(prefix))
    .sort();
  const languages = new Map<string, { dir: string; files: string[] }>();
  const refused = new Set<string>();
  const files = translationFiles(base.registry);
  for (const path of paths) {
    const [dir = '', name, ...deeper] = path.slice(prefix.length).split('/');
    if (name === undefined || deeper.length > 0 || !files.has(name)) {
      problems.push({
        file: path,
        message: `not a translation file: ${TRANSLATIONS_DIR}/<language>/ holds any of ${[...files.keys()].join(', ')}`,
      });
      continue;
    }
    if (refused.has(dir)) continue;
    const tag = canonicalLanguage(dir);
    const other = tag === undefined ? undefined : languages.get(tag);
    const problem =
      tag === undefined
        ? `"${dir}" is not a BCP 47 language tag (such as de, pt-BR or zh-Hant)`
        : tag === base.language
          ? `translates the default language, ${tag} (the manifest's language): its text belongs in the record files`
          : other !== undefined && other.dir !== dir
            ? `the same language as ${prefix}${other.dir} (${tag})`
            : undefined;
    if (problem !== undefined) {
      refused.add(dir);
      problems.push({ file: `${prefix}${dir}`, message: problem });
      continue;
    }
    const language = other ?? { dir, files: [] };
    language.files.push(name);
    languages.set(tag as string, language);
  }
  return languages;
}

/**
 * Reads and validates the export's translations (dataset/README.md, "Translations"): language
 * directories named by BCP 47 tags (canonicalised; never the default language), files keyed by ids
 * of records the export has, only translatable fields of the records' own, with their limits, arrays
 * as long as the record's, markup stripped from descriptions. Every problem is pushed with its file,
 * record and field.
 */
export function readTranslations(
  source: DatasetSource,
  base: TranslationBase,
  problems: DatasetProblem[],
): { translations: Translations; aliases: SearchAliases } {
  const translations: Array<[string, LanguageTranslations]> = [];
  const aliases: Record<string, CollectionAliases> = {};
  for (const [tag, { dir, files }] of languageDirectories(source, base, problems)) {
    const collections: Record<string, Record<string, RecordTranslation>> = {};
    const languageAliases: Record<string, Record<string, string[]>> = {};
    let rarities: Record<string, string> | undefined;
    const collectionOfFile = translationFiles(base.registry);
    for (const name of files) {
      const file = `${TRANSLATIONS_DIR}/${dir}/${name}`;
      const collection = collectionOfFile.get(name);
      if (collection === undefined) rarities = readManifest(file, source, base, problems);
      else {
        const read = readCollection(file, collection, source, base, problems);
        if (read !== undefined) collections[collection] = read.records;
        if (read !== undefined && Object.keys(read.aliases).length > 0)
          languageAliases[collection] = read.aliases;
      }
    }
    // In the order of the collections, whatever the order of the files, so that equal translations hash alike.
    const ordered = Object.fromEntries(
      collectionNames(base.registry).flatMap((name) =>
        collections[name] ? [[name, collections[name]]] : [],
      ),
    );
    translations.push([tag, { collections: ordered, ...(rarities ? { rarities } : {}) }]);
    if (Object.keys(languageAliases).length > 0) aliases[tag] = languageAliases;
  }
  return {
    translations: Object.fromEntries(translations.sort(([a], [b]) => compareIds(a, b))),
    aliases,
  };
}
