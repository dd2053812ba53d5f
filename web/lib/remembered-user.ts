import type { User } from '../../common/schemas/auth.schema';
import { clearFormDrafts } from './form-draft-store';
import { clearOfflineApiCaches } from './service-worker';
import { STORAGE_KEYS, safeStorage } from './storage-keys';

/**
 * Keeps the cached user record (docs/product.md §3 "Locally stored": the premium display rule reads it, and the
 * app opens offline as this user, docs/decisions/148), or forgets everything local of a user who is
 * signed out — the service worker's kept API answers too.
 */
export function rememberSessionUser(user: User | null): void {
  if (!user) {
    safeStorage.remove(STORAGE_KEYS.user);
    clearOfflineApiCaches();
    // The dashboard's persisted first paint (docs/decisions/060) does not outlive the session.
    safeStorage.remove(STORAGE_KEYS.homeCache);
    // Unsaved form drafts are the signed-out user's (docs/decisions/074-form-drafts.md).
    clearFormDrafts();
    return;
  }
  // No e-mail addresses: the record is what the premium rule reads plus what the app needs to open
  // offline (roles, time zone), as the privacy policy lists it.
  const { id, username, roles, isPremium, trialEndDate, subscriptionTier, createdAt, timeZone } = user;
  safeStorage.set(
    STORAGE_KEYS.user,
    JSON.stringify({ id, username, roles, isPremium, trialEndDate, subscriptionTier, createdAt, timeZone }),
  );
}

/**
 * The cached user record as a session user (its e-mail addresses unknown offline), when it was written
 * by this version (with roles and time zone), else null.
 */
export function rememberedSessionUser(): User | null {
  try {
    const stored = JSON.parse(safeStorage.get(STORAGE_KEYS.user) ?? 'null') as Partial<User> | null;
    return stored && typeof stored.id === 'string' && typeof stored.timeZone === 'string' && typeof stored.roles === 'string'
      ? ({ email: null, recoveryEmail: null, subscriptionTier: null, language: null, ...stored } as User)
      : null;
  } catch {
    return null;
  }
}
