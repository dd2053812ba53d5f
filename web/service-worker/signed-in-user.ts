/**
 * The user whose API answers the worker keeps, as the worker knows it: undefined until first read back
 * from the caches' names (a worker started anew remembers nobody), then whoever a session read, sign-in
 * or sign-out last named.
 *
 * Reading the names takes a moment, and a session read may name the user meanwhile: the names read
 * before that (no cache of theirs yet) must not overwrite it. They did once (`user = cachedUser(await
 * caches.keys())` assigns after the await): the page's reads then found nobody signed in, none was
 * kept, and the page did not open offline (e2e/offline.spec.ts, flaky on a busy machine).
 */
export type SignedInUser = {
  /** The user, reading the caches' names the first time. */
  get(): Promise<string | null>;
  /** The user as known now, without reading anything (undefined: not read yet). */
  known(): string | null | undefined;
  /** A session read, sign-in or sign-out named the user (null: nobody). */
  set(userId: string | null): void;
};

export function signedInUserRecord(userFromCaches: () => Promise<string | null>): SignedInUser {
  let user: string | null | undefined;
  // One read of the names for every read that starts before it answers (a page's preloads come together).
  let reading: Promise<string | null> | null = null;
  return {
    async get() {
      if (user === undefined) {
        const fromCaches = await (reading ??= userFromCaches());
        // Named meanwhile: that is newer than the names read before it.
        if (user === undefined) user = fromCaches;
      }
      return user;
    },
    known: () => user,
    set(userId) {
      user = userId;
    },
  };
}
