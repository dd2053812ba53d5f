import { describe, expect, it } from 'vitest';
import { ByteBoundedLru } from './row-cache';

/** A cache of `bound` entries of one byte each, filled with `keys` in order. */
function filled(bound: number, keys: string[]): ByteBoundedLru<string> {
  const cache = new ByteBoundedLru<string>(bound, () => 1);
  for (const key of keys) cache.set(key, key.toUpperCase());
  return cache;
}

describe('ByteBoundedLru', () => {
  it('evicts the oldest first, and an entry read from the older half moves to the newest end', () => {
    const cache = filled(10, [...'abcdefghij']);
    expect(cache.get('a')).toBe('A');
    cache.set('k', 'K');
    // b, the oldest once a was read, left; a stayed.
    expect(cache.size).toBe(10);
    expect(cache.usedBytes).toBe(10);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
  });

  it('leaves an entry read in the newer half where it is: it ages out in its turn', () => {
    const cache = filled(10, [...'abcdefghij']);
    expect(cache.get('g')).toBe('G'); // three entries are newer: it stays seventh
    for (const key of 'klmnopq') cache.set(key, key.toUpperCase());
    // Seven sets evicted the seven oldest, g among them (moved on its read, it would have stayed); h is next.
    expect(cache.get('g')).toBeUndefined();
    expect(cache.get('h')).toBe('H');
    expect(cache.size).toBe(10);
  });

  it('replaces a value under its key and counts its bytes once', () => {
    const cache = new ByteBoundedLru<string>(100, (_key, value) => value.length);
    cache.set('a', 'xx');
    cache.set('a', 'yyyy');
    expect(cache.size).toBe(1);
    expect(cache.usedBytes).toBe(4);
    expect(cache.get('a')).toBe('yyyy');
    cache.resize(3);
    expect(cache.size).toBe(0);
    expect(cache.usedBytes).toBe(0);
  });
});
