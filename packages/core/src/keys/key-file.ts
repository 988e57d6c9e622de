import { z } from 'zod';
import type { KeyFile, KeyRecord } from './key-store.js';

// The key file's validation lives apart from the key store so that serving keys (key-store.ts) does
// not load zod: a Lambda cold start without keys configured never needs it.

/** One entry of the operator's key file, as validated when the file is read. */
export const KeyRecordSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  created: z.iso.datetime({ offset: true }),
  revoked: z.boolean(),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex SHA-256'),
}) satisfies z.ZodType<KeyRecord>;

export const KeyFileSchema = z.object({
  keys: z.array(KeyRecordSchema),
}) satisfies z.ZodType<KeyFile>;

/**
 * Parses the text of a key store (a key file, or the JSON an operator puts in an environment
 * variable), naming `origin` in the error when it is not JSON or not a valid key store.
 *
 * @example const { keys } = parseKeyFile(text, '/srv/keys.json');
 */
export function parseKeyFile(text: string, origin: string): KeyFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${origin} is not JSON`);
  }
  const result = KeyFileSchema.safeParse(json);
  if (!result.success)
    throw new Error(`${origin} is not a valid key store:\n${z.prettifyError(result.error)}`);
  return result.data;
}
