import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoading, RedirectIfSignedIn, RequireAdmin, RequireAuth, RequirePremium } from './guards';
import type { SectionId } from './section-placeholder';

/** Loads a page module on demand (every route is its own chunk) and wraps it in its guards. */
function page(
  load: () => Promise<ComponentType>,
  wrap: (element: ReactNode) => ReactNode = (element) => element,
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Component = await load();
      return { element: wrap(<Component />) };
    },
  };
}

const admin = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;
const premium = (element: ReactNode) => <RequirePremium>{element}</RequirePremium>;

/** A section owned by a later issue: its placeholder until the feature lands, inside its guards. */
const placeholder = (section: SectionId, wrap?: (element: ReactNode) => ReactNode) =>
  page(async () => {
    const { SectionPlaceholder } = await import('./section-placeholder');
    return function Placeholder() {
      return <SectionPlaceholder section={section} />;
    };
  }, wrap);

/** SPEC.md §2's routes with DECISIONS.md's adjustments. */
export const routes: RouteObject[] = [
  {
    path: '/',
    ...page(
      async () => (await import('../features/landing/landing-page')).LandingPage,
      (element) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>,
    ),
  },
  {
    path: '/auth',
    ...page(
      async () => (await import('../features/auth/auth-page')).AuthPage,
      (element) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>,
    ),
  },
  {
    lazy: async () => {
      const { AppShell } = await import('./layouts/app-shell');
      return {
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
      };
    },
    children: [
      { path: '/dashboard', ...page(async () => (await import('../features/home/home-page')).HomePage) },
      { path: '/home', element: <Navigate to="/dashboard" replace /> },
      { path: '/schedule', ...page(async () => (await import('../features/schedule/schedule-page')).SchedulePage) },
      { path: '/tasks', ...page(async () => (await import('../features/tasks/tasks-page')).TasksPage) },
      { path: '/grades', ...page(async () => (await import('../features/grades/grades-page')).GradesPage) },
      { path: '/progress', ...placeholder('progress') },
      { path: '/study', ...page(async () => (await import('../features/study/study-page')).StudyPage) },
      { path: '/rewards', ...page(async () => (await import('../features/rewards/rewards-page')).RewardsPage) },
      { path: '/help', ...placeholder('help') },
      { path: '/files', ...placeholder('files', premium) },
      { path: '/premium', ...placeholder('premium') },
      { path: '/premium-files', ...placeholder('premiumFiles') },
      { path: '/premium-success', ...placeholder('premiumSuccess') },
      { path: '/admin', ...placeholder('admin', admin) },
      { path: '/account', ...page(async () => (await import('../features/account/account-page')).AccountPage) },
      { path: '/feedback', ...placeholder('feedback') },
      { path: '/feedback/mine', ...placeholder('myFeedback') },
      { path: '/privacy-policy', ...placeholder('privacy') },
      { path: '/terms-conditions', ...placeholder('terms') },
    ],
  },
  { path: '*', ...page(async () => (await import('./not-found-page')).NotFoundPage) },
];

export function createAppRouter() {
  // The pathless root shows a spinner while the first route's code loads.
  return createBrowserRouter([{ HydrateFallback: FullPageLoading, children: routes }]);
}
