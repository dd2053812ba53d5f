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
