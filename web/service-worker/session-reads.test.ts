import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_READ_WAIT_MS, sessionReads } from './session-reads';

/**
 * Whose answer a read is when the worker knows nobody yet: the session read asked for before it, or the
 * next one when the browser hands the worker the page's preloaded read first.
 */
function worker() {
  let user: string | null = null;
  const sessions = sessionReads(() => Promise.resolve(user));
  /** A session read that names `id` once it settles. */
  const sessionRead = (id: string | null) => {
    let settle = () => {};
    const read = new Promise<void>((resolve) => {
      settle = () => {
        user = id;
        resolve();
      };
    });
    sessions.asked(read);
    return settle;
  };
  return { sessions, sessionRead };
}

describe('sessionReads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the user of the session read asked for before the read, once it has answered', async () => {
    const { sessions, sessionRead } = worker();
    const settle = sessionRead('student-1');
    const read = sessions.readStarted().userOnceKnown();
    settle();
    await expect(read).resolves.toBe('student-1');
  });

  it('waits for the next session read when the read reached the worker first', async () => {
    const { sessions, sessionRead } = worker();
    const read = sessions.readStarted().userOnceKnown();
    const settle = sessionRead('student-1');
    settle();
    await expect(read).resolves.toBe('student-1');
  });

  it('keeps nothing when no session read comes in time', async () => {
    vi.useFakeTimers();
    const { sessions, sessionRead } = worker();
    const read = sessions.readStarted().userOnceKnown();
    await vi.advanceTimersByTimeAsync(SESSION_READ_WAIT_MS);
    await expect(read).resolves.toBeNull();
    // A session read after the wait names nobody for it, and leaves no waiter behind.
    sessionRead('student-1')();
    await expect(sessions.readStarted().userOnceKnown()).resolves.toBe('student-1');
  });

  it('keeps nothing when the session read asked for never answers', async () => {
    vi.useFakeTimers();
    const { sessions } = worker();
    sessions.asked(new Promise(() => {}));
    const read = sessions.readStarted().userOnceKnown();
    await vi.advanceTimersByTimeAsync(SESSION_READ_WAIT_MS);
    await expect(read).resolves.toBeNull();
  });

  it('names nobody when the user changed between the read and the session read', async () => {
    const { sessions, sessionRead } = worker();
    const read = sessions.readStarted().userOnceKnown();
    sessions.userChanged();
    sessionRead('student-2')();
    await expect(read).resolves.toBeNull();
  });

  it('names nobody when the session read failed or found nobody signed in', async () => {
    const { sessions } = worker();
    sessions.asked(Promise.reject(new TypeError('Failed to fetch')));
    await expect(sessions.readStarted().userOnceKnown()).resolves.toBeNull();
    const { sessions: signedOut, sessionRead } = worker();
    const read = signedOut.readStarted().userOnceKnown();
    sessionRead(null)();
    await expect(read).resolves.toBeNull();
  });
});
