import { useSyncExternalStore } from 'react';
import { CLEAR_API_CACHES_MESSAGE, SKIP_WAITING_MESSAGE } from '../service-worker/api-cache';
import { whenIdle } from './idle';

/**
 * The page's side of the service worker (docs/decisions/147): registered after the app has loaded
 * (never by the prerendered landing page, which has no app script), and a new version is only ever
 * taken on the user's click — `applyUpdate` — so nothing reloads under a half-filled form or a
 * running focus session. Other tabs of the old version keep running until they are reloaded.
 */

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateReady = false;
let applying = false;
let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function supported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

let registered = false;

/**
 * Registers /sw.js once the page has loaded and is idle (off the critical path). No-op where
 * unsupported, and after the first call. Called by web/app/root-layout.tsx once the first page has
 * rendered: the worker's install downloads the whole app (decision 147), which on a slow phone and
 * connection competed with the first page's own code and data when it started at the load event
 * (decision 165).
 */
export function registerServiceWorker(): void {
  if (!supported() || registered) return;
  registered = true;
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('waiting', (event) => {
      waitingWorker = event.sw ?? null;
      updateReady = true;
      emit();
    });
    // The new version took over because this tab asked for it: load the page again under it. (Not
    // workbox's 'controlling' event: it stays silent for a version found after the page loaded.)
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (applying) window.location.reload();
    });
    const registration = await workbox.register();
    // A tab left open for days still hears of a new version: checked when it comes back into view,
    // at most once an hour (the browser itself checks on navigations, which a single-page app rarely makes).
    let checkedAt = Date.now();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || Date.now() - checkedAt < UPDATE_CHECK_MS) return;
      checkedAt = Date.now();
      void registration?.update().catch(() => undefined);
    });
  };
  const start = () => whenIdle(() => void register().catch(() => undefined));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The user clicked "Reload": the waiting version takes over, then this page reloads. */
export function applyUpdate(): void {
  if (!waitingWorker) return;
  applying = true;
  waitingWorker.postMessage(SKIP_WAITING_MESSAGE);
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateReady,
    () => false,
  );
}

/** Sign-out: the worker forgets every user's kept API answers (it also does on the sign-out answer itself). */
export function clearOfflineApiCaches(): void {
  if (!supported()) return;
  navigator.serviceWorker.controller?.postMessage(CLEAR_API_CACHES_MESSAGE);
}
