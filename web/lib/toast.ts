import { useSyncExternalStore } from 'react';
import { serviceRecentlyUnavailable, serviceUnavailableMessage } from './service-unavailable';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant };

/** SPEC.md §9: one toast at a time, shown for 5 s. A new toast replaces the current one. */
export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  // The one place a failure becomes a sentence for a 503: whatever the feature wrote, the user
  // reads that the service is briefly away (and that trying again soon will work).
  const unavailable = input.variant === 'destructive' && serviceRecentlyUnavailable();
  current = { id: nextId++, variant: 'default', ...input, ...(unavailable ? { description: serviceUnavailableMessage() } : {}) };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
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
