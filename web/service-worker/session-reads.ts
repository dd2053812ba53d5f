/**
 * Whose answer an API read is, when the worker does not know yet who is signed in.
 *
 * A signed-in page's document preloads its reads beside the session read (decision 216), and the
 * browser may hand them to the worker in any order. On the first page under a new worker nobody is
 * known yet, so a read that arrives before the session read has nobody to be kept for. It waits for the
 * session read asked for before it or, failing that, the next one (a page always reads the session when
 * it starts), at most `waitMs`, and as long again for that session read's answer. A sign-in, sign-up,
 * sign-out or account deletion between the read and that session read makes the answer nobody's: it may
 * be the user before the change.
 */
export type SessionReads = {
  /** A session read was asked for: `read` settles once the worker has taken its answer in. */
  asked(read: Promise<unknown>): void;
  /** The signed-in user changed on purpose (a sign-in, sign-up, sign-out or deletion went through). */
  userChanged(): void;
  /** Taken when an API read starts: the user its answer belongs to, once a session read has told. */
  readStarted(): { userOnceKnown(): Promise<string | null> };
};

/** How long a read's answer waits for a session read to name its user before it is not kept. */
export const SESSION_READ_WAIT_MS = 10_000;

export function sessionReads(signedInUser: () => Promise<string | null>, waitMs = SESSION_READ_WAIT_MS): SessionReads {
  let last: Promise<unknown> | null = null;
  let changes = 0;
  let waiting: Array<(read: Promise<unknown>) => void> = [];

  // Answers the read in a box: a promise resolved with a promise would wait for it and answer its value.
  const next = () =>
    new Promise<{ read: Promise<unknown> } | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting = waiting.filter((waiter) => waiter !== take);
        resolve(null);
      }, waitMs);
      const take = (read: Promise<unknown>) => {
        clearTimeout(timer);
        resolve({ read });
      };
      waiting.push(take);
    });

  return {
    asked(read) {
      last = read;
      const waiters = waiting;
      waiting = [];
      for (const take of waiters) take(read);
    },
    userChanged() {
      changes += 1;
    },
    readStarted() {
      const before = last;
      const changesAtStart = changes;
      return {
        async userOnceKnown() {
          const read = before ?? (await next())?.read;
          if (!read) return null;
          // The session read's own answer is waited for as long, no longer: a network that hangs keeps nothing.
          let timer: ReturnType<typeof setTimeout> | undefined;
          const answered = await Promise.race([
            read.then(
              () => true,
              () => true,
            ),
            new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
          ]);
          clearTimeout(timer);
          if (!answered || changes !== changesAtStart) return null;
          return signedInUser();
        },
      };
    },
  };
}
