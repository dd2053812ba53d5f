import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PointsHistoryEntry } from '../../../common/schemas/rewards.schema';
import deRewards from '../../locales/de/rewards.json';
import enRewards from '../../locales/en/rewards.json';
import { historyLine } from './points-history';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    ns: ['rewards'],
    defaultNS: 'rewards',
    resources: { en: { rewards: enRewards }, de: { rewards: deRewards } },
  });
});

const entry = (fields: Partial<PointsHistoryEntry>): PointsHistoryEntry => ({
  id: 'e1',
  amount: 10,
  reason: 'task',
  sourceId: 'task-1',
  label: null,
  rewardId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...fields,
});

describe('historyLine', () => {
  it.each([
    ['task', entry({ label: 'Chemistry lab report' }), { title: 'Task completed', subject: 'Chemistry lab report' }],
    ['achievement', entry({ reason: 'achievement', sourceId: 'first-login' }), { title: 'Achievement unlocked', subject: 'First Steps' }],
    [
      'challenge',
      entry({ reason: 'challenge', sourceId: 'tasks-daily:2026-11-24' }),
      { title: 'Challenge completed', subject: 'Complete 3 tasks today' },
    ],
    [
      'built-in reward',
      entry({ reason: 'redeem', amount: -50, sourceId: 'r1', rewardId: 'builtin-reading-break' }),
      { title: 'Reward redeemed', subject: enRewards.shop.items['builtin-reading-break'].name },
    ],
    [
      'custom reward',
      entry({ reason: 'redeem', amount: -5, sourceId: 'r2', rewardId: 'c1', label: 'Pizza night' }),
      { title: 'Reward redeemed', subject: 'Pizza night' },
    ],
    ['session without a course', entry({ reason: 'study-session' }), { title: 'Focus session', subject: null }],
    [
      'reversal of a task',
      entry({ reason: 'reversal', amount: -10, sourceId: 'task:task-1', label: 'Chemistry lab report' }),
      { title: 'Points taken back', subject: 'Task completed · Chemistry lab report' },
    ],
    [
      'reversal of a session',
      entry({ reason: 'reversal', amount: -10, sourceId: 'study-session:s1' }),
      { title: 'Points taken back', subject: 'Focus session' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(historyLine(i18n.getFixedT('en'), input)).toEqual(expected);
  });

  it('speaks the reader’s language', () => {
    const line = historyLine(
      i18n.getFixedT('de'),
      entry({ reason: 'reversal', amount: -10, sourceId: 'task:task-1', label: 'Laborbericht' }),
    );
    expect(line).toEqual({ title: deRewards.history.reasons.reversal, subject: `${deRewards.history.reasons.task} · Laborbericht` });
  });
});
