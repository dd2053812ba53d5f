import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { setRouteTitle } from '../lib/document-title';
import { registerServiceWorker } from '../lib/service-worker';

/** The keys of `common:titles`; a route names its own in `handle: { title }` (router.tsx). */
export type TitleKey =
  | 'landing'
  | 'auth'
  | 'dashboard'
  | 'schedule'
  | 'tasks'
  | 'group'
  | 'joinGroup'
  | 'grades'
  | 'progress'
  | 'study'
  | 'rewards'
  | 'help'
  | 'files'
  | 'premium'
  | 'premiumFiles'
  | 'premiumSuccess'
  | 'admin'
  | 'account'
  | 'feedback'
  | 'myFeedback'
  | 'privacy'
  | 'terms'
  | 'notFound';

export type RouteHandle = { title?: TitleKey };

/** The deepest matched route's title key. */
function useTitleKey(): TitleKey | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const title = (matches[index]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/**
 * Around every route: gives the tab the route's translated title ("Tasks – StudyPilot"), in one place,
 * and announces it to screen readers after each client-side navigation (a single-page app changes
 * page without the browser's own "page loaded" announcement). Not on the first load: the browser
 * reads the new page's title itself then.
 */
export function RootLayout() {
  const { t } = useTranslation('common');
  const key = useTitleKey();
  const title = key === undefined || key === 'landing' ? t('titles.landing') : t('titles.page', { page: t(`titles.${key}`) });
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPath = useRef(pathname);
  useEffect(() => {
    setRouteTitle(title);
  }, [title]);
  // The installable, offline app (docs/decisions/147), once the first page has rendered (this layout
  // mounts with it, after the first route's code) and the browser is idle (decision 165). The
  // prerendered landing pages never run the app.
  useEffect(() => registerServiceWorker(), []);
  useEffect(() => {
    if (pathname === firstPath.current && announcement === '') return;
    firstPath.current = '';
    setAnnouncement(title);
    // Only on navigation: a language change re-titles the page without announcing it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return (
    <>
      <Outlet />
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
        {announcement}
      </p>
    </>
  );
}
