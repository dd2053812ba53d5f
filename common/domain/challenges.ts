import type { RewardFacts } from './achievements';
import { challengePeriod, isInPeriod, type ChallengePeriodKind, type PeriodTerm } from './challenge-periods';
import { localDateOf, type InstantInput } from './local-time';

/**
 * The challenges of docs/product.md §9: task counts per day/week/month/term/year, a streak challenge (study
 * on 5 days this week) and a grading challenge (log 5 grades this month). Progress is counted from the
 * user's own records in their local calendar; weeks start on Sunday.
 */

export type ChallengeKind = 'tasks' | 'streak' | 'grading';

type ChallengeDefinition = { id: string; kind: ChallengeKind; period: ChallengePeriodKind; target: number; reward: number };

export const CHALLENGES = [
  { id: 'tasks-daily', kind: 'tasks', period: 'daily', target: 3, reward: 20 },
  { id: 'tasks-weekly', kind: 'tasks', period: 'weekly', target: 10, reward: 50 },
  { id: 'tasks-monthly', kind: 'tasks', period: 'monthly', target: 25, reward: 100 },
  { id: 'tasks-termly', kind: 'tasks', period: 'termly', target: 60, reward: 200 },
  { id: 'tasks-yearly', kind: 'tasks', period: 'yearly', target: 250, reward: 500 },
  // The streak challenge is weekly and pays like the weekly task challenge; the grading challenge is
  // monthly and pays like the monthly one (the first brief named no reward for either).
  { id: 'streak-weekly', kind: 'streak', period: 'weekly', target: 5, reward: 50 },
  { id: 'grading-monthly', kind: 'grading', period: 'monthly', target: 5, reward: 100 },
] as const satisfies readonly ChallengeDefinition[];

export type ChallengeId = (typeof CHALLENGES)[number]['id'];

export type ChallengeState = {
  id: ChallengeId;
  kind: ChallengeKind;
  period: ChallengePeriodKind;
  target: number;
  reward: number;
  progress: number;
  status: 'active' | 'completed';
  /** Inclusive local dates of the current period. */
  periodStart: string;
  periodEnd: string;
};

export const CHALLENGE_FILTERS = ['all', 'daily', 'weekly', 'monthly', 'termly', 'yearly', 'active', 'completed'] as const;
export type ChallengeFilter = (typeof CHALLENGE_FILTERS)[number];

/**
 * Every challenge's state in its current period. A termly challenge is left out when no term contains
 * today (nothing to count towards); the yearly one falls back to the calendar year.
 */
export function evaluateChallenges(facts: RewardFacts, terms: readonly PeriodTerm[], now: InstantInput): ChallengeState[] {
  const states: ChallengeState[] = [];
  for (const challenge of CHALLENGES) {
    const period = challengePeriod(challenge.period, now, facts.timeZone, terms);
    if (!period) continue;
    let progress: number;
    if (challenge.kind === 'tasks') {
      progress = facts.completedTaskTimes.filter((time) => isInPeriod(time, period)).length;
    } else if (challenge.kind === 'streak') {
      const days = new Set(
        facts.studySessions.filter((s) => isInPeriod(s.startedAt, period)).map((s) => localDateOf(s.startedAt, facts.timeZone)),
      );
      progress = days.size;
    } else {
      progress = facts.gradeLoggedTimes.filter((time) => isInPeriod(time, period)).length;
    }
    states.push({
      id: challenge.id,
      kind: challenge.kind,
      period: challenge.period,
      target: challenge.target,
      reward: challenge.reward,
      progress: Math.min(progress, challenge.target),
      status: progress >= challenge.target ? 'completed' : 'active',
      periodStart: period.startDate,
      periodEnd: period.endDate,
    });
  }
  return states;
}
