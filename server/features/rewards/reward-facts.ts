import { emptyRewardFacts, type RewardFacts } from '../../../common/domain/achievements';
import type { PeriodTerm } from '../../../common/domain/challenge-periods';
import { readAll, type DbOrTx } from '../../db/client';

export type GatheredFacts = RewardFacts & { terms: PeriodTerm[] };

/** The lists a feature can tell the rules. */
export type FactLists = Omit<GatheredFacts, 'timeZone' | 'signedIn'>;

/** What one feature knows about a user, for the achievement and challenge rules. */
export type RewardFactsProvider = (db: DbOrTx, userId: string) => Promise<Partial<FactLists>>;

/**
 * Every feature's provider (tasks: completion times; study: sessions; grades: percentages; schedule:
 * terms, holidays, attendance), listed once in `server/app.ts` and handed to the routes in `AppDeps`,
 * so rewards reads facts without importing the features, and a background job that builds the same
 * list sees the same facts (decision 084).
 */
export type RewardFactsProviders = readonly RewardFactsProvider[];

/**
 * Two providers' lists, one after the other. Written out key by key so that the compiler checks each
 * list's type and refuses a new list that is not merged here (no key list, no cast).
 */
function concatFacts(facts: FactLists, part: Partial<FactLists>): FactLists {
  return {
    completedTaskTimes: [...facts.completedTaskTimes, ...(part.completedTaskTimes ?? [])],
    studySessions: [...facts.studySessions, ...(part.studySessions ?? [])],
    holidays: [...facts.holidays, ...(part.holidays ?? [])],
    gradeLoggedTimes: [...facts.gradeLoggedTimes, ...(part.gradeLoggedTimes ?? [])],
    assessmentPercentages: [...facts.assessmentPercentages, ...(part.assessmentPercentages ?? [])],
    courseMarks: [...facts.courseMarks, ...(part.courseMarks ?? [])],
    monthlyWeightedAverages: [...facts.monthlyWeightedAverages, ...(part.monthlyWeightedAverages ?? [])],
    attendance: [...facts.attendance, ...(part.attendance ?? [])],
    terms: [...facts.terms, ...(part.terms ?? [])],
  };
}

/** The user's facts: every provider's lists, read one after another inside a transaction (readAll). */
export async function gatherRewardFacts(
  db: DbOrTx,
  providers: RewardFactsProviders,
  userId: string,
  timeZone: string,
): Promise<GatheredFacts> {
  const parts = await readAll(
    db,
    providers.map((provider) => () => provider(db, userId)),
  );
  const { timeZone: zone, signedIn, ...empty } = { ...emptyRewardFacts(timeZone), terms: [] };
  return { timeZone: zone, signedIn, ...parts.reduce(concatFacts, empty) };
}
