import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './i18n';

/**
 * Every translation of every language, bundled: for the build's server-side renders only (the
 * prerendered landing pages and the shell's frame), which have no loading state to render. The web
 * app itself loads each namespace on demand (web/lib/i18n.ts).
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function bundledTranslations(): Record<string, Record<string, Record<string, unknown>>> {
  const all: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, content] of Object.entries(localeFiles)) {
    const match = /locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    (all[match[1]] ??= {})[match[2]] = content;
  }
  return all;
}

/** An i18next instance for a server-side render in `language`: every translation in, nothing suspends. */
export async function prerenderI18n(language: Language, namespaces: readonly string[]): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: bundledTranslations(),
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
