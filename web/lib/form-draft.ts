import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
// web/api/session.ts imports clearFormDrafts back; both sides only call functions, so the cycle is safe.
import { useSessionUser } from '../api/session';

/**
 * Drafts of the longer forms (task, grade, class) so that a reload mid-form does not lose what was
 * typed (docs/decisions/074-form-drafts.md). One draft per user, form and entity ("new" or the edited
 * id), in sessionStorage: it survives a reload and a restored tab, dies with the tab, and two tabs
 * editing the same thing never overwrite each other's draft. Save and Cancel remove it; closing the
 * dialog with × or Escape keeps it for the next opening; signing out removes every draft.
 */

const PREFIX = 'studypilot_draft:';
const VERSION = 1;

/** The part of Web Storage drafts use (a fake in tests). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function sessionStore(): DraftStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: forms work, without drafts
  }
}

export function draftKey(userId: string, form: string, entityId: string | null): string {
  return `${PREFIX}${userId}:${form}:${entityId ?? 'new'}`;
}

export function readDraft(store: DraftStore, key: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(store.getItem(key) ?? 'null') as { v?: unknown; values?: unknown } | null;
    if (parsed && parsed.v === VERSION && parsed.values && typeof parsed.values === 'object' && !Array.isArray(parsed.values)) {
      return parsed.values as Record<string, unknown>;
    }
  } catch {
    // A corrupt draft is no draft.
  }
  return null;
}

export function writeDraft(store: DraftStore, key: string, values: unknown): void {
  try {
    store.setItem(key, JSON.stringify({ v: VERSION, values }));
  } catch {
    // Quota or disabled storage: the form still works, only without a draft.
  }
}

export function removeDraft(store: DraftStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Removes every user's drafts (sign-out: the next person at this browser sees none of them). */
export function clearFormDrafts(store: DraftStore | null = sessionStore()): void {
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) removeDraft(store, key);
}

function sameShape(fallback: unknown, value: unknown): boolean {
  if (Array.isArray(fallback)) return Array.isArray(value);
  if (fallback === null || value === null) return fallback === value;
  return typeof fallback === typeof value;
}

/**
 * The form's values with the draft's over them, field by field, keeping only fields the form has with
 * the same kind of value: a draft from an older version of the form can fill what still fits and
 * never inject a field the form does not know.
 */
export function mergeDraft<T extends Record<string, unknown>>(defaults: T, draft: Record<string, unknown>): T {
  const merged: Record<string, unknown> = {};
  for (const [field, fallback] of Object.entries(defaults)) {
    const value = Object.hasOwn(draft, field) ? draft[field] : undefined;
    merged[field] = value !== undefined && sameShape(fallback, value) ? value : fallback;
  }
  return merged as T;
}

export type FormDraft = {
  /** True after a draft was put back into the form (show the "Draft restored" note). */
  restored: boolean;
  /** Puts the form back to its starting values and forgets the draft. */
  discard: () => void;
  /** Forgets the draft, the form unchanged (after a save, or on Cancel). */
  clear: () => void;
};

/**
 * Keeps a react-hook-form form's values as a draft while they differ from the values it opened with,
 * and restores them when the same form opens again for the same entity. Call it right after useForm.
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, options: { form: string; entityId: string | null }): FormDraft {
  // The session the shell already holds (no request of its own), as useUserTimeZone reads it.
  const userId = useSessionUser()?.id ?? null;
  const key = userId ? draftKey(userId, options.form, options.entityId) : null;
  const [restored, setRestored] = useState(false);
  // The values the form opened with, before any draft; compared as JSON (plain strings, arrays, objects).
  const baseline = useRef<string | null>(null);

  useEffect(() => {
    const store = sessionStore();
    if (!key || !store) return;
    baseline.current ??= JSON.stringify(form.getValues());
    const opened = baseline.current;
    const draft = readDraft(store, key);
    if (draft) {
      const merged = mergeDraft(JSON.parse(opened) as Record<string, unknown>, draft);
      if (JSON.stringify(merged) === opened) removeDraft(store, key);
      else {
        // keepDefaultValues: the restored fields count as changes (isDirty), as if typed again.
        form.reset(merged as T, { keepDefaultValues: true });
        setRestored(true);
      }
    }
    const subscription = form.watch((values) => {
      const json = JSON.stringify(values);
      if (json === opened) removeDraft(store, key);
      else writeDraft(store, key, values);
    });
    return () => subscription.unsubscribe();
  }, [key, form]);

  const clear = useCallback(() => {
    const store = sessionStore();
    if (key && store) removeDraft(store, key);
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    if (baseline.current !== null) form.reset(JSON.parse(baseline.current) as T);
    clear();
  }, [clear, form]);

  return { restored, discard, clear };
}
