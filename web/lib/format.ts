import { currentLanguage } from './i18n';

/** Intl locale per language; 12-hour clocks only for English (SPEC.md §1). */
const LOCALES = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', zh: 'zh-CN', ja: 'ja-JP' } as const;

export function intlLocale(): string {
  return LOCALES[currentLanguage()];
}

/**
 * Intl formatters are costly to build (a list of a few hundred dates would spend most of its render
 * time constructing them): one per locale and options, reused.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

export function formatDate(value: string | Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(intlLocale(), options).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatTime(value: string | Date): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    hour12: currentLanguage() === 'en',
  }).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}

/**
 * A calendar date ('YYYY-MM-DD') as the user's language writes it. Formatted in UTC on purpose: the
 * date has no time zone, and formatting its UTC midnight in a zone west of Greenwich would show the
 * day before.
 */
export function formatCalendarDate(date: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return dateTimeFormat({ ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00.000Z`));
}
