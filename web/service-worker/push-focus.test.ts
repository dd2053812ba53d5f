import { describe, expect, it } from 'vitest';
import { FOCUS_ALARM_TAG, FOCUS_ALARM_URL } from '../../common/domain/focus-alarm';
import { LANGUAGES } from '../lib/i18n';
import { notificationFor, timerAlertsInTab, type FocusPhaseEndPush } from './push';
import { FAKE_ORIGIN, fakePushScope } from '../test/fake-push-scope';
import studyEn from '../locales/en/study.json';
import studyEs from '../locales/es/study.json';
import studyFr from '../locales/fr/study.json';
import studyDe from '../locales/de/study.json';
import studyZh from '../locales/zh/study.json';
import studyJa from '../locales/ja/study.json';

/** The focus timer's phase end as the service worker sees it (docs/decisions/152-focus-phase-push.md). */
const TAB_STRINGS = { en: studyEn, es: studyEs, fr: studyFr, de: studyDe, zh: studyZh, ja: studyJa };
const ORIGIN = FAKE_ORIGIN;

const payload = (overrides: Partial<FocusPhaseEndPush> = {}): FocusPhaseEndPush => ({
  kind: 'focus-phase-end',
  tag: FOCUS_ALARM_TAG,
  url: FOCUS_ALARM_URL,
  phase: 'focus',
  endsAt: '2026-03-01T14:30:00.000Z',
  language: 'en',
  ...overrides,
});

describe('notificationFor a focus phase end', () => {
  it.each(LANGUAGES.map((language) => [language]))('writes the tab’s own timer notification in %s', (language) => {
    const timer = TAB_STRINGS[language].timer;
    const focus = notificationFor(payload({ language }))!;
    expect(focus.title).toBe(timer.focusDone);
    expect(focus.options.body).toBe(timer.focusDoneBody);
    for (const phase of ['shortBreak', 'longBreak'] as const) {
      const done = notificationFor(payload({ language, phase }))!;
      expect(done.title).toBe(timer.breakDone);
      expect(done.options.body).toBe(timer.breakDoneBody);
    }
  });

  it('carries the tab’s timer tag and opens /study; only same-origin paths', () => {
    const content = notificationFor(payload())!;
    expect(content).toEqual({
      title: 'Focus session complete',
      options: {
        body: 'Well done! Time for a break.',
        tag: 'studypilot-focus-timer',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: '/study' },
      },
    });
    expect(notificationFor(payload({ url: 'https://evil.example/study' }))!.options.data.url).toBe('/');
    expect(notificationFor(payload({ language: 'it' }))!.title).toBe('Focus session complete');
  });
});

describe('timerAlertsInTab', () => {
  it('is true only for a visible window on /study of this site', () => {
    const study = (visibilityState: 'visible' | 'hidden', path = '/study') => ({ url: `${ORIGIN}${path}`, visibilityState });
    expect(timerAlertsInTab([study('visible')], '/study', ORIGIN)).toBe(true);
    expect(timerAlertsInTab([study('hidden'), study('visible', '/study?tab=stats')], '/study', ORIGIN)).toBe(true);
    expect(timerAlertsInTab([study('hidden')], '/study', ORIGIN)).toBe(false);
    expect(timerAlertsInTab([study('visible', '/tasks')], '/study', ORIGIN)).toBe(false);
    expect(timerAlertsInTab([{ url: 'https://other.example/study', visibilityState: 'visible' }], '/study', ORIGIN)).toBe(false);
    expect(timerAlertsInTab([], '/study', ORIGIN)).toBe(false);
  });
});

describe('the push event for a focus phase end', () => {
  it('shows nothing when the timer’s page is visible (the tab alerts)', async () => {
    const sw = fakePushScope([{ url: `${ORIGIN}/study`, focused: true, visibilityState: 'visible' }]);
    await sw.push(payload());
    expect(sw.shown).toEqual([]);
  });

  it('shows the notification with the right words and URL when no window is visible, or none is open', async () => {
    const background = fakePushScope([{ url: `${ORIGIN}/study`, focused: false, visibilityState: 'hidden' }]);
    await background.push(payload({ phase: 'longBreak', language: 'de' }));
    expect(background.shown).toEqual([
      {
        title: 'Die Pause ist vorbei',
        options: expect.objectContaining({
          body: 'Bereit für die nächste Fokuseinheit?',
          tag: 'studypilot-focus-timer',
          data: { url: '/study' },
        }),
      },
    ]);
    const closed = fakePushScope([]);
    await closed.push(payload());
    expect(closed.shown.map((notification) => notification.title)).toEqual(['Focus session complete']);
  });

  it('shows it when the visible window is on another page (that page runs no timer)', async () => {
    const sw = fakePushScope([{ url: `${ORIGIN}/tasks`, focused: true, visibilityState: 'visible' }]);
    await sw.push(payload({ phase: 'shortBreak' }));
    expect(sw.shown.map((notification) => notification.title)).toEqual(['Break is over']);
  });

  it('leaves task reminders as they were: shown even with a visible window', async () => {
    const sw = fakePushScope([{ url: `${ORIGIN}/study`, focused: true, visibilityState: 'visible' }]);
    await sw.push({
      kind: 'task-reminder',
      tag: 't1@1',
      url: '/tasks',
      taskId: 't1',
      title: 'Lab report',
      dueDate: '2026-03-01T14:30:00.000Z',
      offsetMinutes: 60,
      timeZone: 'UTC',
      language: 'en',
    });
    expect(sw.shown.map((notification) => notification.title)).toEqual(['Reminder: Lab report']);
  });
});
