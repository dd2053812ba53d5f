/**
 * Where form drafts are kept (the storage half of `form-draft.ts`; the hook is there). It reads no
 * session, so web/api/session.ts can clear the drafts at sign-out without an import cycle.
 *
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

export function sessionStore(): DraftStore | null {
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
