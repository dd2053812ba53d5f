/** The app's start: web/main.tsx imports it once the document has painted (decision 169). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { firstRoute } from './app/first-route';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyTheme, readTheme } from './lib/theme';

applyTheme(readTheme());
const queryClient = createQueryClient();
// The first page's translations, session and data start now, together (docs/decisions/102-first-route-data.md).
const first = firstRoute(window.location.pathname);
const translationsReady = initI18n(first.namespaces).catch(() => undefined);

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

// Three tasks instead of one (docs/decisions/161-dashboard-first-load.md): evaluating the app's code,
// starting the requests and creating the router each take tens of milliseconds on a slow phone, and
// one long task holds the page's input for their sum. The requests go before the router: their answers
// take longest, and the page's code is already on its way (shell.html preloads it; otherwise the
// service worker has it).
setTimeout(() => first.startRequests(queryClient), 0);
setTimeout(() => {
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The first render waits for the first route's code and translations, which it would otherwise wait
  // for behind a spinner or a blank fallback: until then the document's own content stays on screen —
  // the spinner, or a signed-in page's prerendered frame, which this render then replaces with the
  // same markup (docs/decisions/169-prerendered-shell-frame.md).
  // A transition, as the router's own updates are: React renders the whole first tree in slices that
  // yield to the browser every few milliseconds instead of in one long task.
  const root = createRoot(container);
  void Promise.all([translationsReady, routerReady(router)]).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      ),
    ),
  );
}, 0);
