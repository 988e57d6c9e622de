import { describe, expect, it } from 'vitest';
import { HitTextWriter, writtenNames } from './hit-texts.js';

describe('HitTextWriter', () => {
  it('writes every entry as its members, past the buffer it starts with', () => {
    const records = Array.from({ length: 3_000 }, (_, n) => ({
      id: `amber-amulet-of-the-fox-${n}`,
      name: `Amber Amulet of the Fox ${n} — “quoted”`,
      ...(n % 3 === 0 ? {} : { icon: `item.amulet.${n % 7}` }),
    }));
    const writer = new HitTextWriter(records.length);
    for (const record of records) writer.addNamed(record);
    const { bytes, starts } = writer.finish();
    expect(bytes.length).toBeGreaterThan(1 << 16);
    const decoder = new TextDecoder();
    const text = (n: number) => decoder.decode(bytes.subarray(starts[n], starts[n + 1]));
    expect(records.map((_, n) => JSON.parse(`{${text(2 * n)}${text(2 * n + 1)}}`))).toEqual(
      records,
    );
  });

  it('refuses to finish before every entry is written', () => {
    const writer = new HitTextWriter(2);
    writer.addNamed({ id: 'a', name: 'A' });
    expect(() => writer.finish()).toThrow('HitTextWriter: 1 entries written of 2');
  });

  it('gives back the names written with CamelCase parts, and no other', () => {
    const names = ['FireDrake Scale', 'Plain Name', 'Quoted "DeathBringer"', 'ÜberBlade', 'Épée'];
    const writer = new HitTextWriter(names.length);
    names.forEach((name, n) => writer.addNamed({ id: `a,"name":${n}`, name, icon: 'x.Y' }));
    const written = writtenNames(writer.finish());
    expect(names.map((_, n) => written(n))).toEqual([
      'FireDrake Scale',
      undefined,
      'Quoted "DeathBringer"',
      'ÜberBlade',
      undefined,
    ]);
  });
});
