import type { z } from 'zod';
import type { DatasetProblem } from '../dataset/problems.js';

/** What a list's checks across an export's files are given. */
export interface ExportContext {
  /** The list's file, as problems name it. */
  readonly file: string;
  /** The keys of the stat vocabulary (stats.json) a record may refer to. */
  readonly statKeys: ReadonlySet<string>;
  readonly problems: DatasetProblem[];
}

/**
 * How a list's records are published: checked as the export gives them, then made public. Zod
 * schemas, so they are named in a descriptor by type alone: serving never loads zod.
 */
export interface ListSchemas {
  /**
   * The public record: exactly the fields the API serves, an allowlist (any other key an export
   * carries is dropped). The OpenAPI document and the SDK's types are generated from it.
   */
  readonly record: z.ZodObject;
  /**
   * A record as the export gives it, its public fields checked and any other key let through. By
   * default the public schema, loose, without `rarityName` (the rarity scale names a rarity).
   */
  readonly exported?: z.ZodType<{ id: string }>;
  /** What no one record's schema can check: its references to the other files. */
  check?(record: { readonly id: string }, context: ExportContext): void;
  /** An exported record's public fields in the shape the public schema keeps; by default as exported. */
  publish?(record: { readonly id: string }): object;
}
