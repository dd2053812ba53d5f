/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest; docs/decisions/147-installable-app.md and
 * 148-offline-reads.md): the built app precached, its pages the server's document first and the
 * precached shell offline (decision 220), the signed-in user's API reads kept per user for offline reading, and a new version that waits
 * until the user clicks "Reload" (never a reload of its own).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import {
  apiCacheName,
  apiCachesToDelete,
  cachedUser,
  CACHED_AT_HEADER,
  changesSignedInUser,
  CLEAR_API_CACHES_MESSAGE,
  isOfflineRead,
  isSessionRead,
  SKIP_WAITING_MESSAGE,
} from './api-cache';
import { registerPushHandlers } from './push';
import { sessionReads } from './session-reads';
import { signedInUserRecord } from './signed-in-user';
import { LANDING_NAVIGATION_DENYLIST, networkFirstNavigation } from './navigation';

/** What workbox-routing hands a route's handler (the part used here). */
type HandlerOptions = { request: Request; event: ExtendableEvent };

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app's files, with the revision of each (hashed assets, index.html, icons, manifest).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the server's document first (a signed-in page's frame, decision 220), the
// precached shell (index.html) offline or when the server is slow to answer; the prerendered landing
// pages and the API are left to the network.
const precachedShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    (options: RouteHandlerCallbackOptions) =>
      networkFirstNavigation(
        () => fetch(options.request),
        () => precachedShell(options),
      ),
    { denylist: LANDING_NAVIGATION_DENYLIST },
  ),
);

/** The user whose API answers are kept (read back from the caches' names when the worker starts). */
const currentUser = signedInUserRecord(async () => cachedUser(await caches.keys()));
const signedInUser = (): Promise<string | null> => currentUser.get();

/** Keeps `userId`'s answers (if anyone's) and deletes every other user's. */
async function switchUser(userId: string | null): Promise<void> {
  currentUser.set(userId);
  const names = await caches.keys();
  await Promise.all(apiCachesToDelete(names, userId).map((name) => caches.delete(name)));
  if (userId) await caches.open(apiCacheName(userId));
}

async function userIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/** Whose answer a read is when nobody is known yet (the first page under this worker; issue 33, decision 269). */
const sessions = sessionReads(signedInUser);

/** GET /api/auth/me goes to the network, never to a cache; its answer tells whose answers to keep. */
registerRoute(
  ({ request, url }) => isSessionRead(request.method, url, self.location.origin),
  async ({ request }: HandlerOptions) => {
    const read = (async () => {
      const response = await fetch(request);
      if (response.status === 401) await switchUser(null);
      else if (response.ok) {
        const userId = await userIdOf(response);
        if (userId && userId !== (await signedInUser())) await switchUser(userId);
      }
      return response;
    })();
    sessions.asked(read);
    return read;
  },
);

/** Signing in, registering, signing out, deleting the account: nobody's answers outlive the change. */
async function userChangingWrite({ request }: HandlerOptions): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) {
    sessions.userChanged();
    const path = new URL(request.url).pathname;
    const signedIn = path === '/api/auth/login' || path === '/api/auth/register' ? await userIdOf(response) : null;
    await switchUser(signedIn);
  }
  return response;
}
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(({ request, url }) => changesSignedInUser(request.method, url, self.location.origin), userChangingWrite, method);
}

/**
 * An offline read: the network first; a 200 is kept in the signed-in user's cache (stamped with the
 * time it was read), and when the network fails the kept answer is served (the page shows "Offline —
 * showing data from <time>" from the stamp). Nothing is kept while nobody is known to be signed in.
 */
registerRoute(
  ({ request, url }) => isOfflineRead(request.method, url, self.location.origin),
  async ({ request, event }: HandlerOptions) => {
    // Not known yet (nothing kept so far): a session read will tell, the one asked for before this read or the next.
    const started = sessions.readStarted();
    const known = await signedInUser();
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      // Nobody known means no user's answers are kept here (the caches' names say whose they are).
      const cached = known ? await caches.match(request, { cacheName: apiCacheName(known), ignoreVary: true }) : undefined;
      if (cached) return cached;
      throw error;
    }
    if (response.status === 401) {
      await switchUser(null);
    } else if (response.status === 200) {
      const copy = response.clone();
      const keep = (async () => {
        const user = known ?? (await started.userOnceKnown());
        if (!user) return;
        const headers = new Headers(copy.headers);
        headers.set(CACHED_AT_HEADER, new Date().toISOString());
        headers.delete('vary');
        const stored = new Response(await copy.arrayBuffer(), { status: 200, statusText: copy.statusText, headers });
        // The user may have changed while the answer travelled: keep it only if it is still theirs.
        if (currentUser.known() === user) await (await caches.open(apiCacheName(user))).put(request, stored);
      })();
      event.waitUntil(keep);
    }
    return response;
  },
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  if (event.data === CLEAR_API_CACHES_MESSAGE) event.waitUntil(switchUser(null));
});

// A first install takes the open pages at once (there is no older version to disturb); an update
// waits for SKIP_WAITING_MESSAGE, sent only when the user clicks "Reload".
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Push notifications: task reminders sent by the server (docs/decisions/150-push-reminders.md).
registerPushHandlers(self);
