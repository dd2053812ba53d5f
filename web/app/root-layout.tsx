import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { setRouteTitle } from '../lib/document-title';

/** The keys of `common:titles`; a route names its own in `handle: { title }` (router.tsx). */
export type TitleKey =
  | 'landing'
  | 'auth'
  | 'dashboard'
  | 'schedule'
  | 'tasks'
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

/** Around every route: gives the tab the route's translated title ("Tasks – StudyPilot"), in one place. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const key = useTitleKey();
  const title = key === undefined || key === 'landing' ? t('titles.landing') : t('titles.page', { page: t(`titles.${key}`) });
  useEffect(() => {
    setRouteTitle(title);
  }, [title]);
  return <Outlet />;
}
