import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { sessionStore, draftKey, readDraft, writeDraft, removeDraft, mergeDraft } from './form-draft-store';

/**
 * The draft hook of the longer forms (docs/decisions/074-form-drafts.md); where and how drafts are
 * stored is `form-draft-store.ts`.
 */

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
 * and restores them when the same form opens again for the same entity and user. Call it right after useForm.
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  options: { form: string; entityId: string | null; userId: string | null },
): FormDraft {
  // Whose draft: the signed-in user (web/api/session.ts useSessionUser); none while signed out.
  const { userId } = options;
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
