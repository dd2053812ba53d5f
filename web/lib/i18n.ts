import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageOfTag, type Language } from '../../common/domain/languages';
import { languageDetector } from './language-detector';

// The six languages are common/domain/languages.ts's; the web's modules read them through here with
// the active language.
export { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../common/domain/languages';

export const NAMESPACES = [
  'common',
  'auth',
  'shell',
  'settings',
  'account',
  'landing',
  'pages',
  'rewards',
  'study',
  'schedule',
  'tasks',
  'grades',
  'home',
  'progress',
  'feedback',
  'notifications',
  'legal',
  'releases',
  'help',
  'admin',
  'premium',
  'push',
  'templates',
  'files',
  'offline',
  'feeds',
  'groups',
] as const;

// Every locale file becomes its own chunk: a visitor downloads only their language's namespaces.
const localeLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** docs/product.md §9: translation loads retry up to 5 times, waiting 350 ms, then doubling. */
const MAX_RETRIES = 5;
const FIRST_RETRY_MS = 350;

async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const loader = localeLoaders[`../locales/${language}/${namespace}.json`];
  if (!loader) throw new Error(`No translations for ${language}/${namespace}`);
  let delay = FIRST_RETRY_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await loader()).default;
    } catch (error) {
      if (attempt >= MAX_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language: string, namespace: string, callback: ReadCallback) => {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

/**
 * Detection (language-detector.ts, docs/product.md §1): stored → browser → English. `<html lang>` follows the language.
 * `namespaces`: loaded at once besides common and shell (the first page's, web/app/first-route.ts).
 */
export function initI18n(namespaces: readonly string[] = []): Promise<unknown> {
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18next
    .use(lazyBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...new Set(['common', 'shell', ...namespaces])],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** The active language, narrowed to the six we ship (English when unknown). */
export function currentLanguage(): Language {
  return languageOfTag(i18next.resolvedLanguage ?? i18next.language) ?? DEFAULT_LANGUAGE;
}

/**
 * The language the user chose for their account wins over this browser's (decision 219): applied when
 * the session answers or a sign-in does (a document with the frame has applied it before the first
 * paint, web/public/theme-boot.js). Nothing to do when none was chosen or it is the app's already.
 */
export function adoptAccountLanguage(language: string | null | undefined): void {
  if (!isLanguage(language) || language === currentLanguage()) return;
  void i18next.changeLanguage(language);
}

export { i18next };
