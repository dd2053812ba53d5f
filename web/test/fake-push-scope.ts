import { registerPushHandlers, type PushServiceWorkerScope } from '../service-worker/push';

/** A window of the app as the service worker's `clients.matchAll` lists it. */
export type FakeWindow = { url: string; focused: boolean; visibilityState?: DocumentVisibilityState };

export const FAKE_ORIGIN = 'https://app.example';

/**
 * The service worker's push handlers (web/service-worker/push.ts) registered on a stand-in scope at
 * `FAKE_ORIGIN` with `windows` open: `dispatch` an event and wait for its `waitUntil` work, `push` a
 * message; what was shown, opened, focused and navigated to is recorded.
 */
export function fakePushScope(windows: FakeWindow[]) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const navigated: string[] = [];
  type FakeClient = FakeWindow & { focus: () => Promise<FakeClient>; navigate: (url: string) => Promise<null> };
  const clients: FakeClient[] = windows.map((window) => {
    const fake: FakeClient = {
      ...window,
      focus: async () => {
        focused.push(window.url);
        return fake;
      },
      navigate: async (url: string) => {
        navigated.push(url);
        return null;
      },
    };
    return fake;
  });
  const scope: PushServiceWorkerScope = {
    location: { origin: FAKE_ORIGIN },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => void opened.push(url),
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener as (event: unknown) => void;
    },
  };
  registerPushHandlers(scope);
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  const push = (message: unknown) => dispatch('push', { data: { json: () => message } });
  return { dispatch, push, shown, opened, focused, navigated };
}
