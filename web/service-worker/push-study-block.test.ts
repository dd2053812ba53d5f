import { describe, expect, it } from 'vitest';
import { formatTime } from '../lib/format';
import { LANGUAGES } from '../lib/i18n';
import { notificationFor, type StudyBlockStartPush } from './push';
import { fakePushScope } from '../test/fake-push-scope';
import de from '../locales/de/push.json';
import en from '../locales/en/push.json';
import es from '../locales/es/push.json';
import fr from '../locales/fr/push.json';
import ja from '../locales/ja/push.json';
import zh from '../locales/zh/push.json';

const STRINGS = { en, es, fr, de, zh, ja };

const block = (overrides: Partial<StudyBlockStartPush> = {}): StudyBlockStartPush => ({
  kind: 'study-block-start',
  tag: 'study-block:b1@1795408200000',
  url: '/study?tab=plan',
  taskId: 't1',
  title: 'Essay draft',
  // 16:00–16:50 in Kolkata.
  start: '2026-11-23T10:30:00.000Z',
  end: '2026-11-23T11:20:00.000Z',
  timeZone: 'Asia/Kolkata',
  language: 'en',
  ...overrides,
});

describe('study block start notification (decision 209)', () => {
  it('reads "Time to study: Essay draft" with the block on the user clock and opens the Plan tab', () => {
    expect(notificationFor(block())).toEqual({
      title: 'Time to study: Essay draft',
      options: {
        body: 'Your study block runs 4:00 PM–4:50 PM',
        tag: 'study-block:b1@1795408200000',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/study?tab=plan' },
      },
    });
    expect(notificationFor(block({ timeZone: 'Pacific/Honolulu' }))!.options.body).toBe('Your study block runs 12:30 AM–1:20 AM');
    expect(notificationFor(block({ timeZone: 'UTC' }))!.options.body).toBe('Your study block runs 10:30 AM–11:20 AM');
    // Across the end of DST in New York (1 Nov 2026): 01:30 EDT then 01:30 EST, a block spanning the change.
    expect(
      notificationFor(block({ timeZone: 'America/New_York', start: '2026-11-01T05:30:00.000Z', end: '2026-11-01T06:20:00.000Z' }))!.options
        .body,
    ).toBe('Your study block runs 1:30 AM–1:20 AM');
  });

  it.each(LANGUAGES.map((language) => [language]))('is written in %s, 24-hour outside English', (language) => {
    const content = notificationFor(block({ language, timeZone: 'Asia/Tokyo' }))!;
    const strings = STRINGS[language].studyBlock;
    expect(content.title).toBe(strings.title.replace('{{title}}', 'Essay draft'));
    const start = formatTime('2026-11-23T10:30:00.000Z', 'Asia/Tokyo', language);
    const end = formatTime('2026-11-23T11:20:00.000Z', 'Asia/Tokyo', language);
    expect(content.options.body).toBe(strings.body.replace('{{start}}', start).replace('{{end}}', end));
    if (language !== 'en') expect(start).not.toMatch(/AM|PM/);
  });

  it('ignores a malformed block push and opens only same-origin paths', () => {
    expect(notificationFor({ ...block(), end: 5 })).toBeNull();
    expect(notificationFor(block({ url: 'https://evil.example/study' }))!.options.data.url).toBe('/');
  });

  it('a click opens the Plan tab: a window on the timer (/study) is navigated there, one on the Plan tab only focused', async () => {
    const { dispatch, shown, navigated, focused, opened } = fakePushScope([{ url: 'https://app.example/study', focused: true }]);
    await dispatch('push', { data: { json: () => block() } });
    expect(shown.map((entry) => entry.title)).toEqual(['Time to study: Essay draft']);
    const click = { notification: { close: () => {}, data: { url: '/study?tab=plan' } } };
    await dispatch('notificationclick', click);
    expect(navigated).toEqual(['https://app.example/study?tab=plan']);

    const onPlan = fakePushScope([{ url: 'https://app.example/study?tab=plan', focused: false }]);
    await onPlan.dispatch('notificationclick', click);
    expect(onPlan.navigated).toEqual([]);
    expect(onPlan.focused).toEqual(['https://app.example/study?tab=plan']);
    expect(focused).toEqual(['https://app.example/study']);
    expect(opened).toEqual([]);
  });
});
