/**
 * The code of the pages behind the main navigation, fetched when the user shows they are going there
 * (pointer over, focus or touch on the link) so that the click finds it loaded
 * (docs/decisions/097-app-shell-budget.md). The imports are the router's own (web/app/router.tsx): the
 * bundler gives both the same chunk, and the browser fetches it once.
 */
const PAGE_LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  '/dashboard': () => import('../features/home/home-page'),
  '/schedule': () => import('../features/schedule/schedule-page'),
  '/tasks': () => import('../features/tasks/tasks-page'),
  '/grades': () => import('../features/grades/grades-page'),
  '/study': () => import('../features/study/study-page'),
  '/rewards': () => import('../features/rewards/rewards-page'),
};

const started = new Set<string>();

/** Starts loading the page at `path` once; a failed load (offline) may be started again later. */
export function preloadRoute(path: string): void {
  const load = PAGE_LOADERS[path];
  if (!load || started.has(path)) return;
  started.add(path);
  load().catch(() => started.delete(path));
}

/** Props for a link to `path`: preload on pointer, focus or touch. */
export function preloadHandlers(path: string) {
  const preload = () => preloadRoute(path);
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
