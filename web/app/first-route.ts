import type { QueryClient, UseQueryOptions } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { premiumCheckQuery } from '../api/premium';
import { pointsQuery } from '../api/rewards';
import { sessionQuery } from '../api/session';
import { resourceQuery } from '../api/resource';
import { tasksQuery } from '../api/tasks';
import { firstRouteNeeds, PAGE_NEEDS } from '../../common/domain/first-route-needs';
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
 * the resources the shell's header shows at once, and a first page's own (issue 41: every page of the
 * shell). A page's read is the plain resource of its path (web/api/resource.ts: key and request are the
 * path) unless listed in OWN_QUERIES, whose query does more than fetch (the task list merges the
 * offline queue's pending writes); the pages' API modules are not imported here, so that their code
 * (uploads, mutations) stays out of `app`, which every page downloads. first-route.test.ts checks that
 * they ask for exactly the paths listed there, which shell.html preloads, and that each one stores what
 * the page's own query would.
 */
const SHELL_QUERIES = [prefetch(pointsQuery), prefetch(premiumCheckQuery)];
const OWN_QUERIES: Readonly<Record<string, Prefetch>> = { '/api/tasks': prefetch(tasksQuery) };
const pageRead = (path: string): Prefetch =>
  (Object.hasOwn(OWN_QUERIES, path) ? OWN_QUERIES[path] : undefined) ?? prefetch(resourceQuery(path));
const PAGE_QUERIES: Readonly<Record<string, readonly Prefetch[]>> = Object.fromEntries(
  Object.entries(PAGE_NEEDS).map(([page, needs]) => [page, needs.requests.map(pageRead)]),
);

// The signed-in shell's route: the one whose pages include /dashboard (web/app/router.tsx), under the
// pathless route that holds their error page.
const holdsPath = (route: RouteObject, path: string): boolean =>
  route.path === path || (route.children?.some((child) => holdsPath(child, path)) ?? false);
const shellRoute = routes.find((route) => holdsPath(route, '/dashboard'));

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
