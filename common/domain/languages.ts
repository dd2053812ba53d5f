/**
 * The six languages StudyPilot speaks, and everything that follows from a language alone: its own
 * name, its Intl locale, its clock (12-hour in English only) and the first column of its month
 * calendar. The one list (decision 193): the web's i18n and formatting, the service worker's push
 * notifications, the server's templates, push devices, sample data and landing pages, and the
 * grading system a new user starts with all read it from here.
 *
 * Two copies stay where nothing can import: web/public/theme-boot.js (a plain script before the app)
 * and the push_subscriptions language CHECK of migration 0019; languages.test.ts keeps both equal to
 * this list, and no other file may write the list again (languages-single-source.test.ts).
 */

/** In the order the language picker and the landing pages list them; English is the default. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of anything that names none, or names one we do not speak (docs/product.md §1). */
export const DEFAULT_LANGUAGE: Language = 'en';

type LanguageFacts = {
  /** The language's name in itself, shown in the language picker in every language. */
  readonly name: string;
  /** The Intl locale its dates, times and numbers are written in. */
  readonly intlLocale: string;
  /**
   * 0 = Sunday, 1 = Monday: the first column of a month calendar (docs/product.md §9: "the calendar's first
   * day follows the language"). Weekly schedules and challenge weeks do NOT use this: they always start
   * on Sunday (`startOfWeek` in local-time.ts).
   */
  readonly calendarFirstDay: 0 | 1;
};

const FACTS: Readonly<Record<Language, LanguageFacts>> = Object.freeze({
  en: { name: 'English', intlLocale: 'en-US', calendarFirstDay: 0 },
  es: { name: 'Español', intlLocale: 'es-ES', calendarFirstDay: 1 },
  fr: { name: 'Français', intlLocale: 'fr-FR', calendarFirstDay: 1 },
  de: { name: 'Deutsch', intlLocale: 'de-DE', calendarFirstDay: 1 },
  zh: { name: '中文', intlLocale: 'zh-CN', calendarFirstDay: 1 },
  ja: { name: '日本語', intlLocale: 'ja-JP', calendarFirstDay: 0 },
});

/** Each language's own name ("Deutsch", "日本語"). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = Object.freeze(
  Object.fromEntries(LANGUAGES.map((language) => [language, FACTS[language].name])) as Record<Language, string>,
);

/** True for one of the six codes exactly (`de`, not `de-AT` or `DE`). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The Intl locale of a language: `de` → `de-DE`. */
export function intlLocaleOf(language: Language): string {
  return FACTS[language].intlLocale;
}

/** True when the language writes times on a 12-hour clock (English only, docs/product.md §1). */
export function uses12HourClock(language: Language): boolean {
  return language === 'en';
}

/** The Intl options that write a time of day (hour and minutes) on the language's clock. */
export function clockOptions(language: Language): { hour: 'numeric'; minute: '2-digit'; hour12: boolean } {
  return { hour: 'numeric', minute: '2-digit', hour12: uses12HourClock(language) };
}

/** 0 = Sunday or 1 = Monday: the first column of a month calendar in `language`. */
export function calendarFirstDay(language: Language): 0 | 1 {
  return FACTS[language].calendarFirstDay;
}

/**
 * The language of a BCP 47 tag by its primary subtag (`de`, `de-AT`, `zh_CN`, ` JA `), or null when it
 * is none of the six.
 */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(primary) ? primary : null;
}

/** A language tag is at most this long (bounded; only its first part is read). */
export const LANGUAGE_TAG_MAX = 35;

/**
 * The first of the six languages an Accept-Language header names (`ko-KR, zh;q=0.8` → zh), else
 * English: the browser's language, the app's choice when nothing is stored (docs/product.md §1). Tags are read
 * in the header's order (q-values are not weighed); a tag's primary subtag names its language (languageOfTag).
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const found = languageOfTag(part.split(';')[0]);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The first tag of an Accept-Language header, whatever its language (`de-DE,de;q=0.9,en;q=0.8` →
 * `de-DE`), or null when there is none, it is `*`, or it is longer than a tag may be. Its region
 * matters where the language alone does not decide (the templates' paper size).
 */
export function firstAcceptedLanguage(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.split(';')[0]?.trim() ?? '';
  return first === '' || first === '*' || first.length > LANGUAGE_TAG_MAX ? null : first;
}
