import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { RootLayout, type RouteHandle, type TitleKey } from './root-layout';
import { RouteErrorPage } from './route-error-page';

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

/** The route's document title (common:titles), set by RootLayout. */
const titled = (title: TitleKey): { handle: RouteHandle } => ({ handle: { title } });

const admin = (element: ReactNode) => <RequireAdmin>{element}</RequireAdmin>;

/**
 * The dashboard's notification settings hold the push feature's "Push reminders on this device" (decision
 * 150), composed here since features never import each other. Push loads with its own chunk (the push
 * subscription code, the devices' read): it sits at the foot of the dashboard, so it is not part of the JS
 * before /dashboard (decision 097's budget).
 */
const PushSettings = lazy(async () => ({ default: (await import('../features/push/push-settings')).PushSettings }));

/** The pages inside the signed-in shell (docs/product.md §2's routes). */
const shellPages: RouteObject[] = [
  {
    path: '/dashboard',
    ...titled('dashboard'),
    ...page(async () => {
      const { HomePage } = await import('../features/home/home-page');
      return function Dashboard() {
        return <HomePage pushSettings={<PushSettings />} />;
      };
    }),
  },
  { path: '/home', element: <Navigate to="/dashboard" replace /> },
  {
    path: '/schedule',
    ...titled('schedule'),
    ...page(async () => {
      const schedule = await import('../features/schedule/schedule-page');
      // The calendar's grid views have code of their own (decision 263): in before the first render when it opens on one.
      await schedule.openingCodeLoaded(window.location, window.innerWidth);
      return schedule.SchedulePage;
    }),
  },
  { path: '/tasks', ...titled('tasks'), ...page(async () => (await import('../features/tasks/tasks-page')).TasksPage) },
  { path: '/groups/:id', ...titled('group'), ...page(async () => (await import('../features/groups/group-page')).GroupPage) },
  // An invite link: a signed-out visitor signs in or up (RequireAuth keeps the address) and comes back here.
  { path: '/join/:code', ...titled('joinGroup'), ...page(async () => (await import('../features/groups/join-page')).JoinPage) },
  { path: '/grades', ...titled('grades'), ...page(async () => (await import('../features/grades/grades-page')).GradesPage) },
  { path: '/progress', ...titled('progress'), ...page(async () => (await import('../features/progress/progress-page')).ProgressPage) },
  { path: '/study', ...titled('study'), ...page(async () => (await import('../features/study/study-page')).StudyPage) },
  { path: '/rewards', ...titled('rewards'), ...page(async () => (await import('../features/rewards/rewards-page')).RewardsPage) },
  { path: '/help', ...titled('help'), ...page(async () => (await import('../features/help/help-page')).HelpPage) },
  { path: '/help/:slug', ...titled('help'), ...page(async () => (await import('../features/help/help-page')).HelpPage) },
  { path: '/files', ...titled('files'), ...page(async () => (await import('../features/files/files-page')).FilesPage) },
  { path: '/premium', ...titled('premium'), ...page(async () => (await import('../features/premium/premium-page')).PremiumPage) },
  {
    path: '/premium/test-payment',
    ...titled('premium'),
    ...page(async () => (await import('../features/premium/test-payment-page')).TestPaymentPage),
  },
  {
    path: '/premium-files',
    ...titled('premiumFiles'),
    ...page(async () => (await import('../features/templates/templates-page')).TemplatesPage),
  },
  { path: '/admin', ...titled('admin'), ...page(async () => (await import('../features/admin/admin-page')).AdminPage, admin) },
  {
    path: '/premium-success',
    ...titled('premiumSuccess'),
    ...page(async () => (await import('../features/premium/premium-success-page')).PremiumSuccessPage),
  },
  { path: '/account', ...titled('account'), ...page(async () => (await import('../features/account/account-page')).AccountPage) },
  { path: '/feedback', ...titled('feedback'), ...page(async () => (await import('../features/feedback/feedback-page')).FeedbackPage) },
  {
    path: '/feedback/mine',
    ...titled('myFeedback'),
    ...page(async () => (await import('../features/feedback/my-feedback-page')).MyFeedbackPage),
  },
];

/** docs/product.md §2's routes, with the adjustments decided there. */
export const routes: RouteObject[] = [
  {
    path: '/',
    ...titled('landing'),
    ...page(
      async () => (await import('../features/landing/landing-page')).LandingPage,
      (element) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>,
    ),
  },
  {
    path: '/auth',
    ...titled('auth'),
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
    // A page whose code failed to load, or that threw, shows its error inside the shell (decision 238).
    children: [{ errorElement: <RouteErrorPage />, children: shellPages }],
  },
  {
    // The legal pages are public (linked from the landing page and the sign-up form): the shell for a
    // signed-in user, a plain header otherwise.
    lazy: async () => ({ Component: (await import('./layouts/public-or-shell')).PublicOrShellLayout }),
    children: [
      {
        path: '/privacy-policy',
        ...titled('privacy'),
        ...page(async () => (await import('../features/legal/legal-page')).PrivacyPolicyPage),
      },
      { path: '/terms-conditions', ...titled('terms'), ...page(async () => (await import('../features/legal/legal-page')).TermsPage) },
    ],
  },
  { path: '*', ...titled('notFound'), ...page(async () => (await import('./not-found-page')).NotFoundPage) },
];

export function createAppRouter() {
  // The pathless root sets each route's title. No fallback while the first route's code loads: the app
  // renders once it has (web/start.tsx), the document's spinner or frame showing until then.
  return createBrowserRouter([{ element: <RootLayout />, errorElement: <RouteErrorPage standalone />, children: routes }]);
}
