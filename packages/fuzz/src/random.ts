/**
 * A seeded source of choices (mulberry32): the same seed gives the same requests in the same order, so
 * any failure the fuzzer finds can be replayed exactly.
 */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A string of `length` characters (code points) drawn from `alphabet`. */
  text(alphabet: string, length: number): string {
    const characters = Array.from(alphabet);
    let out = '';
    for (let i = 0; i < length; i++) out += characters[Math.floor(this.next() * characters.length)];
    return out;
  }
}
