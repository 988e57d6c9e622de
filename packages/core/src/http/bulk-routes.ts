import { collectionNames, STATS } from '../collections/registry.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import {
  CURRENT_SQLITE_FILE,
  databaseEtag,
  SQLITE_PATH,
  sqliteFileName,
} from '../dataset/release-database.js';
import {
  databaseHeaders,
  JSON_CACHE_CONTROL,
  languageHeaders,
  SQLITE_CONTENT_TYPE,
  VERSIONED_BULK_CACHE_CONTROL,
} from '../policy/headers.js';
import {
  bulkRepresentation,
  jsonRepresentation,
  type Representation,
} from '../policy/representation.js';
import { bulkIndexBody } from '../query/bodies.js';
import { readParam } from '../read-param.js';
import { prefixOf, queryOf } from './request-context.js';
import type { OperationBuilder } from '../openapi/operation-builder.js';
import { GET_AND_HEAD, type RouteDeclaration } from './route.js';

/** A bulk file's name: its collection's, then `.json`. */
const BULK_FILE = /^(.+)\.json$/;

/** `/v1/bulk`: each collection's bulk file, with the URL that names this version. */
const bulkIndexRoute: RouteDeclaration = {
  path: '/v1/bulk',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'listBulkFiles',
    tags: ['bulk'],
    summary: 'Every bulk file',
    description:
      "Our extension of the contract. For each collection: the language, release version, record count, size, SHA-256 and URL of its bulk file — the default language's five first, then each translated language's, in the order /v1/languages lists them. A translated file's URL names its language (`lang`).",
    parameters: [o.key],
    responses: {
      '200': o.jsonResponse(
        'The bulk files.',
        'BulkFileEntryList',
        o.headers.json,
        o.examples.listBulkFiles,
      ),
      ...o.commonResponses('NotModified'),
    },
  }),
  handler({ dataset, responder }) {
    // One per prefix the app is mounted under: the URLs in it start with the prefix.
    const indexes = new Map<string, Representation>();
    return (c) => {
      const prefix = prefixOf(c);
      let index = indexes.get(prefix);
      if (!index)
        indexes.set(
          prefix,
          (index = jsonRepresentation(
            dataset.meta.version,
            bulkIndexBody(dataset, prefix),
            languageHeaders(dataset.language, dataset.language),
          )),
        );
      return responder.representation(c, index);
    };
  },
};

/** A bulk file's body: the records of one collection, each of its collection's type. */
const bulkFileSchema = (o: OperationBuilder) => ({
  type: 'array',
  items: {
    anyOf: [
      ...o.dataset.registry.lists.map(({ typeName }) => o.ref('schemas', typeName)),
      o.ref('schemas', 'Stat'),
    ],
  },
});

/**
 * `/v1/bulk/{collection}.json`: one collection's bulk file, in the language `lang` names (the
 * default's without it). Asked for with its version (the URL the index gives) it never changes and is
 * cached for a year; asked for without one, it gets the JSON lifetime. A version that is not the
 * current one is a 404 pointing back to the index; a language the release lacks, the 400 listing its
 * languages.
 */
const bulkFileRoute: RouteDeclaration = {
  path: '/v1/bulk/{collection}.json',
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getBulkFile',
    tags: ['bulk'],
    summary: 'One collection, whole',
    description:
      'Our extension of the contract. Every public record of the collection as one JSON array, in list order: the same fields as the API, never more, in the language `lang` names (the default without it; `content-language` says which). Sent as br or gzip when Accept-Encoding allows (compressed once, when the release was published). Counted as one request of your tier.',
    parameters: [
      {
        name: 'collection',
        in: 'path',
        required: true,
        description: 'The collection.',
        schema: {
          type: 'string',
          enum: collectionNames(o.dataset.registry),
          examples: [o.dataset.registry.lists[0]?.name ?? STATS],
        },
      },
      {
        name: 'version',
        in: 'query',
        required: false,
        description:
          'The release the file belongs to, as the URL from /v1/bulk names it: then it may be cached for a year. Any version but the current one is a 404.',
        schema: { type: 'string', pattern: DATASET_VERSION_PATTERN.source },
      },
      {
        ...o.languageParameter(),
        description:
          "The language of the file (BCP 47; /v1/bulk lists each language's files with this parameter in their URL). Tags are case-insensitive; one the dataset does not have is a 400 listing those it has. Without it, the default language's file: Accept-Language is not negotiated here, so a file's URL alone says what it holds. Records a language does not translate keep their text in the default language, as lists send them (/v1/languages gives each language's coverage); ids, numbers and the values filters compare are the same in every language.",
      },
      o.key,
    ],
    responses: {
      '200': {
        description: 'The records.',
        headers: o.headers.bulk,
        content: { 'application/json': { schema: bulkFileSchema(o) } },
      },
      '400': o.ref('responses', 'BadRequest'),
      '404': o.ref('responses', 'NotFound'),
      ...o.commonResponses('BulkNotModified'),
    },
  }),
  handler({ dataset, responder, languages }) {
    const { version } = dataset.meta;
    const collections = new Set(collectionNames(dataset.registry));
    // At most two per collection and language (with and without the version), made on first request.
    const files = new Map<string, Representation>();
    return (c) => {
      const file = c.req.param('collection') ?? '';
      const asked = BULK_FILE.exec(file)?.[1];
      // Only a collection's name is looked up: any other could be a key every object has.
      const name = asked !== undefined && collections.has(asked) ? asked : undefined;
      const bulk = name === undefined ? undefined : dataset.bulk?.[name];
      if (!name || !bulk)
        return responder.notFound(
          c,
          `No bulk file "${file}"; the bulk files are listed at /v1/bulk.`,
        );
      const query = queryOf(c);
      // The file is the one its URL names: `lang` picks it, or the default's without one. Accept-Language
      // is not negotiated, so the answer never varies on it; a `lang` the release lacks is the 400 of every route.
      const lang = readParam(query, 'lang');
      const tag = lang === undefined ? languages.default : languages.choose(lang, undefined).tag;
      const askedVersion = readParam(query, 'version');
      if (askedVersion !== undefined && askedVersion !== version) {
        return responder.notFound(
          c,
          `No bulk file of version ${askedVersion}; those of the current version, ${version}, are listed at /v1/bulk.`,
        );
      }
      const inLanguage = tag === languages.default ? bulk : dataset.translatedBulk?.[tag]?.[name];
      // A release published before bulk files per language has its translations but not their files.
      if (!inLanguage)
        return responder.notFound(
          c,
          `No bulk file "${file}" in ${tag} in release ${version}; the bulk files are listed at /v1/bulk.`,
        );
      const key = `${tag}|${name}${askedVersion === undefined ? '' : '@'}`;
      let representation = files.get(key);
      if (!representation) {
        const cacheControl =
          askedVersion === undefined ? JSON_CACHE_CONTROL : VERSIONED_BULK_CACHE_CONTROL;
        files.set(
          key,
          (representation = bulkRepresentation(
            version,
            inLanguage,
            cacheControl,
            languages.headers(tag),
          )),
        );
      }
      return responder.representation(c, representation);
    };
  },
};

/**
 * `/v1/sqlite/{file}`: the release as one SQLite database. Named by its version
 * (`gamedata-<version>.sqlite`, the URL the index gives) it is cached for a year; as
 * `gamedata.sqlite`, the current release's, for the JSON lifetime. Another version, another name, or
 * a release without one is a 404 pointing back to the index. In byte ranges (Range), or whole in the
 * coding the client prefers.
 */
const databaseRoute: RouteDeclaration = {
  path: SQLITE_PATH,
  methods: GET_AND_HEAD,
  tier: 'caller',
  operation: (o) => ({
    operationId: 'getSqliteFile',
    tags: ['bulk'],
    summary: 'The release as a SQLite database',
    description:
      'Our extension of the contract. Every collection in one SQLite file (README, "The release as a SQLite database"): a table per collection with a column per field and each record\'s JSON as the API serves it, child tables for arrays, every language\'s text, FTS5 search, the release history. Sent as br or gzip when Accept-Encoding allows (compressed once, when the release was published); a Range of bytes is answered with that part of the file as it is (206), which is how sql.js-httpvfs queries it over HTTP. Each request is counted as one of your tier: read it in ranges from the edge copy, which is not counted, or download it once.',
    parameters: [
      {
        name: 'file',
        in: 'path',
        required: true,
        description: `The file: \`gamedata-<version>.sqlite\` names a release (the URL /v1/bulk gives), and may be cached for a year; any version but the current one is a 404. \`${CURRENT_SQLITE_FILE}\` is the current release's, whichever it is.`,
        schema: {
          type: 'string',
          pattern: `^gamedata(-${DATASET_VERSION_PATTERN.source.replace(/^\^|\$$/g, '')})?\\.sqlite$`,
          examples: [sqliteFileName(o.dataset.meta.version)],
        },
      },
      {
        name: 'Range',
        in: 'header',
        required: false,
        description:
          'One range of bytes (`bytes=0-4095`, `bytes=4096-`, `bytes=-100`): answered with that part of the file (206). Several ranges, or one outside the file, get the whole file.',
        schema: { type: 'string' },
      },
      o.key,
    ],
    responses: {
      '200': {
        description: 'The file.',
        headers: o.headers.database,
        content: { [SQLITE_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
      '206': {
        description: 'The part of the file the Range asked for, as it is (never compressed).',
        headers: o.headers.databasePart,
        content: { [SQLITE_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
      '404': o.ref('responses', 'NotFound'),
      ...o.commonResponses('DatabaseNotModified'),
    },
  }),
  handler({ dataset, responder }) {
    const { version } = dataset.meta;
    const { database } = dataset;
    const meta = (cacheControl: string) =>
      database && {
        etag: databaseEtag(database.sha256),
        contentType: SQLITE_CONTENT_TYPE,
        cacheControl,
        headers: databaseHeaders(database.file),
      };
    const current = meta(JSON_CACHE_CONTROL);
    const versioned = meta(VERSIONED_BULK_CACHE_CONTROL);
    return (c) => {
      const file = c.req.param('file') ?? '';
      const chosen = file === CURRENT_SQLITE_FILE ? current : file === database?.file && versioned;
      if (!database || !chosen)
        return responder.notFound(
          c,
          database
            ? `No SQLite file "${file}"; that of the current release, ${version}, is listed at /v1/bulk.`
            : `Release ${version} has no SQLite file; the bulk files are listed at /v1/bulk.`,
        );
      return responder.database(c, database, chosen);
    };
  },
};

/** `/v1/bulk`, `/v1/bulk/{collection}.json` and `/v1/sqlite/{file}`: our extension, for clients that want everything at once. */
export const BULK_ROUTES: readonly RouteDeclaration[] = [
  bulkIndexRoute,
  bulkFileRoute,
  databaseRoute,
];
