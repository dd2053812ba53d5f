import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_MIN_VISIBLE_MS, useCurrentToast } from './toast';

// The store is read through its hook's snapshot; outside React, read it via a tiny subscription shim.
let snapshot: ReturnType<typeof useCurrentToast> = null;
vi.mock('react', () => ({
  useSyncExternalStore: (_subscribe: unknown, getSnapshot: () => unknown) => getSnapshot(),
}));
const readCurrentToast = useCurrentToast;
const currentTitle = () => {
  snapshot = readCurrentToast();
  return snapshot?.title ?? null;
};

describe('one toast at a time, each readable', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // Empty the queue between tests.
    for (let shown = readCurrentToast(); shown; shown = readCurrentToast()) dismissToast(shown.id);
    vi.useRealTimers();
  });

  it('a toast that follows at once waits until the current one was visible long enough', () => {
    toast({ title: 'Grade added' });
    toast({ title: 'Achievement unlocked!' });
    expect(currentTitle()).toBe('Grade added');
    vi.advanceTimersByTime(TOAST_MIN_VISIBLE_MS - 1);
    expect(currentTitle()).toBe('Grade added');
    vi.advanceTimersByTime(1);
    expect(currentTitle()).toBe('Achievement unlocked!');
  });

  it('waiting toasts show in order, each long enough to read (the "Saved" before the celebration)', () => {
    toast({ title: 'Missing information' });
    toast({ title: 'Grade added' });
    toast({ title: 'Achievement unlocked!' });
    expect(currentTitle()).toBe('Missing information');
    vi.advanceTimersByTime(TOAST_MIN_VISIBLE_MS);
    expect(currentTitle()).toBe('Grade added');
    vi.advanceTimersByTime(TOAST_MIN_VISIBLE_MS - 1);
    expect(currentTitle()).toBe('Grade added');
    vi.advanceTimersByTime(1);
    expect(currentTitle()).toBe('Achievement unlocked!');
  });

  it('replaces at once when the current one has been read; dismissing shows the waiting one', () => {
    toast({ title: 'Saved' });
    vi.advanceTimersByTime(TOAST_MIN_VISIBLE_MS);
    toast({ title: 'Deleted' });
    expect(currentTitle()).toBe('Deleted');
    toast({ title: 'Undone' });
    expect(currentTitle()).toBe('Deleted');
    dismissToast(snapshot!.id);
    expect(currentTitle()).toBe('Undone');
  });
});
