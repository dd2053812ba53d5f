import { landingPath } from '../../common/domain/landing-pages';
import { LANGUAGES } from '../../common/domain/languages';

/**
 * Navigations the service worker leaves to the network: the prerendered landing pages (`/`, `/es/` …,
 * decision 095; they stay the lean static files the server sends) and anything under /api.
 */
export const LANDING_NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api\//,
  ...LANGUAGES.map((language) => {
    const path = landingPath(language);
    return path === '/' ? /^\/$/ : new RegExp(`^${path.slice(0, -1)}/?$`);
  }),
];

/**
 * How long a navigation waits for the server's page before the precached index.html is shown instead
 * (decision 220): long enough for the small signed-in document on a slow mobile connection, short
 * enough that a connection that answers nothing (a train's "lie-fi") does not keep a blank tab.
 */
export const NAVIGATION_TIMEOUT_MS = 3000;

/**
 * A page of the app opened under the service worker (decision 220): the server's document first —
 * for a signed-in page that is shell.html with the page's frame, preloads and the chosen language
 * (decisions 165, 169, 219), which the precached index.html has none of — and the precached index.html
 * (`fallback`) when the network fails, answers 5xx, or has not answered within `timeoutMs`. The
 * server's document is never kept: it is the user's and the release's, and the precache is the offline
 * copy.
 */
export async function networkFirstNavigation(
  fromNetwork: () => Promise<Response>,
  fallback: () => Promise<Response>,
  timeoutMs = NAVIGATION_TIMEOUT_MS,
): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const network = fromNetwork().then(
    (response) => (response.status >= 500 ? null : response),
    () => null,
  );
  try {
    return (await Promise.race([network, timedOut])) ?? (await fallback());
  } finally {
    clearTimeout(timer);
  }
}
