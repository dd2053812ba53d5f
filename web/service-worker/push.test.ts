import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '../lib/i18n';
import { REMINDER_DUE_DATE_PARTS } from '../../common/domain/task-reminders';
import { formatDateTime } from '../lib/format';
import { formatDueWhen, notificationFor, pickClient, type TaskReminderPush } from './push';
import { fakePushScope } from '../test/fake-push-scope';
import tasksEn from '../locales/en/tasks.json';
import tasksEs from '../locales/es/tasks.json';
import tasksFr from '../locales/fr/tasks.json';
import tasksDe from '../locales/de/tasks.json';
import tasksZh from '../locales/zh/tasks.json';
import tasksJa from '../locales/ja/tasks.json';

const TAB_STRINGS = { en: tasksEn, es: tasksEs, fr: tasksFr, de: tasksDe, zh: tasksZh, ja: tasksJa };

const payload = (overrides: Partial<TaskReminderPush> = {}): TaskReminderPush => ({
  kind: 'task-reminder',
  tag: 't1@1772355600000',
  url: '/tasks',
  taskId: 't1',
  title: 'Lab report',
  dueDate: '2026-03-01T14:30:00.000Z',
  offsetMinutes: 60,
  timeZone: 'Asia/Kolkata',
  language: 'en',
  ...overrides,
});

describe('notificationFor', () => {
  it.each(LANGUAGES.map((language) => [language]))('writes the same notification as the tab in %s', (language) => {
    const content = notificationFor(payload({ language }))!;
    const tab = TAB_STRINGS[language].reminders;
    const when = formatDateTime('2026-03-01T14:30:00.000Z', 'Asia/Kolkata', REMINDER_DUE_DATE_PARTS, language);
    expect(content.title).toBe(tab.notificationTitle.replace('{{title}}', 'Lab report'));
    expect(content.options.body).toBe(tab.notificationBody.replace('{{when}}', when));
    expect(content.options.tag).toBe('t1@1772355600000');
  });

  it('names the due day and time on the user clock, 12-hour in English only, west and east of UTC', () => {
    // 14:30 UTC is 8:00 PM in Kolkata, 4:30 AM in Honolulu (same day) and 23:30 in Tokyo.
    expect(formatDueWhen('2026-03-01T14:30:00.000Z', 'Asia/Kolkata', 'en')).toBe('Sun, Mar 1, 8:00 PM');
    expect(formatDueWhen('2026-03-01T14:30:00.000Z', 'Pacific/Honolulu', 'en')).toBe('Sun, Mar 1, 4:30 AM');
    // 08:30 UTC is the previous evening in Honolulu: the day named is the user's, not UTC's.
    expect(formatDueWhen('2026-03-01T08:30:00.000Z', 'Pacific/Honolulu', 'en')).toBe('Sat, Feb 28, 10:30 PM');
    for (const [zone, language] of [
      ['Pacific/Honolulu', 'de'],
      ['Asia/Tokyo', 'ja'],
      ['Asia/Tokyo', 'zh'],
      ['Pacific/Honolulu', 'fr'],
    ] as const) {
      expect(formatDueWhen('2026-03-01T14:30:00.000Z', zone, language)).toBe(
        formatDateTime('2026-03-01T14:30:00.000Z', zone, REMINDER_DUE_DATE_PARTS, language),
      );
    }
    expect(formatDueWhen('2026-03-01T14:30:00.000Z', 'Asia/Tokyo', 'de')).toContain('23:30');
  });

  it('ignores what it does not know, and only opens same-origin paths', () => {
    expect(notificationFor(null)).toBeNull();
    expect(notificationFor({ kind: 'something-else' })).toBeNull();
    expect(notificationFor(payload({ url: 'https://evil.example/' }))!.options.data.url).toBe('/');
    expect(notificationFor(payload({ url: '//evil.example/' }))!.options.data.url).toBe('/');
    expect(notificationFor(payload({ language: 'it' }))!.title).toBe('Reminder: Lab report');
  });
});

describe('pickClient', () => {
  const origin = 'https://app.example';
  it('prefers a window already on the page, else the focused one (navigated), else none', () => {
    const tasks = { url: `${origin}/tasks?status=late`, focused: false };
    const home = { url: `${origin}/dashboard`, focused: true };
    expect(pickClient([home, tasks], '/tasks', origin)).toEqual({ client: tasks, navigate: false });
    expect(pickClient([home], '/tasks', origin)).toEqual({ client: home, navigate: true });
    expect(pickClient([], '/tasks', origin)).toBeNull();
  });
});

describe('registerPushHandlers', () => {
  it('shows the reminder with its tag', async () => {
    const sw = fakePushScope([]);
    await sw.dispatch('push', { data: { json: () => payload() } });
    expect(sw.shown).toEqual([
      { title: 'Reminder: Lab report', options: expect.objectContaining({ tag: 't1@1772355600000', data: { url: '/tasks' } }) },
    ]);
    await sw.dispatch('push', { data: { json: () => JSON.parse('{') } });
    expect(sw.shown[1]!.title).toBe('StudyPilot');
  });

  it('a click focuses the open Tasks window, else navigates another one, else opens one', async () => {
    const close = vi.fn();
    const click = { notification: { close, data: { url: '/tasks' } } };
    const onTasks = fakePushScope([{ url: 'https://app.example/tasks', focused: false }]);
    await onTasks.dispatch('notificationclick', click);
    expect(close).toHaveBeenCalled();
    expect(onTasks.focused).toEqual(['https://app.example/tasks']);
    expect(onTasks.navigated).toEqual([]);
    const elsewhere = fakePushScope([{ url: 'https://app.example/grades', focused: true }]);
    await elsewhere.dispatch('notificationclick', click);
    expect(elsewhere.navigated).toEqual(['https://app.example/tasks']);
    const none = fakePushScope([]);
    await none.dispatch('notificationclick', click);
    expect(none.opened).toEqual(['/tasks']);
  });
});
