/**
 * The oldest entry of a Map (insertion order), for a cache that evicts oldest first, from a cursor kept
 * between calls.
 *
 * V8's Map keeps a deleted entry's slot as a hole until its table is rebuilt, and a new iterator starts
 * at the first slot. A cache that found its oldest entry with `for (… of map)` or `map.keys().next()`
 * walked past every hole its own evictions had left, on every eviction: at 32 MB of row texts, 39% of
 * the server's CPU under the study-sessions load (decision 252). A Map iterator is live: it skips what is
 * deleted behind and ahead of it, and reaches what is added after it. One kept iterator therefore yields
 * the oldest live entry in amortised O(1), as long as every entry it yields is deleted before the next call
 * (`take` is only for evicting).
 */
export class OldestFirst<Key, Value> {
  private cursor: MapIterator<[Key, Value]> | undefined;

  constructor(private readonly map: Map<Key, Value>) {}

  /** The oldest entry, which the caller deletes now; undefined when the map is empty. */
  take(): [Key, Value] | undefined {
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

  /** After `map.clear()`: the next `take` starts at the new first entry. */
  reset(): void {
    this.cursor = undefined;
  }
}
