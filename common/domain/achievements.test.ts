import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, emptyRewardFacts, evaluateAchievements, type RewardFacts } from './achievements';

const TODAY = '2026-03-20';
const facts = (overrides: Partial<RewardFacts>): RewardFacts => ({ ...emptyRewardFacts('UTC'), ...overrides });
const met = (f: RewardFacts, today = TODAY) =>
  new Set(
    evaluateAchievements(f, today)
      .filter((a) => a.met)
      .map((a) => a.id),
  );
const session = (startedAt: string, durationMinutes = 25, type = 'focus') => ({ startedAt, durationMinutes, type });
const days = (count: number, from = 1, month = '2026-03') =>
  Array.from({ length: count }, (_, i) => session(`${month}-${String(from + i).padStart(2, '0')}T10:00:00.000Z`));
const times = (count: number, day = '2026-03-10') =>
  Array.from({ length: count }, (_, i) => `${day}T${String(8 + (i % 12)).padStart(2, '0')}:00:00.000Z`);

describe('achievement catalogue', () => {
  it('has the 16 achievements of docs/product.md §9 with their points', () => {
    expect(ACHIEVEMENTS.map((a) => [a.id, a.points])).toEqual([
      ['first-login', 10],
      ['first-study-session', 20],
      ['five-day-streak', 50],
      ['task-master', 100],
      ['daily_completer', 30],
      ['task_champion', 150],
      ['early_bird', 50],
      ['night_owl', 50],
      ['focused_mind', 100],
      ['dedicated_learner', 250],
      ['monthly_master', 200],
      ['straight-as', 150],
      ['gcse-star', 100],
      ['honor_roll', 200],
      ['attendance_champion', 150],
      ['class_commitment', 150],
    ]);
  });

  it('a new user has only first-login', () => {
    expect([...met(facts({}))]).toEqual(['first-login']);
  });
});

describe('achievement rules, each at its boundary', () => {
  it.each([
    ['first-study-session', facts({ studySessions: days(1) }), facts({})],
    ['five-day-streak', facts({ studySessions: days(5, 14) }), facts({ studySessions: days(4, 14) })],
    [
      'dedicated_learner',
      facts({ studySessions: days(25, 1, '2026-02').concat(days(0)) }),
      facts({ studySessions: days(24, 1, '2026-02') }),
    ],
    [
      'task-master',
      facts({ completedTaskTimes: [...times(5, '2026-03-01'), ...times(5, '2026-03-02')] }),
      facts({ completedTaskTimes: times(9, '2026-03-01').slice(0, 9) }),
    ],
    ['daily_completer', facts({ completedTaskTimes: times(3) }), facts({ completedTaskTimes: [...times(2), ...times(2, '2026-03-11')] })],
    [
      'task_champion',
      facts({ completedTaskTimes: Array.from({ length: 25 }, (_, i) => `2026-01-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00.000Z`) }),
      facts({ completedTaskTimes: [...Array.from({ length: 24 }, () => '2026-01-15T12:00:00.000Z'), '2026-02-01T12:00:00.000Z'] }),
    ],
    [
      'early_bird',
      facts({ studySessions: Array.from({ length: 5 }, (_, i) => session(`2026-03-0${i + 1}T08:59:00.000Z`)) }),
      facts({ studySessions: Array.from({ length: 5 }, (_, i) => session(`2026-03-0${i + 1}T09:00:00.000Z`)) }),
    ],
    [
      'night_owl',
      facts({ studySessions: Array.from({ length: 5 }, (_, i) => session(`2026-03-0${i + 1}T21:00:00.000Z`)) }),
      facts({ studySessions: Array.from({ length: 5 }, (_, i) => session(`2026-03-0${i + 1}T20:59:00.000Z`)) }),
    ],
    [
      'focused_mind',
      facts({ studySessions: [session('2026-03-01T10:00:00.000Z', 120)] }),
      facts({ studySessions: [session('2026-03-01T10:00:00.000Z', 119), session('2026-03-02T10:00:00.000Z', 200, 'reading')] }),
    ],
    [
      'monthly_master',
      facts({
        studySessions: Array.from({ length: 30 }, (_, i) => session(`2026-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`, 120)),
      }),
      facts({
        studySessions: Array.from({ length: 30 }, (_, i) => session(`2026-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`, 119)),
      }),
    ],
    ['straight-as', facts({ courseMarks: [90, 95, 99] }), facts({ courseMarks: [90, 95] })],
    ['gcse-star', facts({ assessmentPercentages: [40, 90] }), facts({ assessmentPercentages: [89.99] })],
    ['honor_roll', facts({ monthlyWeightedAverages: [70, 85.01] }), facts({ monthlyWeightedAverages: [85] })],
  ] as const)('%s: met at the boundary, not just below it', (id, yes, no) => {
    expect(met(yes).has(id)).toBe(true);
    expect(met(no).has(id)).toBe(false);
  });

  it('straight-as needs every graded course at 90%+', () => {
    expect(met(facts({ courseMarks: [95, 96, 97, 89.99] })).has('straight-as')).toBe(false);
  });

  it('attendance_champion counts 30 attended classes in a row; a miss restarts the run', () => {
    const marks = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      attended: true,
      termId: 't',
    }));
    expect(met(facts({ attendance: marks })).has('attendance_champion')).toBe(true);
    const broken = marks.map((mark, i) => (i === 15 ? { ...mark, attended: false } : mark));
    expect(met(facts({ attendance: broken })).has('attendance_champion')).toBe(false);
  });

  it('class_commitment needs 95% over at least 20 marked classes of one term', () => {
    const term = (count: number, missed: number, termId = 't1') =>
      Array.from({ length: count }, (_, i) => ({
        date: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}`,
        attended: i >= missed,
        termId,
      }));
    expect(met(facts({ attendance: term(20, 1) })).has('class_commitment')).toBe(true); // 95%
    expect(met(facts({ attendance: term(20, 2) })).has('class_commitment')).toBe(false); // 90%
    expect(met(facts({ attendance: term(19, 0) })).has('class_commitment')).toBe(false); // too few
  });

  it('reads times of day in the user time zone', () => {
    // 07:30 UTC is 08:30 in Madrid (winter): early. 20:30 UTC is 21:30 in Madrid: night.
    const early = Array.from({ length: 5 }, (_, i) => session(`2026-01-0${i + 1}T07:30:00.000Z`));
    const late = Array.from({ length: 5 }, (_, i) => session(`2026-01-0${i + 1}T20:30:00.000Z`));
    const madrid = { ...emptyRewardFacts('Europe/Madrid') };
    expect(met({ ...madrid, studySessions: early }).has('early_bird')).toBe(true);
    expect(met({ ...madrid, studySessions: late }).has('night_owl')).toBe(true);
    expect(met(facts({ studySessions: late })).has('night_owl')).toBe(false);
  });

  it('reads the local hour stored with a session over the current zone (a later zone change re-dates nothing)', () => {
    // 10:00 UTC, stored as 10 when saved in UTC; the user has since moved to Los Angeles (02:00 there).
    const saved = Array.from({ length: 5 }, (_, i) => ({ ...session(`2026-01-0${i + 1}T10:00:00.000Z`), localHour: 10 }));
    const losAngeles = { ...emptyRewardFacts('America/Los_Angeles') };
    expect(met({ ...losAngeles, studySessions: saved }).has('early_bird')).toBe(false);
    expect(met({ ...losAngeles, studySessions: saved.map(({ localHour: _, ...rest }) => rest) }).has('early_bird')).toBe(true);
  });

  it('reports progress capped at the target', () => {
    const progress = evaluateAchievements(facts({ completedTaskTimes: times(4) }), TODAY);
    expect(progress.find((a) => a.id === 'task-master')).toEqual({ id: 'task-master', current: 4, target: 10, met: false });
    expect(progress.find((a) => a.id === 'daily_completer')).toEqual({ id: 'daily_completer', current: 3, target: 3, met: true });
  });
});
