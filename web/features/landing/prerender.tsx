import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { prerenderI18n } from '../../lib/bundled-translations';
import type { Language } from '../../lib/i18n';
import { LANDING_NAMESPACES, LandingContent, landingFacts } from './landing-page';

export type PrerenderedLanding = {
  html: string;
  title: string;
  description: string;
  ogTitle: string;
};

/**
 * The build's server-side entry for the landing page (scripts/build/prerender.ts loads it
 * through Vite): the page's HTML and the texts its `<head>` needs, in one language, with every
 * translation bundled (no loading state to prerender).
 */
export async function prerenderLanding(language: Language, now: Date): Promise<PrerenderedLanding> {
  const i18n = await prerenderI18n(language, ['common', ...LANDING_NAMESPACES]);
  // Every date, time and price on the page is formatted with `language` passed explicitly.
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <LandingContent language={language} now={now} />
    </I18nextProvider>,
  );
  return {
    html,
    title: i18n.t('common:titles.landing'),
    description: i18n.t('landing:meta.description', landingFacts(language)),
    ogTitle: i18n.t('landing:meta.ogTitle'),
  };
}
