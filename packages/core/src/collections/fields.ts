import type { Vocabulary } from './vocabulary.js';
import type { KeyedNumbers } from '../dataset/keyed-columns.js';
import type { Item } from '../schemas/records.js';
import { exactText, flag, numberRange, rarity, type ListFilter } from './filters.js';
import { rollRange, statRange } from './keyed-filters.js';

/** What a sort key orders by: the id, the name as the answer's language collates it, or a number. */
export type SortSource =
  | { readonly kind: 'id' }
  | { readonly kind: 'name' }
  /** A numeric column (`rarity`), or with `key` a keyed column's family (`stat`, `roll.max`). */
  | { readonly kind: 'number'; readonly field: string; readonly key?: string };

/** Sort keys that follow one pattern: `rarity`, or `stat.<key>` for each key of the stat vocabulary. */
export interface SortKeys {
  /** As the docs write it: `stat.<key>`. */
  readonly pattern: string;
  /** Every key it gives for `dataset`, with what each orders by. */
  keys(dataset: Vocabulary): Array<readonly [name: string, source: SortSource]>;
}

/** What a facet counts: each value of a column, or each key a keyed column has. */
export type FacetSource =
  /** `absent`: the value a record without the field counts as, as its filter counts it. */
  | { readonly kind: 'column'; readonly field: string; readonly absent?: boolean }
  | { readonly kind: 'keys'; readonly family: string };

/**
 * One public field of a list's records, with everything a query may do with it: a filter, sort keys,
 * a facet, a place among the /docs page's allowed values. Each capability is declared here once, and
 * query parsing, `fields=`, facets, the OpenAPI document, /docs and the SDK's types read it.
 */
export interface FieldEntry<R = unknown> {
  readonly field: keyof R & string;
  /** Always present in a record (the contract's required fields): `fields=` always returns it. */
  readonly required?: boolean;
  /** Its query parameter. */
  readonly filter?: ListFilter;
  /** The sort keys it gives. */
  readonly sort?: SortKeys;
  /** The facet it gives, under its name in /v1/facets. */
  readonly facet?: { readonly name: string; readonly source: FacetSource };
  /** Listed among the /docs page's allowed values, with a note after its name. */
  readonly listed?: { readonly note?: string };
  /** Numbers it holds under stat keys, kept as keyed columns for its ranges and sorts. */
  readonly numbers?: KeyedNumbers<R>;
  /**
   * For an array of objects: the member that tells its elements apart, so that a record's history
   * names an element by it (`stats[crit].value`) and an array only reordered changes nothing.
   */
  readonly identity?: string;
}

/** A field a query does nothing with but select (`fields=`). */
export function plainField<R>(field: keyof R & string, required = false): FieldEntry<R> {
  return { field, required };
}

const one = (name: string, source: SortSource): SortKeys => ({
  pattern: name,
  keys: () => [[name, source]],
});

/** `id`: required, and a sort key (the default order). */
export function idField<R extends { id: string }>(): FieldEntry<R> {
  return { field: 'id' as keyof R & string, required: true, sort: one('id', { kind: 'id' }) };
}

/** `name`: required, and a sort key collated in the answer's language. */
export function nameField<R extends { name: string }>(): FieldEntry<R> {
  return { field: 'name' as keyof R & string, required: true, sort: one('name', { kind: 'name' }) };
}

/** A text field matched exactly (`slot`): a filter and a facet, its values listed in /docs. */
export function textField<R>(field: keyof R & string, note?: string): FieldEntry<R> {
  return {
    field,
    filter: exactText(field),
    facet: { name: field, source: { kind: 'column', field } },
    listed: note === undefined ? {} : { note },
  };
}

/** `rarity`: a filter by value, name or range, a sort key and a facet. */
export function rarityField<R extends { rarity?: number }>(required: boolean): FieldEntry<R> {
  const field = 'rarity' as keyof R & string;
  return {
    field,
    required,
    filter: rarity(),
    sort: one('rarity', { kind: 'number', field: 'rarity' }),
    facet: { name: 'rarity', source: { kind: 'column', field: 'rarity' } },
  };
}

/**
 * A plain number field (`level`): a filter by value or range (`level=10..20`), a sort key and a
 * facet, how many records have each value.
 */
export function numberField<R>(field: keyof R & string, required = false): FieldEntry<R> {
  return {
    field,
    required,
    filter: numberRange(field),
    sort: one(field, { kind: 'number', field }),
    facet: { name: field, source: { kind: 'column', field } },
  };
}

/** A boolean field (`cosmetic`, `unique`): a filter and a facet; absent counts as `false`. */
export function flagField<R>(field: keyof R & string): FieldEntry<R> {
  return {
    field,
    filter: flag(field),
    facet: { name: field, source: { kind: 'column', field, absent: false } },
  };
}

/**
 * Item `stats`: `stat[<key>]` ranges over each stat's value (the sum of its entries), `stat.<key>`
 * sort keys, and the `stat` facet, how many records have each key.
 */
export function statsField(): FieldEntry<Item> {
  return {
    field: 'stats',
    filter: statRange(),
    sort: {
      pattern: 'stat.<key>',
      keys: (dataset) =>
        dataset.stats.map(
          ({ key }) => [`stat.${key}`, { kind: 'number', field: 'stat', key }] as const,
        ),
    },
    facet: { name: 'stat', source: { kind: 'keys', family: 'stat' } },
    identity: 'stat',
    *numbers(item) {
      const totals = new Map<string, number>();
      for (const { stat, value } of item.stats ?? [])
        totals.set(stat, (totals.get(stat) ?? 0) + value);
      for (const [key, total] of totals) yield ['stat', key, total] as const;
    },
  };
}

/** Item `roll`: `roll[<key>]` ranges that overlap the roll, and `roll.<key>.min|max` sort keys. */
export function rollField(): FieldEntry<Item> {
  return {
    field: 'roll',
    filter: rollRange(),
    sort: {
      pattern: 'roll.<key>.min, roll.<key>.max',
      keys: (dataset) =>
        dataset.stats.flatMap(({ key }) =>
          (['min', 'max'] as const).map(
            (end) => [`roll.${key}.${end}`, { kind: 'number', field: `roll.${end}`, key }] as const,
          ),
        ),
    },
    *numbers(item) {
      for (const [key, [min, max]] of Object.entries(item.roll ?? {})) {
        yield ['roll.min', key, min] as const;
        yield ['roll.max', key, max] as const;
      }
    },
  };
}
