import type { LanguageDetectorModule } from 'i18next';
import { languageOfTag, type Language } from '../../common/domain/languages';
import { safeStorage, STORAGE_KEYS } from './storage-keys';

/**
 * The languages to try, best first (docs/product.md §1): the one stored on this device, then the
 * browser's, each read by its primary subtag (languageOfTag); tags of languages we do not ship are
 * left out, and i18next falls back to English when none is left.
 */
export function languageCandidates(stored: string | null, browser: readonly string[]): Language[] {
  const candidates: Language[] = [];
  for (const tag of [stored, ...browser]) {
    const language = languageOfTag(tag);
    if (language && !candidates.includes(language)) candidates.push(language);
  }
  return candidates;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * i18next's language detector, in place of i18next-browser-languagedetector: the two lookups we use,
 * nothing read at module load. That package reads `document.cookie` as it loads (to learn whether
 * cookies work), and with DevTools attached, as Lighthouse is, that read records where in the script it
 * happened: V8 re-parsed the whole 500 KB app chunk for it, 75 ms at 4× CPU in the first long task.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => languageCandidates(safeStorage.get(STORAGE_KEYS.language), browserLanguages()),
  cacheUserLanguage: (language) => {
    // i18next's key-showing mode is never a choice to keep.
    if (language !== 'cimode') safeStorage.set(STORAGE_KEYS.language, language);
  },
};
