/**
 * Which API answers the service worker keeps for offline reading, and under whose name
 * (docs/decisions/148-offline-reads.md). Pure rules, shared by the worker (sw.ts) and the page.
 *
 * - Only GET reads of the pages that open offline (tasks, timetable, grades, study, rewards, progress)
 *   are kept; never /api/auth/* (sessions, sign-in), the account, files, the calendar feed's secret
 *   address, push subscriptions or admin.
 * - Each user's answers live in a cache of their own, `studypilot-api-<userId>`; when the signed-in
 *   user changes or signs out, every other user's cache is deleted, so no answer of one user is ever
 *   served to another.
 */

export const API_CACHE_PREFIX = 'studypilot-api-';

/** The header a cached answer carries when the worker serves it: when it was read from the server. */
export const CACHED_AT_HEADER = 'x-studypilot-cached-at';

/** The page asks the worker to forget every user's API answers (sign-out, account deletion). */
export const CLEAR_API_CACHES_MESSAGE = 'studypilot:clear-api-caches';
/** The page asks a waiting worker to take over (the user clicked "Reload"). */
export const SKIP_WAITING_MESSAGE = 'studypilot:skip-waiting';

/** The reads kept for offline use: the path equals one of these or continues it with `/` or `?`. */
export const OFFLINE_READ_PATHS = [
  '/api/tasks',
  '/api/task-series',
  '/api/courses',
  '/api/terms',
  '/api/academic-years',
  '/api/holidays',
  '/api/attendance',
  '/api/assessments',
  '/api/grades',
  '/api/grading-system',
  '/api/study-sessions',
  '/api/study',
  '/api/study-streak',
  '/api/points',
  '/api/achievements',
  '/api/challenges',
  '/api/rewards',
  '/api/progress',
  '/api/academic-goals',
  '/api/premium/check',
  '/api/notifications',
] as const;

export function apiCacheName(userId: string): string {
  return `${API_CACHE_PREFIX}${userId}`;
}

/** The user whose answers a cache holds, or null for a cache that is not an API cache. */
export function userOfApiCache(cacheName: string): string | null {
  return cacheName.startsWith(API_CACHE_PREFIX) ? cacheName.slice(API_CACHE_PREFIX.length) || null : null;
}

/** Whether the worker may keep this request's answer: a same-origin GET of an offline read. */
export function isOfflineRead(method: string, url: URL, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  const path = url.pathname;
  if (path.startsWith('/api/auth/')) return false;
  return OFFLINE_READ_PATHS.some((read) => path === read || path.startsWith(`${read}/`));
}

/** The session read: its answer names the signed-in user (never kept itself). */
export function isSessionRead(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.pathname === '/api/auth/me';
}

/**
 * A write after which the signed-in user may be someone else or no one: signing in, registering,
 * signing out, deleting the account. Every API cache is dropped once it succeeds.
 */
export function changesSignedInUser(method: string, url: URL, origin: string): boolean {
  if (method === 'GET' || url.origin !== origin) return false;
  return url.pathname.startsWith('/api/auth/') || url.pathname === '/api/user/delete' || url.pathname === '/api/account';
}

/**
 * The caches to delete when `userId` is the signed-in user (null: no one): every API cache of
 * anyone else. Other caches (the precached app) are not the rule's business.
 */
export function apiCachesToDelete(cacheNames: readonly string[], userId: string | null): string[] {
  return cacheNames.filter((name) => {
    const owner = userOfApiCache(name);
    return owner !== null && owner !== userId;
  });
}

/** The one user whose answers are cached (the worker keeps at most one), from the cache names. */
export function cachedUser(cacheNames: readonly string[]): string | null {
  const owners = cacheNames.map(userOfApiCache).filter((owner): owner is string => owner !== null);
  return owners.length === 1 ? owners[0]! : null;
}
