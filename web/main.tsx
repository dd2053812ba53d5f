import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import { applyTheme, readTheme } from './lib/theme';
import './styles.css';

applyTheme(readTheme());
void initI18n();
// After the page has loaded: the installable, offline app (docs/decisions/147). The prerendered landing
// pages never run this file.
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
