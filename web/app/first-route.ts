import type { QueryClient, UseQueryOptions } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { premiumCheckQuery } from '../api/premium';
import { pointsQuery } from '../api/rewards';
import { sessionQuery } from '../api/session';
import { firstRouteNeeds } from '../../common/domain/first-route-needs';
import { DASHBOARD_QUERIES } from '../features/home/dashboard-queries';
import { mayBeSignedIn } from './guards';
import { routes } from './router';

type Prefetch = (queryClient: QueryClient) => Promise<void>;
const prefetch =
  <T>(query: UseQueryOptions<T, Error, T, readonly [string]>): Prefetch =>
  (queryClient) =>
    queryClient.prefetchQuery(query);

// The session's key is its literal path, which `prefetch` (keys of any string) does not take.
const SESSION_QUERY: Prefetch = (queryClient) => queryClient.prefetchQuery(sessionQuery);

/**
 * The queries of common/domain/first-route-needs.ts's requests (its namespaces are read from there):
 * the resources the shell's header shows at once, and a first page's own (only the dashboard so far).
 * first-route.test.ts checks that they ask for exactly the paths listed there, which shell.html preloads.
 */
const SHELL_QUERIES = [prefetch(pointsQuery), prefetch(premiumCheckQuery)];
const PAGE_QUERIES: Readonly<Record<string, readonly Prefetch[]>> = {
  '/dashboard': Object.values(DASHBOARD_QUERIES).map((query) =>
    prefetch(query as UseQueryOptions<unknown, Error, unknown, readonly [string]>),
  ),
};

// The signed-in shell's route: the one whose pages include /dashboard (web/app/router.tsx).
const shellRoute = routes.find((route) => route.children?.some((child) => child.path === '/dashboard'));

/** Whether `pathname` is a page inside the signed-in shell (RequireAuth). */
export function isShellPath(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.some((match) => match.route === shellRoute) ?? false;
}

/**
 * The server's mark in this document (server/plugins/static-web.ts, shell.html): it was asked for
 * with a session cookie, on a page of the shell. A browser that signed in before the stored user
 * existed, or whose storage was cleared without its cookies, holds a session without the stored user
 * (docs/decisions/161-dashboard-first-load.md).
 */
function sessionCookieSent(): boolean {
  return document.querySelector('meta[name="studypilot-session"]') !== null;
}

/**
 * The first page's needs, started with the app's entry instead of one after the other: otherwise the
 * session waits for the shell's code and translations, the shell's translations for the session, and
 * the page's data and translations for both — each a round trip after the last
 * (docs/decisions/102-first-route-data.md). Only for a browser that may hold a session (the stored
 * user, or the server's mark that the page came with a session cookie; decision 075: no 401 asked for
 * on a public page); a signed-out visitor on a shell page is asked by RequireAuth as
 * before. `namespaces` go to initI18n; `requests` start one request each (web/start.tsx runs each in a
 * task of its own: together they were a 40–70 ms task at 4× CPU, decision 171), the session first.
 */
export function firstRoute(pathname: string): { namespaces: string[]; requests: readonly Prefetch[] } {
  const signedIn = mayBeSignedIn() || sessionCookieSent();
  const inShell = signedIn && isShellPath(pathname);
  const pageQueries = inShell && Object.hasOwn(PAGE_QUERIES, pathname) ? (PAGE_QUERIES[pathname] ?? []) : [];
  return {
    namespaces: inShell ? [...firstRouteNeeds(pathname).namespaces] : [],
    requests: !signedIn ? [] : [SESSION_QUERY, ...(inShell ? [...SHELL_QUERIES, ...pageQueries] : [])],
  };
}
