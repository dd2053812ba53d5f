/**
 * What the first page inside the signed-in shell needs before it can show (issue 15; docs/decisions
 * 102, 161, 165): the translation namespaces it suspends on and the GET paths its first render reads
 * (each a query whose key is its path, web/api/resource.ts). web/app/first-route.ts starts them with
 * the app's entry; the server names them in shell.html's preloads (server/plugins/static-web.ts), so
 * the browser asks for them while the app's code is still downloading instead of after it has run.
 * web/app/first-route.test.ts keeps the client's queries in step with these paths.
 */
export type FirstRouteNeeds = { namespaces: readonly string[]; requests: readonly string[] };

/** The shell's (every page inside it): its translations and the resources its header shows at once. */
export const SHELL_NEEDS: FirstRouteNeeds = {
  namespaces: ['common', 'shell', 'settings', 'notifications'],
  requests: ['/api/auth/me', '/api/points', '/api/premium/check'],
};

/**
 * A first page's own needs besides the shell's, by path (issue 41: every page of the shell opened
 * directly — a deep link, a notification, a reload): the namespace its first render suspends on and
 * the reads its first render makes, as a browser records them on opening the page (the shell's
 * notifications, release notes and live updates wait for the session, so they are not listed). A tab
 * other than the first one, or a dialog, reads more once opened; those are not first-render reads.
 */
export const PAGE_NEEDS: Readonly<Record<string, FirstRouteNeeds>> = {
  '/dashboard': {
    namespaces: ['home'],
    requests: ['/api/tasks', '/api/courses', '/api/terms', '/api/holidays', '/api/study-streak'],
  },
  // The calendar tab: its events (classes, terms, holidays, tasks, assessments), the attendance marks
  // of its classes, the study plan's blocks and the calendar feed's address under it.
  '/schedule': {
    namespaces: ['schedule'],
    requests: [
      '/api/courses',
      '/api/terms',
      '/api/holidays',
      '/api/tasks',
      '/api/assessments',
      '/api/attendance',
      '/api/study-plan',
      '/api/calendar/feed',
    ],
  },
  '/tasks': { namespaces: ['tasks'], requests: ['/api/tasks', '/api/courses'] },
  '/grades': {
    namespaces: ['grades'],
    requests: ['/api/assessments', '/api/grades', '/api/courses', '/api/grading-system', '/api/grading-system/custom-scale'],
  },
  '/progress': { namespaces: ['progress'], requests: ['/api/progress/summary'] },
  '/study': { namespaces: ['study'], requests: ['/api/courses', '/api/study-streak', '/api/study-plan'] },
  '/rewards': { namespaces: ['rewards'], requests: ['/api/rewards'] },
  '/files': { namespaces: ['files'], requests: ['/api/files', '/api/folders', '/api/storage'] },
  '/account': { namespaces: ['account'], requests: [] },
};

/** The shell's needs with those of the page at `pathname` (a page inside the shell), without repeats. */
export function firstRouteNeeds(pathname: string): FirstRouteNeeds {
  const page = Object.hasOwn(PAGE_NEEDS, pathname) ? PAGE_NEEDS[pathname] : undefined;
  return {
    namespaces: [...new Set([...SHELL_NEEDS.namespaces, ...(page?.namespaces ?? [])])],
    requests: [...new Set([...SHELL_NEEDS.requests, ...(page?.requests ?? [])])],
  };
}

/**
 * Where the server writes a first page's preloads into the build's shell.html: its translations in
 * the visitor's language and its API reads (scripts/build/first-route-chunks.ts, server/plugins/static-web.ts).
 */
export const FIRST_ROUTE_PRELOADS = '<!--studypilot:first-route-preloads-->';

/** The attribute that holds a preload's `rel` until the frame has painted (web/public/theme-boot.js reads it). */
export const HELD_PRELOAD_ATTRIBUTE = 'data-after-paint';

/**
 * A signed-in document's preload of one of the app's scripts (decisions 261 and 270), held until the frame has
 * painted: the link has no `rel` until web/public/theme-boot.js gives it the one in `data-after-paint`, so the browser fetches nothing for it while the document is parsed.
 * Lighthouse's simulation of the largest contentful paint (Lantern) counts every request that ended before the
 * observed paint, whatever its priority: on a fast host the page's 250 KB of code often had, and its simulated
 * paint then came 1–2 s after the first contentful paint, though the frame is both. On a slow network the frame
 * no longer shares it with the code, which is not run before the paint anyway (decision 169). At low priority
 * once asked for: the order the page needs them in — the document, then its reads (small, at high priority,
 * not held), then the code.
 */
export function modulePreloadLink(href: string, media?: string): string {
  return `<link ${HELD_PRELOAD_ATTRIBUTE}="modulepreload" crossorigin fetchpriority="low"${media ? ` media="${media}"` : ''} href="${href}">`;
}

/**
 * The preload of a chunk the entry imports statically (the bundler's runtime, Vite's preload helper: a few KB), not
 * held: the entry runs only once they are there.
 */
export function entryImportPreloadLink(href: string): string {
  return `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`;
}

/**
 * A stylesheet's preload, held as `modulePreloadLink`'s are. `crossorigin` as Vite's loader asks for the
 * stylesheet (its `<link rel="stylesheet">` gets `crossOrigin = ''`): a preload in another mode is not
 * used, and the stylesheet was fetched a second time, after the chunk that needs it.
 */
export function stylePreloadLink(href: string, media?: string): string {
  return `<link ${HELD_PRELOAD_ATTRIBUTE}="preload" as="style" crossorigin${media ? ` media="${media}"` : ''} href="${href}">`;
}

/**
 * Code a page loads only to show some of its views (issue 41: a page loads only what it shows): /schedule's
 * day, 3-day, week and month views are FullCalendar (web/features/schedule/calendar-grid.tsx), 85 KB of gzip
 * JavaScript its agenda does without. `views`: the `?view=` names of the views that need it, `otherViews`
 * those of the views that do not; `wideFrom`: the narrowest window, in px, whose first view (no `?view=`) needs it — a phone opens on the
 * agenda, a wider screen on the month (web/features/schedule/calendar-views.ts; its test keeps them in step).
 */
export const VIEW_CODE = {
  '/schedule': {
    module: 'features/schedule/calendar-grid.tsx',
    views: ['day', '3days', 'week', 'month'],
    otherViews: ['agenda'],
    wideFrom: 640,
  },
} as const satisfies Readonly<
  Record<string, { module: string; views: readonly string[]; otherViews: readonly string[]; wideFrom: number }>
>;

/** The key of a page's view code in the build's FIRST_ROUTE_SCRIPTS, beside the page's own. */
export function viewCodeKey(page: string): string {
  return `${page} views`;
}

/**
 * Whether the document of `page` opened with `?view=` `view` preloads the page's view code: 'all' when the
 * address names a view that needs it; 'wide' when it names none the page knows, which opens the window's
 * first view (the link then carries `wideFrom` as a media query, which the browser checks: a phone does
 * not download it); 'none' when it names a view that does not need it, or the page has no view code.
 */
export type ViewCodePreload = 'all' | 'wide' | 'none';
export function viewCodePreload(page: string, view: string | null): ViewCodePreload {
  const code: { views: readonly string[]; otherViews: readonly string[] } | undefined = Object.hasOwn(VIEW_CODE, page)
    ? VIEW_CODE[page as keyof typeof VIEW_CODE]
    : undefined;
  if (!code) return 'none';
  if (view !== null && code.views.includes(view)) return 'all';
  return view !== null && code.otherViews.includes(view) ? 'none' : 'wide';
}

/** The media query of a 'wide' preload of `page`'s view code. */
export function viewCodeMedia(page: keyof typeof VIEW_CODE): string {
  return `(min-width: ${VIEW_CODE[page].wideFrom}px)`;
}
/**
 * The build's file naming each signed-in page's own scripts: its lazy route chunk and the chunks it
 * imports statically that shell.html does not preload already (`{ "/tasks": ["/assets/tasks-page-….js", …] }`).
 * The server preloads them with the page's reads, so the page's code downloads beside the app's instead
 * of once the router has run (issue 41, decision 223).
 */
export const FIRST_ROUTE_SCRIPTS = 'first-route-scripts.json';
/** The build's file naming each language's locale file of the namespaces above: `{ "en": { "home": "/assets/home-….js" } }`. */
export const FIRST_ROUTE_LOCALES = 'first-route-locales.json';

/**
 * The build's prerendered shell frames (web/app/layouts/prerender-shell-frame.tsx): `{ "en": { "": html,
 * "/dashboard": html, … } }`, by language and by the page whose navigation item is active ('' for
 * none). The server writes a page's frame into shell.html between the marks around index.html's
 * spinner (docs/decisions/169-prerendered-shell-frame.md).
 */
export const SHELL_FRAMES = 'shell-frames.json';
export const APP_LOADING_START = '<!--app-loading-->';
export const APP_LOADING_END = '<!--/app-loading-->';
