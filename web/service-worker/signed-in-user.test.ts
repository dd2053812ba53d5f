import { describe, expect, it } from 'vitest';
import { signedInUserRecord } from './signed-in-user';

/** Caches' names that answer when told to, as a worker's `caches.keys()` does a moment later. */
function slowCaches(user: string | null) {
  let answer = () => {};
  const read = () =>
    new Promise<string | null>((resolve) => {
      answer = () => resolve(user);
    });
  return { read, answer: () => answer() };
}

describe('signedInUserRecord', () => {
  it("reads the user from the caches' names once, then remembers it", async () => {
    let reads = 0;
    const record = signedInUserRecord(() => {
      reads += 1;
      return Promise.resolve('student-1');
    });
    expect(record.known()).toBeUndefined();
    await expect(record.get()).resolves.toBe('student-1');
    await expect(record.get()).resolves.toBe('student-1');
    expect(reads).toBe(1);
    expect(record.known()).toBe('student-1');
  });

  it('reads the names once for reads that start together', async () => {
    let reads = 0;
    const caches = slowCaches('student-1');
    const record = signedInUserRecord(() => {
      reads += 1;
      return caches.read();
    });
    const together = [record.get(), record.get(), record.get()];
    caches.answer();
    await expect(Promise.all(together)).resolves.toEqual(['student-1', 'student-1', 'student-1']);
    expect(reads).toBe(1);
  });

  it("keeps a user a session read named while the caches' names were being read", async () => {
    const caches = slowCaches(null);
    const record = signedInUserRecord(caches.read);
    const first = record.get();
    // The session read answers before the names do: the names, read before its cache existed, say nobody.
    record.set('student-1');
    caches.answer();
    await expect(first).resolves.toBe('student-1');
    expect(record.known()).toBe('student-1');
  });

  it('keeps a sign-out made while the names were being read', async () => {
    const caches = slowCaches('student-1');
    const record = signedInUserRecord(caches.read);
    const first = record.get();
    record.set(null);
    caches.answer();
    await expect(first).resolves.toBeNull();
  });
});
