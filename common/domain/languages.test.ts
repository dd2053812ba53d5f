import { describe, expect, it } from 'vitest';
import {
  calendarFirstDay,
  clockOptions,
  DEFAULT_LANGUAGE,
  firstAcceptedLanguage,
  intlLocaleOf,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGE_TAG_MAX,
  LANGUAGES,
  languageFromAcceptLanguage,
  languageOfTag,
  uses12HourClock,
  type Language,
} from './languages';

/** One row per language: every fact the app reads from a language alone (decision 193). */
const FACTS: readonly [Language, { name: string; locale: string; twelveHour: boolean; firstDay: 0 | 1 }][] = [
  ['en', { name: 'English', locale: 'en-US', twelveHour: true, firstDay: 0 }],
  ['es', { name: 'Español', locale: 'es-ES', twelveHour: false, firstDay: 1 }],
  ['fr', { name: 'Français', locale: 'fr-FR', twelveHour: false, firstDay: 1 }],
  ['de', { name: 'Deutsch', locale: 'de-DE', twelveHour: false, firstDay: 1 }],
  ['zh', { name: '中文', locale: 'zh-CN', twelveHour: false, firstDay: 1 }],
  ['ja', { name: '日本語', locale: 'ja-JP', twelveHour: false, firstDay: 0 }],
];

describe('the six languages', () => {
  it('are the rows of the table, in the picker’s order, English first and the default', () => {
    expect(LANGUAGES).toEqual(FACTS.map(([language]) => language));
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it.each(FACTS)('%s: its name, Intl locale, clock and first weekday', (language, facts) => {
    expect(LANGUAGE_NAMES[language]).toBe(facts.name);
    expect(intlLocaleOf(language)).toBe(facts.locale);
    expect(uses12HourClock(language)).toBe(facts.twelveHour);
    expect(clockOptions(language)).toEqual({ hour: 'numeric', minute: '2-digit', hour12: facts.twelveHour });
    expect(calendarFirstDay(language)).toBe(facts.firstDay);
    // The locale is one Intl knows, and writes times on the clock the language's rule says.
    const time = new Intl.DateTimeFormat(facts.locale, { ...clockOptions(language), timeZone: 'UTC' }).format(Date.UTC(2026, 0, 1, 14, 5));
    expect(/PM/.test(time)).toBe(facts.twelveHour);
  });

  it.each([
    ['de', true],
    ['ja', true],
    ['DE', false],
    ['de-AT', false],
    ['pt', false],
    ['', false],
    ['toString', false],
    [undefined, false],
    [7, false],
  ] as const)('isLanguage(%j) is %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('a language tag’s language (its primary subtag)', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['zh_CN', 'zh'],
    [' JA ', 'ja'],
    ['fr-CA', 'fr'],
    ['pt-BR', null],
    ['english', null],
    ['', null],
    [null, null],
    [undefined, null],
  ] as const)('%j → %s', (tag, expected) => {
    expect(languageOfTag(tag)).toBe(expected);
  });
});

describe('Accept-Language', () => {
  it.each([
    // The first of the six the header names, in the header's order; q-values are not weighed.
    ['fr-CA,fr;q=0.9,en;q=0.5', 'fr'],
    ['ko-KR, zh;q=0.8', 'zh'],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['pt-BR,pt;q=0.9', 'en'],
    ['en;q=0.1,ja;q=0.9', 'en'],
    ['JA-jp', 'ja'],
    // The primary subtag decides, as languageOfTag reads it: Javanese and Filipino are not Japanese or Finnish.
    ['jv-ID,jav;q=0.9,de;q=0.5', 'de'],
    ['fil-PH', 'en'],
    ['zh_TW', 'zh'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ] as const)('languageFromAcceptLanguage(%j) → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it.each([
    // The first tag whatever its language (its region decides the templates' paper), bounded.
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['es-419;q=0.9', 'es-419'],
    [' en-GB , en', 'en-GB'],
    [['pt-BR,pt', 'en'], 'pt-BR'],
    ['*', null],
    ['', null],
    [undefined, null],
    ['x'.repeat(LANGUAGE_TAG_MAX), 'x'.repeat(LANGUAGE_TAG_MAX)],
    ['x'.repeat(LANGUAGE_TAG_MAX + 1), null],
  ] as const)('firstAcceptedLanguage(%j) → %j', (header, expected) => {
    expect(firstAcceptedLanguage(typeof header === 'string' || header === undefined ? header : [...header])).toBe(expected);
  });
});
