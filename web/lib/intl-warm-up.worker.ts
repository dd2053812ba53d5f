/// <reference lib="webworker" />
import { DEFAULT_LANGUAGE, intlLocaleOf, languageOfTag } from '../../common/domain/languages';

/**
 * Builds one formatter of each kind the first page uses, in the page's language, off the main thread
 * (decision 254). The engine's locale data (ICU's) is loaded once per browser process, whichever
 * thread asks first: the main thread's first `Intl.NumberFormat` took 70–100 ms at 4× CPU, and 0.1 ms
 * once this worker had built one. web/main.tsx starts it as a signed-in page loads, and the app's first
 * formatters wait for its answer (decision 255: a main thread that asked while the worker was loading
 * waited for it, blocked, in one task); it answers, then ends itself.
 */
self.onmessage = (event: MessageEvent<unknown>) => {
  const locale = intlLocaleOf(languageOfTag(typeof event.data === 'string' ? event.data : null) ?? DEFAULT_LANGUAGE);
  try {
    new Intl.NumberFormat(locale).format(0);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(0);
    new Intl.PluralRules(locale).select(1);
    new Intl.Collator(locale).compare('a', 'b');
  } finally {
    self.postMessage('loaded');
    self.close();
  }
};
