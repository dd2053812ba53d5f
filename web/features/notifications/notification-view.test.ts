import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../common/schemas/notifications.schema';
import en from '../../locales/en/notifications.json';
import rewards from '../../locales/en/rewards.json';
import { notificationText } from './notification-view';

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { notifications: en, rewards } }, interpolation: { escapeValue: false } });
  t = instance.t;
});

const now = new Date('2030-03-10T12:00:00.000Z');
const when = (instant: string) => `<${instant}>`;
const item = (kind: NotificationItem['kind'], data: NotificationItem['data'], at = '2030-03-10T10:00:00.000Z'): NotificationItem => ({
  id: `${kind}:x`,
  kind,
  at,
  link: '/',
  read: false,
  data,
});

describe('notificationText', () => {
  it.each([
    [
      item('task_overdue', { title: 'Essay', dueDate: '2030-03-09T10:00:00.000Z', days: -1 }),
      'Overdue: Essay',
      'Was due <2030-03-09T10:00:00.000Z>',
    ],
    [
      item('task_due_soon', { title: 'Quiz', dueDate: '2030-03-10T18:00:00.000Z', days: 0 }),
      'Due soon: Quiz',
      'Due today, <2030-03-10T18:00:00.000Z>',
    ],
    [
      item('task_due_soon', { title: 'Quiz', dueDate: '2030-03-11T08:00:00.000Z', days: 1 }),
      'Due soon: Quiz',
      'Due tomorrow, <2030-03-11T08:00:00.000Z>',
    ],
    [
      item('task_reminder', { title: 'Lab', dueDate: '2030-03-10T13:00:00.000Z', days: 0 }),
      'Reminder: Lab',
      'Due <2030-03-10T13:00:00.000Z>',
    ],
    [
      item('trial_ending', { trialEndDate: '2030-03-14T12:00:00.000Z' }),
      'Your premium trial ends within a week',
      'Ends <2030-03-14T12:00:00.000Z>',
    ],
    [
      item('trial_ending', { trialEndDate: '2030-03-11T06:00:00.000Z' }),
      'Your premium trial ends within a day',
      'Ends <2030-03-11T06:00:00.000Z>',
    ],
    [item('support_reply', { feedbackId: 'f', subject: 'Export' }), 'Support replied: Export', '<2030-03-10T10:00:00.000Z>'],
    [item('achievement_unlocked', { achievementId: 'first-login' }), 'Achievement unlocked', 'First Steps'],
    [item('challenge_completed', { challengeId: 'tasks-daily' }), 'Challenge completed', 'Complete 3 tasks today'],
    [item('release_notes', { version: '1.4.0' }), "What's new in StudyPilot 1.4.0", 'Open the release notes'],
    [
      item('item_posted', { groupId: 'g', subject: 'Worksheet 4', actorName: 'Mia' }),
      'New in your class: Worksheet 4',
      'By Mia · <2030-03-10T10:00:00.000Z>',
    ],
    [
      item('item_changed', { groupId: 'g', subject: 'Worksheet 4', actorName: 'Mia' }),
      'Changed: Worksheet 4',
      'By Mia · <2030-03-10T10:00:00.000Z>',
    ],
    [
      item('class_changed', { groupId: 'g', subject: 'Biology', actorName: 'Kim' }),
      'Biology changed (time, room or teacher)',
      'By Kim · <2030-03-10T10:00:00.000Z>',
    ],
    [
      item('lesson_cancelled', { groupId: 'g', subject: 'Biology' }),
      'A lesson of Biology is cancelled',
      'By a former member · <2030-03-10T10:00:00.000Z>',
    ],
  ])('%# %s', (input, title, detail) => {
    expect(notificationText(t, input, when, now)).toEqual({ title, detail });
  });
});
