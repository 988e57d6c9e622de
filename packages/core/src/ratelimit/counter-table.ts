/**
 * A key's 64-bit hash, as two 32-bit halves. One object per store, overwritten by each `hash` call, so
 * counting a request allocates nothing. The hash (cyrb53's mixing, both halves kept) is seeded at
 * random per store: nobody can choose client addresses whose counters collide with someone else's.
 */
export class KeyHash {
  high = 0;
  low = 0;
  private readonly seed = crypto.getRandomValues(new Uint32Array(1))[0]!;

  /** Hashes `key` into `high` and `low`; never both 0, which marks an empty slot. */
  hash(key: string): this {
    let h1 = 0xdeadbeef ^ this.seed;
    let h2 = 0x41c6ce57 ^ this.seed;
    for (let i = 0; i < key.length; i++) {
      const code = key.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    this.high = h1 >>> 0;
    this.low = h2 >>> 0 || 1;
    return this;
  }
}

/**
 * Counters keyed by their key's 64-bit hash, in typed arrays: an open-addressing table with linear
 * probing, filled to at most half its slots. A counter is no JavaScript object and its key is not
 * kept, so a busy server's ever-new clients give the garbage collector nothing to copy or mark: in
 * a `Map`, their keys and entries would fill the old generation and bring full collections that
 * pause every request (bench/README.md, "Rate-limit counters").
 *
 * Two keys share a counter only when all 64 bits of their hashes agree: among a full table's 50,000
 * counters that happens by chance with a probability of about 1 in 10 billion.
 */
export class CounterTable {
  /** Two words per slot, the halves of the key's hash; 0 and 0 mark an empty slot. */
  private readonly hashes: Uint32Array;
  private readonly counts: Uint32Array;
  private readonly mask: number;
  /** Counters held. */
  size = 0;

  /** A table for up to `capacity` counters. */
  constructor(readonly capacity: number) {
    let slots = 2;
    while (slots < capacity * 2) slots *= 2;
    this.hashes = new Uint32Array(slots * 2);
    this.counts = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** The slot holding the counter of the key hashed to `key`, or the empty slot where it would go, as `~slot`. */
  private slotOf(key: KeyHash): number {
    const { hashes, mask } = this;
    for (let slot = key.high & mask; ; slot = (slot + 1) & mask) {
      const high = hashes[slot * 2]!;
      const low = hashes[slot * 2 + 1]!;
      if (high === key.high && low === key.low) return slot;
      if (high === 0 && low === 0) return ~slot;
    }
  }

  /** The key's count, or `undefined` when it has none. */
  get(key: KeyHash): number | undefined {
    const slot = this.slotOf(key);
    return slot >= 0 ? this.counts[slot] : undefined;
  }

  /** Sets the key's count. Past `capacity` counters a new key is refused with a `RangeError`. */
  set(key: KeyHash, count: number): void {
    const slot = this.slotOf(key);
    if (slot >= 0) {
      this.counts[slot] = count;
      return;
    }
    if (this.size >= this.capacity)
      throw new RangeError(`A counter table holds at most ${this.capacity} counters.`);
    this.hashes[~slot * 2] = key.high;
    this.hashes[~slot * 2 + 1] = key.low;
    this.counts[~slot] = count;
    this.size++;
  }

  /** Forgets every counter, keeping the memory for the next ones. */
  clear(): void {
    this.hashes.fill(0);
    this.size = 0;
  }
}
