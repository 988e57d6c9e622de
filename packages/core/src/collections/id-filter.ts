import { positionOfId } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { ID_PATTERN } from '../schemas/id-pattern.js';
import { readOne, type FilterKind, type ListFilter } from './filters.js';

/**
 * Most ids one `ids` filter may name: a page's worth (the largest `limit`; README,
 * "Choices the contract leaves open").
 */
export const MAX_IDS = 200;

const ID_LIST = new RegExp(
  `^${ID_PATTERN.source.slice(1, -1)}(?:,${ID_PATTERN.source.slice(1, -1)})*$`,
);

const IDS: FilterKind = {
  rule: (params) =>
    `${params} names records by id, comma-separated, at most ${MAX_IDS}: the records with those ids, in list order; ids that do not exist are simply absent (our extension of the contract).`,
  sdk: {
    type: () => 'string | readonly string[]',
    doc: `Records by id, at most ${MAX_IDS}: an array, or ids separated by commas. Ids that do not exist are absent.`,
  },
};

/**
 * `ids=<id>,<id>,…`: the records with those ids — many records by id in one request, combinable with
 * every other filter and paginated like any list. Normalised to the distinct ids in id order, so the
 * same set in any order is one query to caches and cursors.
 */
export function idList(): ListFilter<never> {
  return {
    param: 'ids',
    kind: IDS,
    read: readOne('ids', (raw) => {
      if (!ID_LIST.test(raw))
        throw badRequest(
          `ids must be record ids separated by commas, each matching ${ID_PATTERN.source}`,
        );
      const ids = [...new Set(raw.split(','))].sort();
      if (ids.length > MAX_IDS)
        throw badRequest(`ids may name at most ${MAX_IDS} records (got ${ids.length})`);
      return {
        value: ids.join(','),
        list: ({ collection }) =>
          Int32Array.from(
            ids.map((id) => positionOfId(collection.ids, id)).filter((position) => position >= 0),
          ),
      };
    }),
    describe: () => ({
      description: `Our extension: records by id, comma-separated, at most ${MAX_IDS} (more is a 400). The records come in list order, filtered and paginated like any list; ids that do not exist are simply absent.`,
      schema: { type: 'string', pattern: ID_LIST.source },
    }),
  };
}
