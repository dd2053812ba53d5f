import { intlLocale } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

type Formatters = { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat };
const cache = new Map<string, Formatters>();

/**
 * Date and time formatters for task rows, built once per language: constructing an Intl formatter per
 * row costs more than the rest of the row. Same output as lib/format (12-hour clock only in English).
 */
export function taskFormatters(): Formatters {
  const locale = intlLocale();
  let formatters = cache.get(locale);
  if (!formatters) {
    formatters = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: currentLanguage() === 'en' }),
    };
    cache.set(locale, formatters);
  }
  return formatters;
}
