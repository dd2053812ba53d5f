import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { firstRoute } from './app/first-route';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyTheme, readTheme } from './lib/theme';
import './styles.css';

applyTheme(readTheme());
const queryClient = createQueryClient();
// The first page's translations, session and data start now, together (docs/decisions/102-first-route-data.md).
const first = firstRoute(window.location.pathname);
void initI18n(first.namespaces);

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
  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}, 0);
