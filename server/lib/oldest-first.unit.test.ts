import { describe, expect, it } from 'vitest';
import { OldestFirst } from './oldest-first';

/** A Map bounded to `limit` entries by OldestFirst, and the keys it evicted, in order. */
function bounded<Key, Value>(map: Map<Key, Value>, limit: () => number) {
  const evicted: Key[] = [];
  const oldest = new OldestFirst(map, { over: () => map.size > limit(), evicted: (key) => evicted.push(key) });
  return { oldest, evicted };
}

describe('OldestFirst', () => {
  it('evicts in insertion order; a touched entry (deleted and set again) goes last; one deleted elsewhere is skipped', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    let limit = 3;
    const { oldest, evicted } = bounded(map, () => limit);
    oldest.evict();
    expect(evicted).toEqual(['a']);
    map.delete('b');
    map.set('b', 2);
    map.delete('c');
    map.set('e', 5);
    limit = 0;
    oldest.evict();
    expect(evicted).toEqual(['a', 'd', 'b', 'e']);
    expect(map.size).toBe(0);
    // Entries added after the cursor ended are reached, and so is the map after clear().
    map.set('f', 6);
    oldest.evict();
    expect(evicted.at(-1)).toBe('f');
    map.set('g', 7);
    map.clear();
    oldest.reset();
    map.set('h', 8);
    oldest.evict();
    expect(evicted.at(-1)).toBe('h');
  });

  it('evicts exactly as a least-recently-used list through 20,000 random reads, writes and deletions (table rebuilds included)', () => {
    const map = new Map<number, number>();
    const { oldest, evicted } = bounded(map, () => 400);
    const model: number[] = []; // least recently used first
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const touch = (key: number) => {
      model.splice(model.indexOf(key), 1);
      model.push(key);
    };
    for (let step = 0; step < 20_000; step += 1) {
      const key = random(600);
      const roll = random(10);
      if (roll < 4) {
        // A read that hits: the entry becomes the most recently used.
        if (map.has(key)) {
          map.delete(key);
          map.set(key, step);
          touch(key);
        }
      } else if (roll < 8) {
        if (map.has(key)) touch(key);
        else model.push(key);
        map.delete(key);
        map.set(key, step);
        const before = evicted.length;
        oldest.evict();
        // At most 400 entries: the oldest left.
        expect(evicted.slice(before)).toEqual(model.splice(0, model.length - Math.min(model.length, 400)));
      } else if (map.delete(key)) {
        model.splice(model.indexOf(key), 1);
      }
    }
    expect([...map.keys()]).toEqual(model);
  });
});
