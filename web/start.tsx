/** The app's start: web/main.tsx imports it once the document has painted (decision 169). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { firstRoute } from './app/first-route';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { leftFirstPage } from './lib/first-page';
import { FIRST_RENDER_WARM_UPS } from './lib/first-render-warm-up';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyTheme, readTheme } from './lib/theme';

/**
 * Runs `work` in a task of its own. The app's start is a series of such tasks rather than one: each
 * part takes tens of milliseconds on a slow phone, and one long task holds the page's input for their
 * sum (docs/decisions/161-dashboard-first-load.md, 171).
 */
function inNextTask<T>(work: () => T): Promise<T> {
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      }
    }, 0),
  );
}

/** Resolves once the router has loaded the first route's code (its lazy routes) and data. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Called by web/main.tsx once this chunk is evaluated, not from its top level: anything that records a
 * stack (a timer does, with DevTools attached) while the chunk's top level is on it makes V8 re-parse the
 * whole chunk for source positions (decision 253).
 */
export async function start({ localeDataLoaded = Promise.resolve() }: { localeDataLoaded?: Promise<void> } = {}): Promise<void> {
  applyTheme(readTheme());
  const queryClient = createQueryClient();
  // The first page's translations, session and data start now, together (docs/decisions/102-first-route-data.md).
  const first = await inNextTask(() => firstRoute(window.location.pathname));
  const translationsReady = inNextTask(() => initI18n(first.namespaces)).catch(() => undefined);
  // The requests go before the router: their answers take longest, and the page's code is already on its
  // way (shell.html preloads it; otherwise the service worker has it).
  for (const startRequest of first.requests) void inNextTask(() => startRequest(queryClient));
  const router = await inNextTask(createAppRouter);
  const firstLocation = router.state.location.key;
  const stopWatching = router.subscribe((state) => {
    if (state.location.key === firstLocation) return;
    leftFirstPage();
    stopWatching();
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = await inNextTask(() => createRoot(container));
  // While the answers are out, the one-off costs the first render would otherwise pay in its slices, once
  // the worker web/main.tsx started has loaded the locale data (decision 255).
  const warmedUp = localeDataLoaded
    .then(() => Promise.all(FIRST_RENDER_WARM_UPS.map((warmUp) => inNextTask(warmUp))))
    .catch(() => undefined);
  // The first render waits for the first route's code and translations, which it would otherwise wait
  // for behind a spinner or a blank fallback: until then the document's own content stays on screen —
  // the spinner, or a signed-in page's prerendered frame, which this render then replaces with the
  // same markup (docs/decisions/169-prerendered-shell-frame.md).
  await Promise.all([translationsReady, routerReady(router), warmedUp]);
  // A transition, as the router's own updates are: React renders the whole first tree in slices that
  // yield to the browser every few milliseconds instead of in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}
