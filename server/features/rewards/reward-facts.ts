import { emptyRewardFacts, type RewardFacts } from '../../../common/domain/achievements';
import type { PeriodTerm } from '../../../common/domain/challenge-periods';
import { readAll, type DbOrTx } from '../../db/client';

type GatheredFacts = RewardFacts & { terms: PeriodTerm[] };

/** What one feature knows about a user, for the achievement and challenge rules. */
type RewardFactsProvider = (db: DbOrTx, userId: string) => Promise<Partial<GatheredFacts>>;

/**
 * Features register what they know (tasks: completion times; study: sessions; grades: percentages;
 * schedule: terms, holidays, attendance). Rewards reads facts through this registry and never imports
 * the features that call it (ARCHITECTURE.md), so the dependency points one way.
 */
const providers = new Map<string, RewardFactsProvider>();

export function registerRewardFactsProvider(feature: string, provider: RewardFactsProvider): void {
  providers.set(feature, provider);
}

const LIST_KEYS = [
  'completedTaskTimes',
  'studySessions',
  'holidays',
  'gradeLoggedTimes',
  'assessmentPercentages',
  'courseMarks',
  'monthlyWeightedAverages',
  'attendance',
  'terms',
] as const;

export async function gatherRewardFacts(db: DbOrTx, userId: string, timeZone: string): Promise<GatheredFacts> {
  const facts: GatheredFacts = { ...emptyRewardFacts(timeZone), terms: [] };
  const parts = await readAll(
    db,
    [...providers.values()].map((provider) => () => provider(db, userId)),
  );
  for (const part of parts) {
    for (const key of LIST_KEYS) {
      const values = part[key];
      if (values) (facts[key] as unknown[]).push(...values);
    }
  }
  return facts;
}
