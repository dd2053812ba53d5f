import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant };

/** SPEC.md §9: one toast at a time, shown for 5 s. A new toast replaces the current one. */
export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): void {
  current = { id: nextId++, variant: 'default', ...input };
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
