import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { CHALLENGE_FILTERS, type ChallengeFilter } from '../../../common/domain/challenges';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { ProgressBar } from '../../components/ui/progress-bar';
import { cn } from '../../lib/class-names';
import { formatCalendarDate, formatNumber } from '../../lib/format';
import { useChallenges } from '../../api/rewards';
import { PressedButtons } from '../../components/ui/pressed-buttons';

export function ChallengesTab() {
  const { t } = useTranslation('rewards');
  const challenges = useChallenges();
  const [filter, setFilter] = useState<ChallengeFilter>('all');
  if (!challenges.isSuccess) return <QueryState queries={[challenges]} />;
  const shown = challenges.data.filter((c) => filter === 'all' || c.period === filter || c.status === filter);
  return (
    <div>
      <PressedButtons
        look="chips"
        className="mb-4"
        options={CHALLENGE_FILTERS}
        value={filter}
        onChange={setFilter}
        label={t('challenges.filterLabel')}
        text={(f) => t(`challenges.filters.${f}`)}
      />
      {shown.length === 0 ? <EmptyState title={t('challenges.empty')} /> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {shown.map((challenge) => {
          const name = t(`challenges.items.${challenge.id}`, { count: challenge.target });
          return (
            <li key={challenge.id}>
              <Card className="space-y-3" data-challenge={challenge.id} data-status={challenge.status}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <h2 className="font-semibold">{name}</h2>
                    <p className="text-xs text-muted-foreground">
                      {t('challenges.period', {
                        period: t(`challenges.filters.${challenge.period}`),
                        start: formatCalendarDate(challenge.periodStart),
                        end: formatCalendarDate(challenge.periodEnd),
                      })}
                    </p>
                  </div>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      challenge.status === 'completed' ? 'bg-success/15 text-success' : 'bg-muted',
                    )}
                  >
                    {t(`challenges.filters.${challenge.status}`)}
                  </span>
                </div>
                <ProgressBar value={challenge.progress} max={challenge.target} label={name} />
                <div className="flex justify-between text-sm">
                  <span className="tabular-nums">
                    {t('challenges.progress', { progress: challenge.progress, target: challenge.target })}
                  </span>
                  <span className="font-semibold">{t('challenges.reward', { points: formatNumber(challenge.reward) })}</span>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
