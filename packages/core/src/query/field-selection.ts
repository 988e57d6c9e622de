import type { ListDescriptor } from '../collections/descriptor.js';
import type { Collection } from '../dataset/collection.js';
import { badRequest } from '../errors.js';
import { MemberStarts, pickMembers, type PickedMembers } from '../json-bytes.js';
import { countDerived } from '../dataset/derived-memory.js';

/**
 * Parses `fields` (`fields=stats,roll`): the optional fields to send besides the required ones, which
 * every record always has (README, "Sorting, ranges, fields and facets"). Normalised, sorted and once
 * each, so one selection is one query to caches; naming a required field changes nothing. A name that
 * is not a public field of the list is a 400 listing those it has.
 *
 * @example parseFields(COLLECTIONS.items, 'roll,stats,name') // ['roll', 'stats']
 */
export function parseFields(
  descriptor: ListDescriptor,
  raw: string | undefined,
): string[] | undefined {
  if (raw === undefined) return undefined;
  const { name: list, fields } = descriptor;
  const known = new Map(fields.map((entry) => [entry.field as string, entry.required === true]));
  const names = new Set(raw.split(','));
  for (const name of names) {
    if (!known.has(name)) {
      const optional = fields.flatMap((entry) => (entry.required ? [] : [entry.field]));
      throw badRequest(
        `fields names "${name}", which ${list} do not have; it takes a comma-separated list of ${optional.join(', ')} (the required fields, ${fields.flatMap((entry) => (entry.required ? [entry.field] : [])).join(', ')}, are always sent)`,
      );
    }
  }
  return [...names].filter((name) => known.get(name) === false).sort();
}

/**
 * The fields a selection sends: the list's required fields and those of `fields`.
 *
 * @example keptFields(COLLECTIONS.relics, ['label']) // Set { 'id', 'name', 'label' }
 */
export function keptFields(descriptor: ListDescriptor, fields: readonly string[]): Set<string> {
  const kept = new Set(fields);
  for (const entry of descriptor.fields) if (entry.required) kept.add(entry.field);
  return kept;
}

// By collection, as each language's view of a list has JSON of its own.
const memberStarts = new WeakMap<Collection<{ id: string }>, MemberStarts>();

/**
 * The records of `collection`, kept as JSON (`json`), trimmed to the fields a selection sends
 * (`pickMembers`), each record's members found the first time it is picked and kept with the
 * collection.
 *
 * @example joinJsonArray([fieldPicker(COLLECTIONS.items, items, items.json!, ['roll'])(0)])
 */
export function fieldPicker(
  descriptor: ListDescriptor,
  collection: Collection<{ id: string }>,
  json: (index: number) => Uint8Array,
  fields: readonly string[],
): (index: number) => PickedMembers {
  let starts = memberStarts.get(collection);
  if (starts === undefined) {
    memberStarts.set(
      collection,
      (starts = new MemberStarts(collection.size, descriptor.fields.length)),
    );
    countDerived(collection, starts.byteLength);
  }
  const pick = pickMembers(keptFields(descriptor, fields), starts);
  return (index) => pick(index, json(index));
}

/**
 * The record with its required fields and those of `fields` alone, in the record's own order.
 *
 * @example selectFields(COLLECTIONS.relics, relic, ['label']) // { id, name, label }
 */
export function selectFields<R extends object>(
  descriptor: ListDescriptor,
  record: R,
  fields: readonly string[],
): Partial<R> {
  const kept = keptFields(descriptor, fields);
  return Object.fromEntries(
    Object.entries(record).filter(([name]) => kept.has(name)),
  ) as Partial<R>;
}
