import { calendarFirstDay, clockOptions, intlLocaleOf, type Language } from '../../../common/domain/languages';
import { de } from './strings/de';
import { en, type TemplateStrings } from './strings/en';
import { es } from './strings/es';
import { fr } from './strings/fr';
import { ja } from './strings/ja';
import { zh } from './strings/zh';

/**
 * The words and the date, time and number writing of server-generated documents, per language: the
 * locale, clock (12-hour in English only) and month calendar's first day of common/domain/languages.ts,
 * as the web's lib/format.ts writes them; weekly schedules always start on Sunday.
 */
export const TEMPLATE_STRINGS: Record<Language, TemplateStrings> = { en, es, fr, de, zh, ja };

/** `{name}` placeholders filled from `values`; an unknown placeholder stays as written. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocaleOf(language), options);
    formatters.set(key, found);
  }
  return found;
}

/** A calendar date (`YYYY-MM-DD`) at noon UTC, so no zone can move it to another day. */
const asDate = (date: string) => new Date(`${date}T12:00:00.000Z`);

export type TemplateLocale = {
  language: Language;
  strings: TemplateStrings;
  calendarFirstDay: 0 | 1;
  /** 5 Mar 2027 style (medium). */
  date(date: string): string;
  /** Mon, 5 Mar style. */
  shortDate(date: string): string;
  /** Two dates as one range. */
  range(from: string, to: string): string;
  /** `HH:mm` → the language's clock (9:00 AM in English). */
  clock(time: string): string;
  weekday(weekday: number, style: 'short' | 'long'): string;
  /** The month of a `YYYY-MM-01` date with its year. */
  month(date: string): string;
  number(value: number): string;
  t(text: string, values?: Record<string, string | number>): string;
};

export function templateLocale(language: Language): TemplateLocale {
  const utc = { timeZone: 'UTC' } as const;
  return {
    language,
    strings: TEMPLATE_STRINGS[language],
    calendarFirstDay: calendarFirstDay(language),
    date: (date) => formatter(language, { ...utc, dateStyle: 'medium' }).format(asDate(date)),
    shortDate: (date) => formatter(language, { ...utc, weekday: 'short', month: 'short', day: 'numeric' }).format(asDate(date)),
    range: (from, to) => formatter(language, { ...utc, dateStyle: 'medium' }).formatRange(asDate(from), asDate(to)),
    clock: (time) => {
      const [hours, minutes] = time.split(':').map(Number);
      const instant = new Date(Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0));
      return formatter(language, { ...utc, ...clockOptions(language) }).format(instant);
    },
    // 2023-01-01 was a Sunday.
    weekday: (weekday, style) => formatter(language, { ...utc, weekday: style }).format(new Date(Date.UTC(2023, 0, 1 + weekday, 12))),
    month: (date) => formatter(language, { ...utc, month: 'long', year: 'numeric' }).format(asDate(date)),
    number: (value) => new Intl.NumberFormat(intlLocaleOf(language)).format(value),
    t: (text, values = {}) => interpolate(text, values),
  };
}
