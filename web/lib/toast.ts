import { useSyncExternalStore } from 'react';
import { serviceRecentlyUnavailable, serviceUnavailableMessage } from './service-unavailable';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant };

/** docs/product.md §9: one toast at a time, shown for 5 s. A new toast replaces the current one. */
export const TOAST_DURATION_MS = 5000;
/**
 * …but not before the current one has been visible this long: a save's "Grade added" followed at once by
 * the celebration of what it unlocked was replaced before anyone could read it. Toasts that arrive
 * meanwhile wait in order (at most MAX_WAITING, the oldest dropped), each shown at least this long;
 * dismissing the current one shows the next at once.
 */
export const TOAST_MIN_VISIBLE_MS = 1500;
const MAX_WAITING = 3;

let current: Toast | null = null;
let shownAt = 0;
const waiting: Toast[] = [];
let nextTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function show(next: Toast | null): void {
  clearTimeout(nextTimer);
  nextTimer = undefined;
  current = next;
  shownAt = Date.now();
  emit();
  if (waiting.length > 0) nextTimer = setTimeout(() => show(waiting.shift() ?? null), TOAST_MIN_VISIBLE_MS);
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  // The one place a failure becomes a sentence for a 503: whatever the feature wrote, the user
  // reads that the service is briefly away (and that trying again soon will work).
  const unavailable = input.variant === 'destructive' && serviceRecentlyUnavailable();
  const next: Toast = { id: nextId++, variant: 'default', ...input, ...(unavailable ? { description: serviceUnavailableMessage() } : {}) };
  const wait = current ? shownAt + TOAST_MIN_VISIBLE_MS - Date.now() : 0;
  if (wait <= 0 && waiting.length === 0) {
    show(next);
    return;
  }
  waiting.push(next);
  if (waiting.length > MAX_WAITING) waiting.shift();
  nextTimer ??= setTimeout(() => show(waiting.shift() ?? null), Math.max(0, wait));
}

export function dismissToast(id: number): void {
  if (current?.id === id) show(waiting.shift() ?? null);
}

/** Closes the current toast and drops the waiting ones (the component tests' reset between tests). */
export function clearToasts(): void {
  waiting.length = 0;
  show(null);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
