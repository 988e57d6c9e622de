import { z } from 'zod';
import { COLLECTION_NAMES, type ListName } from '../collections/list-names.js';
import { MAX_DESCRIPTION_LENGTH, MAX_ID_LENGTH, MAX_SHORT_TEXT_LENGTH } from '../dataset/limits.js';
import { DATASET_VERSION_PATTERN } from '../dataset/version.js';
import { MATCH_RULES, MATCH_RULES_TEXT } from '../search/match-rules.js';
import { HISTORY_CHANGES } from '../history/history-changes.js';
import { ID_PATTERN } from './id-pattern.js';

/**
 * Public record shapes: exactly the fields the API serves (dataset/README.md, "Records"). These are
 * allowlists: zod objects drop every key they do not list, so whatever else a dataset file carries
 * (drop rates, loot tables, notes) never reaches a response. The OpenAPI document and the SDK types
 * are generated from these.
 */

export { ID_PATTERN };

// Every text field has a length limit (dataset/limits.ts), so no single value can take the memory of a
// whole dataset; the loader reports a longer one with its file, record and field.
const key = () => z.string().max(MAX_ID_LENGTH);
/** A name, a label, a slot: one line of text. */
export const shortText = () => z.string().max(MAX_SHORT_TEXT_LENGTH);
const description = () => z.string().max(MAX_DESCRIPTION_LENGTH);

const id = key().regex(ID_PATTERN).meta({ description: 'Stable public key.' });
const icon = key()
  .regex(ID_PATTERN)
  .meta({ description: 'Sprite id; the artwork is served at /v1/img/{icon}.png.' });
const rarity = z
  .int()
  .min(0)
  .meta({ description: 'Numeric rarity, low to high (4 is legendary).' });
const rarityName = z
  .string()
  .meta({ description: 'Name of the rarity, such as common, rare or legendary.' });

export const ItemStatSchema = z.object({
  stat: key().meta({ description: 'A stat key listed by /v1/stats.' }),
  value: z.number(),
  tags: z.array(shortText()),
});

export const ItemEffectSchema = z.object({
  trigger: shortText(),
  label: shortText(),
  impact: shortText(),
  cooldown: z.number().meta({ description: 'Seconds between procs.' }),
  chance: z.number().meta({
    description: 'Percent chance that the effect fires in combat. Not a drop rate.',
  }),
});

export const ItemRequirementSchema = z.object({
  skill: shortText(),
  level: z.int(),
});

export const ItemSchema = z
  .object({
    id,
    name: shortText(),
    description: description()
      .optional()
      .meta({ description: 'Plain text; colour markup is stripped.' }),
    type: shortText().optional().meta({ description: 'Slot family.' }),
    slot: shortText().optional().meta({ description: 'Equipment slot.' }),
    subtype: shortText().optional().meta({ description: 'Absent when the item has none.' }),
    rarity,
    rarityName,
    cosmetic: z.boolean().optional(),
    icon: icon.optional(),
    stats: z.array(ItemStatSchema).optional().meta({ description: 'Stats on this instance.' }),
    roll: z
      .record(key(), z.tuple([z.number(), z.number()]))
      .optional()
      .meta({ description: 'Map from stat key to its roll range, [min, max].' }),
    effects: z.array(ItemEffectSchema).optional().meta({ description: 'Legendary procs.' }),
    requirements: z.array(ItemRequirementSchema).optional(),
    dungeons: z
      .array(shortText())
      .optional()
      .meta({ description: 'Display names of dungeons where the item drops.' }),
  })
  .meta({ description: 'An equippable or cosmetic item.' });

export const AbilitySchema = z
  .object({
    id,
    name: shortText(),
    description: description().optional(),
    category: shortText().optional(),
    icon: icon.optional(),
  })
  .meta({ description: 'An ability.' });

export const RelicSchema = z
  .object({
    id,
    name: shortText(),
    label: shortText().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    unit: shortText().optional(),
    prefix: shortText().optional(),
    rarity: rarity.optional(),
    rarityName: rarityName.optional(),
    icon: icon.optional(),
    unique: z.boolean().optional(),
  })
  .meta({ description: 'A relic.' });

export const FollowerSchema = z
  .object({
    id,
    name: shortText(),
    rarity: rarity.optional(),
    rarityName: rarityName.optional(),
    icon: icon.optional(),
  })
  .meta({ description: 'A follower.' });

export const StatSchema = z
  .object({
    key: key().meta({ description: 'The key used in item.stats[].stat and item.roll.' }),
    name: shortText(),
    short: shortText().optional(),
    unit: shortText().optional(),
    description: description().optional(),
    cap: z.number().optional().meta({ description: 'Public balance ceiling, where one is set.' }),
  })
  .meta({ description: 'One entry of the public stat vocabulary.' });

/**
 * The record schema of each paginated list. A list's descriptor (collections/collections.ts) holds
 * everything else about it; its schema is named here so that zod stays out of code that only serves
 * (`@gamedata/core/runtime`), and the type checker refuses a list without one.
 */
export const LIST_RECORD_SCHEMAS = {
  items: ItemSchema,
  abilities: AbilitySchema,
  relics: RelicSchema,
  followers: FollowerSchema,
} as const satisfies Record<ListName, z.ZodType>;

const datasetVersion = () => z.string().regex(DATASET_VERSION_PATTERN);
const publishedTime = () =>
  z.iso.datetime({ offset: true }).meta({ description: 'RFC 3339 timestamp.' });

/**
 * `/v1/status` (our extension): the instance that answered, for operators and for clients deciding
 * whether to sync. Not a record of the dataset.
 */
export const StatusSchema = z
  .object({
    version: datasetVersion().meta({
      description: 'The dataset version this instance serves; also sent as x-dataset-version.',
    }),
    published: publishedTime(),
    sinceVersions: z.int().min(1).meta({
      description:
        'How many dataset versions /v1/changes accepts as `since`: the releases whose changes this server keeps, the current one included.',
    }),
    rateLimits: z.enum(['shared', 'per-instance']).meta({
      description:
        '`shared` while every instance counts in one store (Redis); `per-instance` without one, or while it fails and this instance counts alone.',
    }),
    started: z.iso
      .datetime()
      .meta({ description: 'When this instance started serving, as an RFC 3339 UTC timestamp.' }),
  })
  .meta({ description: 'The state of the instance that answered.' });

/** One value of a facet (our extension) and how many matching records have it. */
export const FacetCountSchema = z
  .object({
    value: z.union([z.string(), z.number(), z.boolean()]).meta({
      description: 'A value of the field (a stat key, for `stat`), as its filter takes it.',
    }),
    count: z.int().min(1).meta({ description: 'How many matching records have it.' }),
  })
  .meta({ description: 'How many matching records have one value.' });

const ids = (description: string) => z.array(z.string()).meta({ description });

export const CollectionChangesSchema = z
  .object({
    added: ids('Ids of the records the release added (stat keys, for stats).'),
    changed: ids('Ids of the records whose public fields the release changed.'),
    removed: ids('Ids of the records the release removed.'),
  })
  .meta({ description: 'What one release changed in one collection.' });

export const SpriteChangesSchema = z
  .object({
    added: ids('Sprite ids the release added: new URLs under /v1/img/.'),
    changed: ids(
      'Sprite ids whose image the release replaced: the same URL serves another image now, though a cache may show the old one until it expires.',
    ),
    removed: ids('Sprite ids the release removed: their URLs now answer 404.'),
  })
  .meta({
    description:
      "What one release changed in the artwork, by sprite id (the `icon` of a record): the same shape as a collection's changes.",
  });

export const TranslationChangesSchema = z
  .object({
    added: ids(
      'Ids (stat keys, for stats) whose translation the release added: in this language the record now shows its own text.',
    ),
    changed: ids('Ids whose translated text the release changed.'),
    removed: ids(
      "Ids whose translation the release removed: in this language the record now falls back to the default language's text. The record itself is removed only if the release's `collections` says so.",
    ),
  })
  .meta({
    description:
      "What one release changed in one collection's translations into one language: the same shape as a collection's changes.",
  });

const FieldCoverageSchema = z
  .object({
    translated: z.int().min(0).meta({ description: 'Fields the language translates.' }),
    translatable: z.int().min(0).meta({
      description:
        "Translatable fields the records have in the default language, an array element's each.",
    }),
    fraction: z.number().min(0).max(1).meta({
      description: '`translated / translatable`, rounded down to 4 decimals: 1 only when complete.',
    }),
  })
  .meta({
    description: "How much of one collection's text a language translates, counted in fields.",
  });

/** `/v1/languages` (our extension): a language the dataset's text is served in. */

/**
 * The schemas that name every collection — `meta.counts`, a language's coverage, the change feed's
 * collections, a bulk file's and a search hit's `collection` — for the collections `names`: a
 * registry's (`collectionNames`), so that the OpenAPI document describes the lists a server serves.
 */
export function collectionSchemas<const N extends readonly [string, ...string[]]>(names: N) {
  const Meta = z
    .object({
      version: datasetVersion().meta({
        description: 'Dataset version, <YYYY-MM-DD>.<n>; also sent as x-dataset-version.',
      }),
      published: publishedTime(),
      // An object rather than a record over the names, so each count is a named property (a required
      // name must be one of `properties` for OpenAPI linters).
      counts: z
        .strictObject(
          Object.fromEntries(names.map((name) => [name, z.int().min(0)])) as Record<
            N[number],
            z.ZodInt
          >,
        )
        .meta({ description: 'Record count of each collection.' }),
      license: z.string(),
      docs: z.string(),
    })
    .meta({ description: 'Dataset description.' });

  const LanguageChanges = z
    .object({
      collections: z.object(
        Object.fromEntries(names.map((name) => [name, TranslationChangesSchema])) as Record<
          N[number],
          typeof TranslationChangesSchema
        >,
      ),
      rarities: z.boolean().meta({
        description:
          "Whether the release changed the language's rarity names (added, changed or removed any): every record with a `rarityName` then reads differently in this language.",
      }),
    })
    .meta({
      description:
        "What one release changed in one language's translations, per collection and in the rarity names. A language the release added lists every translated id as added; one it removed, every id as removed. Only the text of that language: a record changed in every language is listed under the release's `collections` instead.",
    });

  const ReleaseChange = z
    .object({
      version: datasetVersion().meta({ description: 'The release, <YYYY-MM-DD>.<n>.' }),
      published: publishedTime(),
      collections: z.object(
        Object.fromEntries(names.map((name) => [name, CollectionChangesSchema])) as Record<
          N[number],
          typeof CollectionChangesSchema
        >,
      ),
      sprites: SpriteChangesSchema,
      translations: z.record(z.string(), LanguageChanges).meta({
        description:
          "Per language tag (as `lang` takes it), what the release changed in that language's translations; a language whose translations it left as they were is not listed, so a release that changed none has `{}`. Releases published before translations were in the change feed list none.",
      }),
    })
    .meta({
      description:
        'One release, and what it changed against the release before it; or, for a `since` that a rollback passed over, the current release and the net change from `since` to it.',
    });

  const Language = z
    .object({
      tag: z.string().meta({
        description: 'Its BCP 47 tag, as `lang` takes it and `content-language` names it.',
      }),
      name: z.string().meta({ description: 'Its name in English.' }),
      nativeName: z.string().meta({ description: 'Its name in itself, for a language picker.' }),
      default: z.boolean().meta({
        description:
          'Whether it is the language the records are published in, which untranslated text falls back to.',
      }),
      coverage: z
        .object(
          Object.fromEntries(
            [...names, 'rarities'].map((name) => [name, FieldCoverageSchema]),
          ) as Record<N[number] | 'rarities', typeof FieldCoverageSchema>,
        )
        .meta({
          description:
            'Per collection, and for the rarity names, how much of the text it translates; complete for the default language.',
        }),
    })
    .meta({
      description: 'A language the dataset is served in, and how complete its translation is.',
    });

  const BulkFileEntry = z
    .object({
      collection: z.enum(names),
      language: z.string().min(1).meta({
        description:
          "The language of the file's text (BCP 47), a language /v1/languages lists: the default language's files first, then each translation's.",
      }),
      version: datasetVersion().meta({ description: 'The release the file belongs to.' }),
      count: z.int().min(0).meta({ description: 'Records in the file.' }),
      bytes: z.int().min(0).meta({ description: 'Size of the uncompressed file.' }),
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .meta({ description: 'SHA-256 of the uncompressed file, as hex; also its strong etag.' }),
      url: z.string().meta({
        description:
          'Where to download it, relative to the API: names the version, so it may be cached for a year, and, for a translated file, its language (`lang`).',
      }),
    })
    .meta({
      description:
        "One collection's bulk file in one language: every public record as one JSON array.",
    });

  const SearchHit = z
    .object({
      collection: z.enum(names).meta({ description: 'The collection the record is in.' }),
      id: z.string().meta({
        description: "The record's id; a stat's key (`/v1/stats`), for a stat.",
      }),
      name: z.string().meta({ description: "The record's name, in the answer's language." }),
      match: z.enum(MATCH_RULES).meta({
        description: `The rule that found it, best first: ${MATCH_RULES_TEXT}.`,
      }),
      alias: z.string().optional().meta({
        description:
          'The name players call the record by that `q` is, as the data writes it: only for `match: "alias"`.',
      }),
      icon: icon.optional(),
    })
    .meta({ description: 'A record search found.' });

  const SearchResults = z
    .object({
      data: z.array(SearchHit),
      meta: z.object({
        total: z.int().min(0).meta({ description: 'How many records match, by any rule.' }),
        count: z.int().min(0).meta({ description: 'Hits in this answer.' }),
      }),
    })
    .meta({ description: 'The records whose names match a search, the best first.' });

  return {
    Meta,
    LanguageChanges,
    ReleaseChange,
    Language,
    BulkFileEntry,
    SearchHit,
    SearchResults,
  };
}

const API_SCHEMAS = collectionSchemas(COLLECTION_NAMES);
export const MetaSchema = API_SCHEMAS.Meta;
export const LanguageChangesSchema = API_SCHEMAS.LanguageChanges;
export const ReleaseChangeSchema = API_SCHEMAS.ReleaseChange;
export const LanguageSchema = API_SCHEMAS.Language;
export const BulkFileEntrySchema = API_SCHEMAS.BulkFileEntry;
export const SearchHitSchema = API_SCHEMAS.SearchHit;
export const SearchResultsSchema = API_SCHEMAS.SearchResults;

/** `/v1/bulk`'s `sqlite`: the release's SQLite file (README, "The release as a SQLite database"). */
export const SqliteFileSchema = z
  .object({
    file: z.string().meta({
      description: 'Its name, which names its release: gamedata-<version>.sqlite.',
    }),
    version: datasetVersion().meta({ description: 'The release the file holds.' }),
    bytes: z.int().min(0).meta({ description: 'Size of the file, uncompressed.' }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'SHA-256 of the file, as hex; also its strong etag.' }),
    schema: z.int().min(1).meta({
      description:
        "The version of the file's layout, also its PRAGMA user_version: a change to its tables or columns bumps it.",
    }),
    url: z.string().meta({
      description:
        'Where to download it, relative to the API: names the version, so it may be cached for a year. Sent as br or gzip when Accept-Encoding allows; byte ranges (Range) of the file as it is.',
    }),
  })
  .meta({
    description:
      "The whole release as one SQLite database: a table per collection with a column per field and the JSON the API serves, every language's text, FTS5 search, the release history.",
  });
export type SqliteFile = z.infer<typeof SqliteFileSchema>;

export const CollectionMetaSchema = z
  .object({
    total: z.int().min(0).meta({ description: 'Matches for the query across all pages.' }),
    count: z.int().min(0).meta({ description: 'Records in this page.' }),
    cursor: z.string().optional().meta({
      description: 'Opaque; pass as ?cursor= for the next page. Absent when results are exhausted.',
    }),
  })
  .meta({ description: 'The meta object of list responses.' });

/** One value a release changed in a record (our extension, `/v1/{list}/{id}/history`). */
export const FieldChangeSchema = z
  .object({
    path: z.string().meta({
      description:
        'Where in the record: a field (`rarity`), a member of an object (`roll.crit`), an element of a list by what tells it apart where the record has one (`stats[crit].value`, `stats[crit#2]` for a second element of the same stat) and by position where not (`effects[0].label`).',
    }),
    from: z.unknown().optional().meta({
      description: 'The value before, as the API served it; absent where the release added it.',
    }),
    to: z.unknown().optional().meta({
      description: 'The value after, as the API served it; absent where the release removed it.',
    }),
  })
  .meta({ description: 'One value a release changed in a record.' });

/** One release's change to one record (our extension, `/v1/{list}/{id}/history`). */
export const HistoryEntrySchema = z
  .object({
    version: datasetVersion().meta({
      description: 'The release; for `withdrawn`, the release rolled back.',
    }),
    published: publishedTime().meta({
      description: 'When the release was published; for `withdrawn`, when it was rolled back.',
    }),
    change: z.enum(HISTORY_CHANGES).meta({
      description:
        '`added` (first served), `changed`, `removed`, `restored` (served again after a removal) or `withdrawn` (a rollback took the release out of service, and the record went back to what the release served again).',
    }),
    fields: z.array(FieldChangeSchema).meta({
      description:
        'Every value the change changed, in the order the record gives its fields; empty when the record came or went whole (fetch it with `?at=`).',
    }),
  })
  .meta({ description: "One release's change to one record." });

/**
 * The contract's five codes (README, "API overview"), a closed set (ARCHITECTURE.md,
 * "Errors are data"): clients may switch over exactly these. A refusal HTTP names more precisely
 * keeps its code and says so with its status: a request too slow to arrive (408) and headers or URL
 * over 16 KB (431) are `bad_request`.
 */
export const ERROR_CODES = [
  'not_found',
  'bad_request',
  'rate_limited',
  'method_not_allowed',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
    }),
  })
  .meta({ description: 'Every error response.' });

export type Item = z.infer<typeof ItemSchema>;
export type Ability = z.infer<typeof AbilitySchema>;
export type Relic = z.infer<typeof RelicSchema>;
export type Follower = z.infer<typeof FollowerSchema>;
export type Stat = z.infer<typeof StatSchema>;
export type Meta = z.infer<typeof MetaSchema>;
export type Status = z.infer<typeof StatusSchema>;
export type CollectionMeta = z.infer<typeof CollectionMetaSchema>;
export type CollectionChanges = z.infer<typeof CollectionChangesSchema>;
export type SpriteChanges = z.infer<typeof SpriteChangesSchema>;
export type TranslationChanges = z.infer<typeof TranslationChangesSchema>;
export type LanguageChanges = z.infer<typeof LanguageChangesSchema>;
export type ReleaseChange = z.infer<typeof ReleaseChangeSchema>;
export type BulkFileEntry = z.infer<typeof BulkFileEntrySchema>;
export type Language = z.infer<typeof LanguageSchema>;
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type SearchHit = z.infer<typeof SearchHitSchema>;
export type SearchResults = z.infer<typeof SearchResultsSchema>;
