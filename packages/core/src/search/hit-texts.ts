import { COLLECTIONS } from '../collections/collections.js';
import type { ListName } from '../collections/list-names.js';
import type { Collection } from '../dataset/collection.js';
import { MemberStarts, pickMembers } from '../json-bytes.js';

/** What a hit shows of a record. */
export type Named = { id: string; name: string; icon?: string };

/**
 * A record's hit, but for its collection and rule, as `JSON.stringify` writes those members of a
 * `SearchHit`: `"id":…,"name":…` and, where it has an icon, `,"icon":…`.
 */
export interface HitText {
  named: string;
  icon: string;
}

const decoder = new TextDecoder();
// `"id"`'s `d` (two bytes in), `"name"`'s `n` (one) and `"icon"`'s `c` (two): what tells them apart.
const [ID_D, NAME_N, ICON_C] = [0x64, 0x6e, 0x63];

/** The hit text of a record read as an object. */
export function hitTextOf({ id, name, icon }: Named): HitText {
  return {
    named: JSON.stringify({ id, name }).slice(1, -1),
    icon: icon === undefined ? '' : `,"icon":${JSON.stringify(icon)}`,
  };
}

/**
 * Every record's hit text, in collection order. Where the collection keeps its records' JSON, the
 * id, name and icon members are copied from it as they are, every record read once without keeping
 * what was not kept (`scanJson`): a search's hits fall anywhere in the release, and reading them as
 * they are found would keep every block of records read — 150 MiB more at 100,000 items in two
 * languages. The texts take a tenth of that, the icons shared.
 */
export function hitTexts(list: ListName, collection: Collection<Named>): HitText[] {
  const { scanJson } = collection;
  if (scanJson === undefined) return collection.records.map(hitTextOf);
  const icons = new Map<string, string>();
  const texts = new Array<HitText>(collection.size);
  const pick = pickMembers(
    ['id', 'name', 'icon'],
    new MemberStarts(collection.size, COLLECTIONS[list].fields.length),
  );
  scanJson((position, json) => {
    const { ranges } = pick(position, json);
    const letter = (at: number, offset: number) => json[(ranges[at] as number) + offset];
    // The members come in the record's order: id, name, then icon where it has one; a record
    // written in another order is read whole.
    if (
      letter(0, 2) !== ID_D ||
      letter(2, 1) !== NAME_N ||
      (ranges.length > 4 && letter(4, 2) !== ICON_C)
    ) {
      texts[position] = hitTextOf(collection.at(position));
      return;
    }
    const member = (at: number) => decoder.decode(json.subarray(ranges[at], ranges[at + 1]));
    const icon = ranges.length > 4 ? `,${member(4)}` : '';
    let shared = icons.get(icon);
    if (shared === undefined) icons.set(icon, (shared = icon));
    texts[position] = { named: `${member(0)},${member(2)}`, icon: shared };
  });
  return texts;
}
