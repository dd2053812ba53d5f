/**
 * Evicts a cache's oldest entries (the Map's insertion order) while the cache is over its bound, from a
 * cursor kept between evictions.
 *
 * V8's Map keeps a deleted entry's slot as a hole until its table is rebuilt, and a new iterator starts
 * at the first slot. A cache that found its oldest entry with `for (… of map)` or `map.keys().next()`
 * walked past every hole its own evictions had left, on every eviction: at 32 MB of row texts, 39% of
 * the server's CPU under the study-sessions load (decision 252). A Map iterator is live: it skips what is
 * deleted behind and ahead of it, and reaches what is added after it. Every entry the kept iterator
 * yields is deleted here at once, so nothing live is ever behind it, and each eviction costs amortised
 * O(1).
 */
export class OldestFirst<Key, Value> {
  private cursor: MapIterator<[Key, Value]> | undefined;

  /** `over`: whether the cache must shed its oldest entry; `evicted`: told of each one, after it left the map. */
  constructor(
    private readonly map: Map<Key, Value>,
    private readonly bound: { over: () => boolean; evicted: (key: Key, value: Value) => void },
  ) {}

  /** Deletes the oldest entries while the cache is over its bound (or until it is empty). */
  evict(): void {
    while (this.bound.over()) {
      const oldest = this.oldest();
      if (oldest === undefined) return;
      this.map.delete(oldest[0]);
      this.bound.evicted(oldest[0], oldest[1]);
    }
  }

  /** After `map.clear()`: the next eviction starts at the new first entry. */
  reset(): void {
    this.cursor = undefined;
  }

  private oldest(): [Key, Value] | undefined {
    this.cursor ??= this.map.entries();
    let step = this.cursor.next();
    if (step.done) {
      // An iterator that has ended stays ended: entries added since need a new one.
      this.cursor = this.map.entries();
      step = this.cursor.next();
    }
    if (step.done) {
      this.cursor = undefined;
      return undefined;
    }
    return step.value;
  }
}
