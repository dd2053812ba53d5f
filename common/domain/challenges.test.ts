import { describe, expect, it } from 'vitest';
import { emptyRewardFacts, type RewardFacts } from './achievements';
import { CHALLENGES, evaluateChallenges } from './challenges';

const facts = (overrides: Partial<RewardFacts>, timeZone = 'UTC'): RewardFacts => ({ ...emptyRewardFacts(timeZone), ...overrides });
const byId = (states: ReturnType<typeof evaluateChallenges>) => Object.fromEntries(states.map((s) => [s.id, s]));

describe('challenges', () => {
  it('has the targets and rewards of docs/product.md §9', () => {
    expect(CHALLENGES.map((c) => [c.id, c.target, c.reward])).toEqual([
      ['tasks-daily', 3, 20],
      ['tasks-weekly', 10, 50],
      ['tasks-monthly', 25, 100],
      ['tasks-termly', 60, 200],
      ['tasks-yearly', 250, 500],
      ['streak-weekly', 5, 50],
      ['grading-monthly', 5, 100],
    ]);
  });

  it('weeks start on Sunday: Saturday tasks do not count in the new week', () => {
    // 2026-03-22 is a Sunday.
    const states = byId(
      evaluateChallenges(
        facts({ completedTaskTimes: ['2026-03-21T23:00:00.000Z', '2026-03-22T00:30:00.000Z'] }),
        [],
        '2026-03-23T12:00:00.000Z',
      ),
    );
    expect(states['tasks-weekly']).toMatchObject({ progress: 1, periodStart: '2026-03-22', periodEnd: '2026-03-28', status: 'active' });
    expect(states['tasks-monthly']?.progress).toBe(2);
  });

  it('counts days in the user time zone', () => {
    // 23:30 UTC on the 9th is already the 10th in Tokyo.
    const tasks = ['2026-03-09T23:30:00.000Z', '2026-03-10T01:00:00.000Z', '2026-03-10T05:00:00.000Z'];
    expect(
      byId(evaluateChallenges(facts({ completedTaskTimes: tasks }, 'Asia/Tokyo'), [], '2026-03-10T06:00:00.000Z'))['tasks-daily'],
    ).toMatchObject({
      progress: 3,
      status: 'completed',
    });
    expect(byId(evaluateChallenges(facts({ completedTaskTimes: tasks }), [], '2026-03-10T06:00:00.000Z'))['tasks-daily']?.progress).toBe(2);
  });

  it('termly counts within the current term and is absent between terms', () => {
    const terms = [{ id: 't1', startDate: '2026-01-05', endDate: '2026-03-27' }];
    const tasks = ['2026-01-04T12:00:00.000Z', '2026-01-06T12:00:00.000Z', '2026-03-27T12:00:00.000Z'];
    expect(
      byId(evaluateChallenges(facts({ completedTaskTimes: tasks }), terms, '2026-03-27T18:00:00.000Z'))['tasks-termly']?.progress,
    ).toBe(2);
    expect(byId(evaluateChallenges(facts({}), terms, '2026-04-10T12:00:00.000Z'))['tasks-termly']).toBeUndefined();
  });

  it('the streak challenge counts distinct study days this week; grading counts grades this month', () => {
    const sessions = ['2026-03-22T10:00:00.000Z', '2026-03-22T15:00:00.000Z', '2026-03-23T10:00:00.000Z'].map((startedAt) => ({
      startedAt,
      durationMinutes: 25,
      type: 'focus',
    }));
    const grades = Array.from({ length: 5 }, (_, i) => `2026-03-0${i + 1}T12:00:00.000Z`);
    const states = byId(evaluateChallenges(facts({ studySessions: sessions, gradeLoggedTimes: grades }), [], '2026-03-24T12:00:00.000Z'));
    expect(states['streak-weekly']).toMatchObject({ progress: 2, status: 'active' });
    expect(states['grading-monthly']).toMatchObject({ progress: 5, status: 'completed' });
  });
});
