import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatTime } from '../lib/format';
import { LANGUAGES } from '../lib/i18n';
import { notificationFor, type ClassSoonPush, type DailyDigestPush } from './push';
import { fakePushScope } from '../test/fake-push-scope';
import de from '../locales/de/push.json';
import en from '../locales/en/push.json';
import es from '../locales/es/push.json';
import fr from '../locales/fr/push.json';
import ja from '../locales/ja/push.json';
import zh from '../locales/zh/push.json';

const STRINGS = { en, es, fr, de, zh, ja };

const classSoon = (overrides: Partial<ClassSoonPush> = {}): ClassSoonPush => ({
  kind: 'class-soon',
  tag: 'class-soon:chem:2026-11-23:0',
  url: '/schedule',
  courseName: 'Chemistry',
  room: '204',
  // 09:00 in Kolkata.
  start: '2026-11-23T03:30:00.000Z',
  minutes: 10,
  timeZone: 'Asia/Kolkata',
  language: 'en',
  ...overrides,
});

const digest = (overrides: Partial<DailyDigestPush> = {}): DailyDigestPush => ({
  kind: 'daily-digest',
  tag: 'daily-digest:2026-11-23',
  url: '/dashboard',
  date: '2026-11-23',
  classCount: 3,
  firstClass: { courseName: 'Biology', start: '2026-11-23T18:00:00.000Z' },
  dueToday: 2,
  overdue: 1,
  timeZone: 'Pacific/Honolulu',
  language: 'en',
  ...overrides,
});

describe('class-soon notification', () => {
  it('reads "Chemistry starts in 10 minutes · Room 204" on the user clock and opens /schedule', () => {
    expect(notificationFor(classSoon())).toEqual({
      title: 'Chemistry starts in 10 minutes',
      options: {
        body: 'Room 204 · 9:00 AM',
        tag: 'class-soon:chem:2026-11-23:0',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/schedule' },
      },
    });
    expect(notificationFor(classSoon({ room: null, timeZone: 'Asia/Tokyo', start: '2026-11-23T00:00:00.000Z' }))!.options.body).toBe(
      'At 9:00 AM',
    );
    expect(notificationFor(classSoon({ timeZone: 'Pacific/Honolulu', start: '2026-11-23T19:15:00.000Z' }))!.options.body).toBe(
      'Room 204 · 9:15 AM',
    );
  });

  it.each(LANGUAGES.map((language) => [language]))('is written in %s, 24-hour outside English, with the app clock', (language) => {
    const content = notificationFor(classSoon({ language, minutes: 15 }))!;
    const strings = STRINGS[language].classSoon;
    expect(content.title).toBe(strings.title.replace('{{course}}', 'Chemistry').replace('{{minutes}}', '15'));
    const time = formatTime('2026-11-23T03:30:00.000Z', 'Asia/Kolkata', language);
    expect(content.options.body).toBe(strings.bodyRoom.replace('{{room}}', '204').replace('{{time}}', time));
    if (language !== 'en') expect(time).not.toMatch(/AM|PM/);
  });
});

describe('daily digest notification', () => {
  it('summarises the day: classes with the first one and its time, due today, overdue; opens /dashboard', () => {
    expect(notificationFor(digest())).toEqual({
      title: 'Your day · Mon, Nov 23',
      options: {
        body: 'Classes: 3 · first Biology at 8:00 AM\nDue today: 2\nOverdue: 1',
        tag: 'daily-digest:2026-11-23',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/dashboard' },
      },
    });
  });

  it('says "No classes today" and leaves out zero counts', () => {
    const content = notificationFor(digest({ classCount: 0, firstClass: null, dueToday: 0, overdue: 4 }))!;
    expect(content.options.body).toBe('No classes today\nOverdue: 4');
  });

  it.each(LANGUAGES.map((language) => [language]))('is written in %s with the local date of the day summarised', (language) => {
    const content = notificationFor(
      digest({ language, timeZone: 'Asia/Tokyo', firstClass: { courseName: 'Biology', start: '2026-11-23T00:00:00.000Z' } }),
    )!;
    const strings = STRINGS[language].digest;
    const date = formatCalendarDate('2026-11-23', { weekday: 'short', month: 'short', day: 'numeric' }, language);
    expect(content.title).toBe(strings.title.replace('{{date}}', date));
    const time = formatTime('2026-11-23T00:00:00.000Z', 'Asia/Tokyo', language);
    expect(content.options.body.split('\n')[0]).toBe(
      strings.classes.replace('{{count}}', '3').replace('{{course}}', 'Biology').replace('{{time}}', time),
    );
  });

  it('ignores a malformed digest and opens only same-origin paths', () => {
    expect(notificationFor({ ...digest(), classCount: 'three' })).toBeNull();
    expect(notificationFor(digest({ url: 'https://evil.example/' }))!.options.data.url).toBe('/');
    expect(notificationFor(classSoon({ url: '//evil.example/' }))!.options.data.url).toBe('/');
  });
});

describe('a click on the new kinds', () => {
  it('opens /schedule for a class and /dashboard for the digest, reusing a window already there', async () => {
    const { dispatch, shown, opened, navigated } = fakePushScope([{ url: 'https://app.example/dashboard', focused: true }]);
    await dispatch('push', { data: { json: () => classSoon() } });
    await dispatch('push', { data: { json: () => digest() } });
    expect(shown.map((entry) => [entry.title, (entry.options.data as { url: string }).url])).toEqual([
      ['Chemistry starts in 10 minutes', '/schedule'],
      ['Your day · Mon, Nov 23', '/dashboard'],
    ]);
    const click = (url: string) => ({ notification: { close: () => {}, data: { url } } });
    await dispatch('notificationclick', click('/schedule'));
    expect(navigated).toEqual(['https://app.example/schedule']);
    await dispatch('notificationclick', click('/dashboard'));
    // Already on /dashboard: focused, not navigated again.
    expect(navigated).toEqual(['https://app.example/schedule']);
    expect(opened).toEqual([]);
  });
});
