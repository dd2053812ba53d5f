import type { TFunction } from 'i18next';
import { CHALLENGES } from '../../../common/domain/challenges';
import { BUILT_IN_REWARDS } from '../../../common/domain/shop';
import type { PointsHistoryEntry } from '../../../common/schemas/rewards.schema';

type Reason = PointsHistoryEntry['reason'];

/** What a history line says: what happened (`title`) and what it was about (`subject`, when known). */
export type HistoryLine = { title: string; subject: string | null };

/** The name of the thing behind an entry of `reason`, in the reader's language where it is ours to name. */
function subjectOf(t: TFunction, reason: Reason, sourceId: string, label: string | null, rewardId: string | null): string | null {
  switch (reason) {
    case 'achievement':
      return t(`achievements.items.${sourceId}.name`, { defaultValue: label ?? sourceId });
    case 'challenge': {
      const challenge = CHALLENGES.find((candidate) => candidate.id === sourceId.split(':')[0]);
      return challenge ? t(`challenges.items.${challenge.id}`, { count: challenge.target }) : label;
    }
    case 'redeem':
      return rewardId && BUILT_IN_REWARDS.some((item) => item.id === rewardId) ? t(`shop.items.${rewardId}.name`) : label;
    default:
      return label;
  }
}

/**
 * Names a points history entry: "Task completed · Chemistry lab report", "Points taken back · Grade added ·
 * Essay". A reversal names what it took back (its source id is `<reason>:<id>`).
 */
export function historyLine(t: TFunction, entry: PointsHistoryEntry): HistoryLine {
  if (entry.reason === 'reversal') {
    const [reversed = '', ...rest] = entry.sourceId.split(':');
    const original = reversed as Reason;
    const what = t(`history.reasons.${original}`, { defaultValue: original });
    const subject = subjectOf(t, original, rest.join(':'), entry.label, entry.rewardId);
    return { title: t('history.reasons.reversal'), subject: subject ? `${what} · ${subject}` : what };
  }
  return { title: t(`history.reasons.${entry.reason}`), subject: subjectOf(t, entry.reason, entry.sourceId, entry.label, entry.rewardId) };
}
