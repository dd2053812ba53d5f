import { describe, expect, it } from 'vitest';
import { OldestFirst } from './oldest-first';

describe('OldestFirst', () => {
  it('takes entries in insertion order; a touched entry (deleted and set again) comes last; one deleted elsewhere is skipped', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    const oldest = new OldestFirst(map);
    const evict = () => {
      const entry = oldest.take();
      if (entry) map.delete(entry[0]);
      return entry?.[0];
    };
    expect(evict()).toBe('a');
    map.delete('b');
    map.set('b', 2);
    map.delete('c');
    map.set('e', 5);
    expect([evict(), evict(), evict()]).toEqual(['d', 'b', 'e']);
    expect(evict()).toBeUndefined();
    // Entries added after the cursor ended are reached, and so is the map after clear().
    map.set('f', 6);
    expect(evict()).toBe('f');
    map.set('g', 7);
    map.clear();
    oldest.reset();
    map.set('h', 8);
    expect(evict()).toBe('h');
  });

  it('evicts exactly as a least-recently-used list through 20,000 random reads, writes and deletions (table rebuilds included)', () => {
    const map = new Map<number, number>();
    const oldest = new OldestFirst(map);
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
        // At most 400 entries: the oldest leave.
        while (map.size > 400) {
          const entry = oldest.take()!;
          expect(entry[0]).toBe(model.shift());
          map.delete(entry[0]);
        }
      } else if (map.delete(key)) {
        model.splice(model.indexOf(key), 1);
      }
    }
    expect([...map.keys()]).toEqual(model);
  });
});
