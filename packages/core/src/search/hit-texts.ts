import type { ListDescriptor } from '../collections/descriptor.js';
import type { Collection } from '../dataset/collection.js';
import type { HitTexts } from '../dataset/dataset.js';
import { MemberStarts, pickMembers } from '../json-bytes.js';

/** What a hit shows of a record. */
export type Named = { id: string; name: string; icon?: string };

export type { HitTexts } from '../dataset/dataset.js';

const encoder = new TextEncoder();
// `"id"`'s `d` (two bytes in), `"name"`'s `n` (one) and `"icon"`'s `c` (two): what tells them apart.
const [ID_D, NAME_N, ICON_C] = [0x64, 0x6e, 0x63];
const COMMA = 0x2c;

/** Writes `HitTexts` an entry at a time, the buffer grown as it fills. */
export class HitTextWriter {
  private bytes = new Uint8Array(1 << 16);
  private readonly starts: Int32Array;
  private length = 0;
  private entries = 0;

  constructor(entries: number) {
    this.starts = new Int32Array(2 * entries + 1);
  }

  /** The next entry's hit text, from a record read as an object. */
  addNamed({ id, name, icon }: Named): void {
    this.write(encoder.encode(JSON.stringify({ id, name }).slice(1, -1)));
    this.endNamed();
    if (icon !== undefined) this.write(encoder.encode(`,"icon":${JSON.stringify(icon)}`));
    this.endEntry();
  }

  /**
   * The next `collection.size` entries' hit texts. Where the collection keeps its records' JSON, the
   * id, name and icon members are copied from it as they are, every record read once without keeping
   * what was not kept (`scanJson`): a search's hits fall anywhere in the release, and reading them
   * as they are found would keep every block of records read — 150 MiB more at 100,000 items in two
   * languages.
   */
  addCollection(descriptor: ListDescriptor, collection: Collection<Named>): void {
    const { scanJson } = collection;
    if (scanJson === undefined) {
      for (const record of collection.records) this.addNamed(record);
      return;
    }
    const pick = pickMembers(
      ['id', 'name', 'icon'],
      new MemberStarts(collection.size, descriptor.fields.length),
    );
    const first = this.entries;
    scanJson((position, json) => {
      if (position !== this.entries - first)
        throw new Error('HitTextWriter: records scanned out of order');
      const { ranges } = pick(position, json);
      const letter = (at: number, offset: number) => json[(ranges[at] as number) + offset];
      // The members come in the record's order: id, name, then icon where it has one; a record
      // written in another order is read whole.
      if (
        letter(0, 2) !== ID_D ||
        letter(2, 1) !== NAME_N ||
        (ranges.length > 4 && letter(4, 2) !== ICON_C)
      ) {
        this.addNamed(collection.at(position));
        return;
      }
      const member = (at: number) => json.subarray(ranges[at], ranges[at + 1]);
      this.write(member(0));
      this.write(member(2), COMMA);
      this.endNamed();
      if (ranges.length > 4) this.write(member(4), COMMA);
      this.endEntry();
    });
  }

  /** The texts written, one per entry the writer was made for. */
  finish(): HitTexts {
    if (this.entries * 2 + 1 !== this.starts.length)
      throw new Error(
        `HitTextWriter: ${this.entries} entries written of ${this.starts.length >> 1}`,
      );
    return { bytes: this.bytes.slice(0, this.length), starts: this.starts };
  }

  private write(part: Uint8Array, before?: number): void {
    const needed = this.length + part.length + 1;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    if (before !== undefined) this.bytes[this.length++] = before;
    this.bytes.set(part, this.length);
    this.length += part.length;
  }

  private endNamed(): void {
    this.starts[2 * this.entries + 1] = this.length;
  }

  private endEntry(): void {
    this.starts[2 * ++this.entries] = this.length;
  }
}

const NAME_MEMBER = encoder.encode(',"name":');
const [LOWER_A, LOWER_Z, UPPER_A, UPPER_Z] = [0x61, 0x7a, 0x41, 0x5a];

/**
 * Each entry's name as written, from its hit text, where it may have CamelCase parts (a lower-case
 * letter before a capital: `FireDrake`); undefined for the rest, found by a scan of their bytes
 * without decoding them: what search's initials read (`nameInitials`), for the few names that need it.
 *
 * @example writtenNames(texts)(0) // 'FireDrake Scale'
 */
export function writtenNames({ bytes, starts }: HitTexts): (entry: number) => string | undefined {
  const decoder = new TextDecoder();
  return (entry) => {
    const end = starts[2 * entry + 1] as number;
    let at = starts[2 * entry] as number;
    // The name follows the id, whose value cannot hold `,"name":` (a quote in it is escaped).
    const isNameMember = () => {
      for (let i = 0; i < NAME_MEMBER.length; i++)
        if (bytes[at + i] !== NAME_MEMBER[i]) return false;
      return true;
    };
    while (at < end && !isNameMember()) at++;
    const from = at + NAME_MEMBER.length;
    for (let i = from; i + 1 < end; i++) {
      const [a, b] = [bytes[i] as number, bytes[i + 1] as number];
      if (a >= LOWER_A && a <= LOWER_Z && b >= UPPER_A && b <= UPPER_Z)
        return JSON.parse(decoder.decode(bytes.subarray(from, end))) as string;
    }
    return undefined;
  };
}
