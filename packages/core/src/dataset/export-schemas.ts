import { z } from 'zod';
import {
  AbilitySchema,
  FollowerSchema,
  ItemEffectSchema,
  ItemRequirementSchema,
  ItemSchema,
  ItemStatSchema,
  RelicSchema,
  StatSchema,
  shortText,
} from '../schemas/records.js';
import { MAX_SHORT_TEXT_LENGTH } from './limits.js';
import { canonicalLanguage } from './translations.js';

/**
 * Shapes of the operator's export files (dataset/README.md). They check the public fields and let every
 * other key through: the export carries internal fields, which the public schemas drop later.
 */

/** The most aliases one record may have, in one language. */
export const MAX_ALIASES = 20;

/**
 * A record's `aliases` in an export or a translation (dataset/README.md, "Aliases"): the names
 * players call it by — a clipped possessive, a community's short form. Search data only: `/v1/search`
 * finds the record by any of them, and no record or file serves them.
 */
export const AliasesSchema = z.array(shortText().min(1, 'must not be empty')).max(MAX_ALIASES);

const dungeonEntry = z.union([shortText(), z.looseObject({ name: shortText() })]);

export const ExportItemSchema = z.looseObject({
  ...ItemSchema.omit({ rarityName: true, dungeons: true }).shape,
  stats: z.array(z.looseObject(ItemStatSchema.shape)).optional(),
  effects: z.array(z.looseObject(ItemEffectSchema.shape)).optional(),
  requirements: z.array(z.looseObject(ItemRequirementSchema.shape)).optional(),
  dungeons: z.array(dungeonEntry).optional(),
  aliases: AliasesSchema.optional(),
});

export const ExportAbilitySchema = z.looseObject(AbilitySchema.shape);
export const ExportRelicSchema = z.looseObject(RelicSchema.omit({ rarityName: true }).shape);
export const ExportFollowerSchema = z.looseObject(FollowerSchema.omit({ rarityName: true }).shape);
export const ExportStatSchema = z.looseObject({
  ...StatSchema.shape,
  aliases: AliasesSchema.optional(),
});

export const RarityLevelSchema = z.object({
  value: z.int().min(0),
  // Lower-case, as `rarity=` is matched lower-cased; `_` as real exports write them (`very_rare`).
  name: shortText().regex(/^[a-z][a-z0-9_-]*$/, {
    error: (issue) =>
      `must be lower-case letters, digits, - and _, starting with a letter: got ${JSON.stringify(issue.input)}`,
  }),
});

/**
 * The export's manifest. It names no version: `publish-dataset` assigns the version and the published
 * time of each release, so an export cannot claim an old version for new content.
 */
/** An absolute http(s) address, for links that leave the API (a licence's text, a contact page). */
const absoluteUrl = () =>
  z
    .url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' })
    .max(MAX_SHORT_TEXT_LENGTH);

/** Who answers for the data; at least one way to reach them. The OpenAPI document's `info.contact`. */
export const ContactSchema = z
  .strictObject({
    name: shortText().min(1).optional(),
    url: absoluteUrl().optional(),
    email: z.email().max(MAX_SHORT_TEXT_LENGTH).optional(),
  })
  .refine(
    (contact) => Object.keys(contact).length > 0,
    'must give at least one of name, url and email',
  );

/** A BCP 47 language tag, given in its canonical form (`de-de` is `de-DE`). */
const languageTag = () =>
  z
    .string()
    .max(MAX_SHORT_TEXT_LENGTH)
    .transform((tag, context) => {
      const canonical = canonicalLanguage(tag);
      if (canonical === undefined)
        context.addIssue({
          code: 'custom',
          message: 'must be a BCP 47 language tag such as en, de or pt-BR',
        });
      return canonical ?? tag;
    });

export const ManifestSchema = z.looseObject({
  license: shortText().min(1),
  /**
   * The licence as an SPDX identifier (CC-BY-4.0, or LicenseRef-… for one of your own); with
   * `licenseUrl`, what lets tools read the licence rather than quote its wording.
   */
  licenseId: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.+-]*$/, 'must be an SPDX licence identifier such as CC-BY-4.0')
    .max(MAX_SHORT_TEXT_LENGTH)
    .optional(),
  licenseUrl: absoluteUrl().optional(),
  docs: shortText().min(1),
  contact: ContactSchema.optional(),
  rarities: z.array(RarityLevelSchema).min(1),
  /** The language of the record files' text (default `en`); translations into others are in `translations/`. */
  language: languageTag().optional(),
});

export type ExportItem = z.infer<typeof ExportItemSchema>;
export type RarityLevel = z.infer<typeof RarityLevelSchema>;
export type Manifest = z.infer<typeof ManifestSchema>;
export type Contact = z.infer<typeof ContactSchema>;
