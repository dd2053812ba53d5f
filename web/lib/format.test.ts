import { describe, expect, it } from 'vitest';
import { utcInstantOf } from '../../common/domain/local-time';
import {
  achievementTextValues,
  calendarFirstDay,
  calendarRangeValues,
  clockPicker,
  formatCalendarDate,
  formatClock,
  formatDate,
  formatDateTime,
  formatGpa,
  formatGradeLabel,
  formatHour,
  formatNumber,
  formatPercent,
  formatPrice,
  formatSize,
  formatTime,
  uses12HourClock,
  weekdayNames,
} from './format';
import { LANGUAGES, type Language } from './i18n';
import { resolveTimeZone } from './time-zone';

// The machine's own zone must not matter: run as if the browser were in Honolulu (UTC−10), where a
// date-only value read as UTC midnight shows the day before.
process.env.TZ = 'Pacific/Honolulu';

/** Some ICU versions put a narrow no-break space before AM/PM: compare on plain spaces. */
const plain = (text: string) => text.replace(/[\s\u202f]/g, ' ');

const ZONES = ['Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin'];

// What each language writes for 1 March 2026, 23:59 and 05:00, 21 o'clock and a short Sunday.
const WRITTEN: Record<Language, { date: string; late: string; early: string; hour21: string; sunday: string; dateTime: string }> = {
  en: { date: 'Mar 1, 2026', late: '11:59 PM', early: '5:00 AM', hour21: '9 PM', sunday: 'Sun', dateTime: 'Mar 1, 2026, 11:59 PM' },
  es: { date: '1 mar 2026', late: '23:59', early: '5:00', hour21: '21', sunday: 'dom', dateTime: '1 mar 2026, 23:59' },
  fr: { date: '1 mars 2026', late: '23:59', early: '5:00', hour21: '21 h', sunday: 'dim.', dateTime: '1 mars 2026, 23:59' },
  de: { date: '01.03.2026', late: '23:59', early: '5:00', hour21: '21 Uhr', sunday: 'So', dateTime: '01.03.2026, 23:59' },
  zh: { date: '2026年3月1日', late: '23:59', early: '5:00', hour21: '21时', sunday: '周日', dateTime: '2026年3月1日 23:59' },
  ja: { date: '2026/03/01', late: '23:59', early: '5:00', hour21: '21時', sunday: '日', dateTime: '2026/03/01 23:59' },
};

const cases = LANGUAGES.flatMap((language) => ZONES.map((zone) => ({ language, zone })));

describe('calendar dates are the same date in every zone', () => {
  it.each(cases)('a grade dated 2026-03-01 reads 1 March ($language, $zone)', ({ language, zone }) => {
    process.env.TZ = zone;
    expect(formatCalendarDate('2026-03-01', undefined, language)).toBe(WRITTEN[language].date);
    expect(plain(weekdayNames('short', language)[0] ?? '')).toBe(WRITTEN[language].sunday);
    expect(calendarRangeValues('2026-03-01', '2026-03-01', language)).toEqual({ from: WRITTEN[language].date, to: WRITTEN[language].date });
  });

  it('refuses an instant (take its local date first) and an instant formatter refuses a bare date', () => {
    expect(() => formatCalendarDate('2026-03-01T00:00:00.000Z')).toThrow(RangeError);
    // Issue 12: `new Date('2026-03-01')` is UTC midnight, 28 February in Honolulu.
    expect(() => formatDate('2026-03-01', 'Pacific/Honolulu')).toThrow(RangeError);
  });
});

describe('instants are shown on the profile zone’s clock', () => {
  it.each(cases)('a task due 23:59 on 1 March shows 1 March, 23:59 ($language, $zone)', ({ language, zone }) => {
    const due = utcInstantOf('2026-03-01', '23:59', zone);
    const written = WRITTEN[language];
    // The browser is somewhere else entirely: only the profile's zone counts.
    process.env.TZ = zone === 'Asia/Tokyo' ? 'Pacific/Honolulu' : 'Asia/Tokyo';
    expect(formatDate(due, zone, undefined, language)).toBe(written.date);
    expect(plain(formatTime(due, zone, language))).toBe(written.late);
    expect(plain(formatDateTime(due, zone, undefined, language))).toBe(written.dateTime);
    expect(plain(formatTime(utcInstantOf('2026-03-01', '05:00', zone), zone, language))).toBe(written.early);
  });

  it.each([
    // New York springs forward 02:00 → 03:00 on 8 March and falls back 02:00 → 01:00 on 1 November 2026.
    { zone: 'America/New_York', instant: '2026-03-08T06:59:00Z', date: 'Mar 8, 2026', time: '1:59 AM' },
    { zone: 'America/New_York', instant: '2026-03-08T07:00:00Z', date: 'Mar 8, 2026', time: '3:00 AM' },
    { zone: 'America/New_York', instant: '2026-03-09T03:59:00Z', date: 'Mar 8, 2026', time: '11:59 PM' },
    { zone: 'America/New_York', instant: '2026-11-01T05:30:00Z', date: 'Nov 1, 2026', time: '1:30 AM' },
    { zone: 'America/New_York', instant: '2026-11-01T06:30:00Z', date: 'Nov 1, 2026', time: '1:30 AM' },
    { zone: 'America/New_York', instant: '2026-11-02T04:59:00Z', date: 'Nov 1, 2026', time: '11:59 PM' },
    // Berlin: 29 March 02:00 → 03:00, 25 October 03:00 → 02:00.
    { zone: 'Europe/Berlin', instant: '2026-03-29T01:00:00Z', date: 'Mar 29, 2026', time: '3:00 AM' },
    { zone: 'Europe/Berlin', instant: '2026-03-29T21:59:00Z', date: 'Mar 29, 2026', time: '11:59 PM' },
    { zone: 'Europe/Berlin', instant: '2026-10-25T00:30:00Z', date: 'Oct 25, 2026', time: '2:30 AM' },
    { zone: 'Europe/Berlin', instant: '2026-10-25T01:30:00Z', date: 'Oct 25, 2026', time: '2:30 AM' },
    { zone: 'Europe/Berlin', instant: '2026-10-25T22:59:00Z', date: 'Oct 25, 2026', time: '11:59 PM' },
  ])('DST week: $instant in $zone is $date $time', ({ zone, instant, date, time }) => {
    expect(formatDate(instant, zone, undefined, 'en')).toBe(date);
    expect(plain(formatTime(instant, zone, 'en'))).toBe(time);
  });
});

describe('times of day', () => {
  it.each(LANGUAGES)('12-hour only in English (%s)', (language) => {
    expect(uses12HourClock(language)).toBe(language === 'en');
    expect(plain(formatClock('23:59', language))).toBe(WRITTEN[language].late);
    expect(plain(formatClock('05:00', language))).toBe(WRITTEN[language].early);
    // The study page's hour chart (issue 12: English showed "21").
    expect(plain(formatHour(21, language))).toBe(WRITTEN[language].hour21);
  });

  it.each(LANGUAGES)('a time picker offers the language’s clock (%s)', (language) => {
    const picker = clockPicker(language);
    expect(picker.minutes.map((choice) => choice.label)).toEqual(
      Array.from({ length: 60 }, (_, minute) => String(minute).padStart(2, '0')),
    );
    if (language === 'en') {
      expect(picker.hours.map((choice) => choice.value)).toEqual([12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect(picker.hours.map((choice) => choice.label)).toEqual(['12', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
      expect(picker.periods).toEqual(['AM', 'PM']);
    } else {
      expect(picker.hours.map((choice) => choice.label)).toEqual(Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')));
      expect(picker.hours.map((choice) => choice.value)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
      expect(picker.periods).toBeNull();
    }
  });

  it('English achievement texts name 9:00 AM and 9:00 PM, other languages 9:00 and 21:00', () => {
    expect(plain(achievementTextValues('early_bird', 'en').time ?? '')).toBe('9:00 AM');
    expect(plain(achievementTextValues('night_owl', 'en').time ?? '')).toBe('9:00 PM');
    expect(achievementTextValues('night_owl', 'de').time).toBe('21:00');
    expect(achievementTextValues('task-master', 'en')).toEqual({});
  });
});

describe('one owner for the week and the zone', () => {
  it.each(LANGUAGES)('month calendars start on Sunday in en and ja, Monday elsewhere (%s)', (language) => {
    expect(calendarFirstDay(language)).toBe(language === 'en' || language === 'ja' ? 0 : 1);
  });

  it.each([
    { profile: 'Asia/Kolkata', browser: 'Pacific/Honolulu', zone: 'Asia/Kolkata' },
    { profile: undefined, browser: 'Pacific/Honolulu', zone: 'Pacific/Honolulu' },
    { profile: null, browser: 'UTC', zone: 'UTC' },
    { profile: 'Mars/Olympus_Mons', browser: 'Asia/Tokyo', zone: 'Asia/Tokyo' },
  ])('profile $profile, browser $browser → $zone', ({ profile, browser, zone }) => {
    expect(resolveTimeZone(profile, browser)).toBe(zone);
  });
});

describe('formatPrice', () => {
  it('writes money as the language does, yen without decimals', () => {
    expect(formatPrice(4.99, 'USD', 'en')).toBe('$4.99');
    expect(formatPrice(0, 'USD', 'en')).toBe('$0.00');
    expect(formatPrice(1599, 'JPY', 'ja')).toMatch(/^[￥¥]1,599$/);
  });
});

describe('formatNumber', () => {
  it('keeps one formatter per language and options (a cached one never answers for another)', () => {
    expect(formatNumber(1234.5, undefined, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, undefined, 'de')).toBe('1.234,5');
    expect(formatNumber(0.5, { style: 'percent' }, 'en')).toBe('50%');
    expect(formatNumber(1234.5, undefined, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, { maximumFractionDigits: 0 }, 'en')).toBe('1,235');
  });
});

// Issue 34 item 5: every number, grade, percentage, size and money amount in the user's language.
// Compared on plain spaces: Intl puts no-break spaces before "%", units and currencies in some languages.
const MB = 1024 ** 2;
const GB = 1024 ** 3;
/** Grades, percentages and grade points differ only by the decimal separator (and French-style "87,5 %"). */
const DECIMAL_POINT = {
  france: '17.4/20',
  germanUniversity: '1.3',
  chinaBand: 'GPA 3.7',
  percentLabel: '87.5%',
  gpa: '3.46',
  percent: '66.67%',
};
const DECIMAL_COMMA = {
  france: '17,4/20',
  germanUniversity: '1,3',
  chinaBand: 'GPA 3,7',
  percentLabel: '87,5 %',
  gpa: '3,46',
  percent: '66,67 %',
};
const NUMBERS: Record<Language, Record<string, string>> = {
  en: {
    ...DECIMAL_POINT,
    zero: '0 bytes',
    one: '1 byte',
    bytes: '475 bytes',
    kilobytes: '400 kB',
    megabytes: '1.5 MB',
    gigabytes: '1.96 GB',
    usd: '$4.99',
    thousands: '$1,234.50',
    jpy: '¥1,599',
  },
  es: {
    ...DECIMAL_COMMA,
    zero: '0 bytes',
    one: '1 byte',
    bytes: '475 bytes',
    kilobytes: '400 kB',
    megabytes: '1,5 MB',
    gigabytes: '1,96 GB',
    usd: '4,99 US$',
    thousands: '1234,50 US$',
    jpy: '1599 JPY',
  },
  fr: {
    ...DECIMAL_COMMA,
    zero: '0 octet',
    one: '1 octet',
    bytes: '475 octets',
    kilobytes: '400 ko',
    megabytes: '1,5 Mo',
    gigabytes: '1,96 Go',
    usd: '4,99 $US',
    thousands: '1 234,50 $US',
    jpy: '1 599 JPY',
  },
  de: {
    ...DECIMAL_COMMA,
    zero: '0 Byte',
    one: '1 Byte',
    bytes: '475 Byte',
    kilobytes: '400 kB',
    megabytes: '1,5 MB',
    gigabytes: '1,96 GB',
    usd: '4,99 $',
    thousands: '1.234,50 $',
    jpy: '1.599 ¥',
  },
  zh: {
    ...DECIMAL_POINT,
    zero: '0字节',
    one: '1字节',
    bytes: '475字节',
    kilobytes: '400 kB',
    megabytes: '1.5 MB',
    gigabytes: '1.96 GB',
    usd: 'US$4.99',
    thousands: 'US$1,234.50',
    jpy: 'JP¥1,599',
  },
  ja: {
    ...DECIMAL_POINT,
    zero: '0 バイト',
    one: '1 バイト',
    bytes: '475 バイト',
    kilobytes: '400 KB',
    megabytes: '1.5 MB',
    gigabytes: '1.96 GB',
    usd: '$4.99',
    thousands: '$1,234.50',
    jpy: '￥1,599',
  },
};

describe('numbers in the user’s language', () => {
  it.each(LANGUAGES)('grades: numeric ones take the language’s separator, named ones stay (%s)', (language) => {
    const written = NUMBERS[language];
    expect(formatGradeLabel('17.4/20', language)).toBe(written.france);
    expect(formatGradeLabel('1.3', language)).toBe(written.germanUniversity);
    expect(formatGradeLabel('GPA 3.7', language)).toBe(written.chinaBand);
    expect(plain(formatGradeLabel('87.5%', language))).toBe(written.percentLabel);
    for (const named of ['2+', '1−', 'A-', 'B+', '2:1', '9 (A*)', 'MH', '15']) expect(formatGradeLabel(named, language)).toBe(named);
    expect(formatGpa(3.456, 2, language)).toBe(written.gpa);
  });

  it.each(LANGUAGES)('percentages (%s)', (language) => {
    expect(plain(formatPercent(66.67, language))).toBe(NUMBERS[language].percent);
  });

  it.each(LANGUAGES)('sizes with the language’s units and plurals (%s)', (language) => {
    const written = NUMBERS[language];
    expect(plain(formatSize(0, 'up', language))).toBe(written.zero);
    expect(plain(formatSize(1, 'up', language))).toBe(written.one);
    expect(plain(formatSize(475, 'nearest', language))).toBe(written.bytes);
    // Issue 34: the admin statistics showed "0 MB" for 400 KB.
    expect(plain(formatSize(400 * 1024, 'up', language))).toBe(written.kilobytes);
    expect(plain(formatSize(1.5 * MB, 'nearest', language))).toBe(written.megabytes);
    expect(plain(formatSize(2 * GB - 48 * MB, 'up', language))).toBe(written.gigabytes);
  });

  it.each(LANGUAGES)('money (%s)', (language) => {
    const written = NUMBERS[language];
    expect(plain(formatPrice(4.99, 'USD', language))).toBe(written.usd);
    expect(plain(formatPrice(1234.5, 'USD', language))).toBe(written.thousands);
    expect(plain(formatPrice(1599, 'JPY', language))).toBe(written.jpy);
  });

  it('grade points round halves away from zero, as common/ does', () => {
    expect(formatGpa(1.005, 2, 'en')).toBe('1.01');
    expect(formatGpa(2.675, 2, 'de')).toBe('2,68');
    expect(formatGpa(3.25, 1, 'fr')).toBe('3,3');
  });

  it('sizes round the way that is never wrong', () => {
    // 1 MB and 1 KB: usage up, space left down, a file's size to the nearest.
    expect(formatSize(MB + 1024, 'up', 'en')).toBe('1.01 MB');
    expect(formatSize(MB + 1024, 'down', 'en')).toBe('1 MB');
    expect(formatSize(MB + 6 * 1024, 'nearest', 'en')).toBe('1.01 MB');
    expect(formatSize(2 * GB, 'up', 'en')).toBe('2 GB');
  });
});
