import {
  AbilitySchema,
  BulkFileEntrySchema,
  SqliteFileSchema,
  CollectionChangesSchema,
  CollectionMetaSchema,
  ErrorBodySchema,
  FollowerSchema,
  ItemSchema,
  LanguageChangesSchema,
  MetaSchema,
  RelicSchema,
  ReleaseChangeSchema,
  SpriteChangesSchema,
  StatSchema,
  TranslationChangesSchema,
  type ErrorCode as CoreErrorCode,
} from '@gamedata/core';
import { expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  Ability,
  BulkFileEntry,
  SqliteFile,
  CollectionChanges,
  CollectionMeta,
  ErrorBody,
  ErrorCode,
  Follower,
  Item,
  LanguageChanges,
  Meta,
  Relic,
  ReleaseChange,
  SpriteChanges,
  Stat,
  TranslationChanges,
} from './records.js';

// These assertions are checked by the compiler (`pnpm typecheck`): if a schema in core changes and
// records.ts is not regenerated, or records.ts is edited by hand, the two types stop being identical
// and the typecheck fails. `toEqualTypeOf` is exact: optional versus required, extra or missing fields.
it('the published record types are exactly the core schemas', () => {
  expectTypeOf<Item>().toEqualTypeOf<z.infer<typeof ItemSchema>>();
  expectTypeOf<Ability>().toEqualTypeOf<z.infer<typeof AbilitySchema>>();
  expectTypeOf<Relic>().toEqualTypeOf<z.infer<typeof RelicSchema>>();
  expectTypeOf<Follower>().toEqualTypeOf<z.infer<typeof FollowerSchema>>();
  expectTypeOf<Stat>().toEqualTypeOf<z.infer<typeof StatSchema>>();
  expectTypeOf<Meta>().toEqualTypeOf<z.infer<typeof MetaSchema>>();
  expectTypeOf<CollectionMeta>().toEqualTypeOf<z.infer<typeof CollectionMetaSchema>>();
  expectTypeOf<ReleaseChange>().toEqualTypeOf<z.infer<typeof ReleaseChangeSchema>>();
  expectTypeOf<CollectionChanges>().toEqualTypeOf<z.infer<typeof CollectionChangesSchema>>();
  expectTypeOf<SpriteChanges>().toEqualTypeOf<z.infer<typeof SpriteChangesSchema>>();
  expectTypeOf<LanguageChanges>().toEqualTypeOf<z.infer<typeof LanguageChangesSchema>>();
  expectTypeOf<TranslationChanges>().toEqualTypeOf<z.infer<typeof TranslationChangesSchema>>();
  expectTypeOf<BulkFileEntry>().toEqualTypeOf<z.infer<typeof BulkFileEntrySchema>>();
  expectTypeOf<SqliteFile>().toEqualTypeOf<z.infer<typeof SqliteFileSchema>>();
  expectTypeOf<ErrorBody>().toEqualTypeOf<z.infer<typeof ErrorBodySchema>>();
  expectTypeOf<ErrorCode>().toEqualTypeOf<CoreErrorCode>();
});
