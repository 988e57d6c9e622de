import type { ListDescriptor } from '../collections/descriptor.js';
import { LIST_NAMES, type ListName } from '../collections/list-names.js';
import type { ListSchemas } from '../collections/list-schemas.js';
import { LIST_RECORD_SCHEMAS } from '../schemas/records.js';
import { checkItemReferences, checkRange } from './check-references.js';
import { ExportItemSchema, type ExportItem } from './export-schemas.js';

/**
 * What an export's items and relics are checked for besides their public schema (dataset/README.md,
 * "Records"); the other lists are their public schema alone.
 */
const EXPORT_RULES: { readonly [K in ListName]?: Omit<ListSchemas, 'record'> } = {
  items: {
    exported: ExportItemSchema,
    check: (item, { statKeys, problems }) =>
      checkItemReferences(item as ExportItem, statKeys, problems),
    // A dungeon may be exported as an object: the API serves its name.
    publish: (item) => ({
      ...item,
      dungeons: (item as ExportItem).dungeons?.map((entry) =>
        typeof entry === 'string' ? entry : entry.name,
      ),
    }),
  },
  relics: {
    check: (relic, { file, problems }) => {
      const { min, max } = relic as { min?: number; max?: number };
      checkRange(file, relic.id, min, max, problems);
    },
  },
};

/**
 * How each of the API's own lists is published: its public schema, and its export rules. Kept out of
 * the descriptors, which serving loads, as these are zod's.
 */
export const LIST_SCHEMAS: { readonly [K in ListName]: ListSchemas } = (() => {
  const byName = {} as Record<ListName, ListSchemas>;
  for (const name of LIST_NAMES)
    byName[name] = { record: LIST_RECORD_SCHEMAS[name], ...EXPORT_RULES[name] };
  return byName;
})();

/**
 * How a list is published: its descriptor's schemas, or the API's own list's. A list a registry adds
 * without schemas cannot be published or described, and says so.
 */
export function listSchemas(descriptor: ListDescriptor): ListSchemas {
  const schemas =
    descriptor.schemas ??
    (Object.hasOwn(LIST_SCHEMAS, descriptor.name)
      ? LIST_SCHEMAS[descriptor.name as ListName]
      : undefined);
  if (schemas === undefined)
    throw new Error(`the list ${descriptor.name} has no schemas: give its descriptor \`schemas\``);
  return schemas;
}
