/**
 * The `limit` smallest keys offered, kept sorted: a search keeps at most 50, so inserting into a
 * short array beats a heap.
 */
export class TopKeys {
  readonly keys: number[] = [];
  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.keys.length === this.limit;
  }

  /** Keeps `key` if it is among the smallest so far; false when it is not (nor would a larger key be). */
  offer(key: number): boolean {
    const { keys } = this;
    if (keys.length === this.limit) {
      if (key >= (keys[keys.length - 1] as number)) return false;
      keys.pop();
    }
    let at = keys.length;
    while (at > 0 && (keys[at - 1] as number) > key) at--;
    keys.splice(at, 0, key);
    return true;
  }
}
