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

/**
 * Shapes of the operator's export files (dataset/README.md). They check the public fields and let every
 * other key through: the export carries internal fields, which the public schemas drop later.
 */

const dungeonEntry = z.union([shortText(), z.looseObject({ name: shortText() })]);

export const ExportItemSchema = z.looseObject({
  ...ItemSchema.omit({ rarityName: true, dungeons: true }).shape,
  stats: z.array(z.looseObject(ItemStatSchema.shape)).optional(),
  effects: z.array(z.looseObject(ItemEffectSchema.shape)).optional(),
  requirements: z.array(z.looseObject(ItemRequirementSchema.shape)).optional(),
  dungeons: z.array(dungeonEntry).optional(),
});

export const ExportAbilitySchema = z.looseObject(AbilitySchema.shape);
export const ExportRelicSchema = z.looseObject(RelicSchema.omit({ rarityName: true }).shape);
export const ExportFollowerSchema = z.looseObject(FollowerSchema.omit({ rarityName: true }).shape);
export const ExportStatSchema = z.looseObject(StatSchema.shape);

export const RarityLevelSchema = z.object({
  value: z.int().min(0),
  name: shortText().regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes'),
});

/**
 * The export's manifest. It names no version: `publish-dataset` assigns the version and the published
 * time of each release, so an export cannot claim an old version for new content.
 */
export const ManifestSchema = z.looseObject({
  license: shortText().min(1),
  docs: shortText().min(1),
  rarities: z.array(RarityLevelSchema).min(1),
});

export type ExportItem = z.infer<typeof ExportItemSchema>;
export type RarityLevel = z.infer<typeof RarityLevelSchema>;
export type Manifest = z.infer<typeof ManifestSchema>;
