import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../api/session';
import { QueryState } from '../../components/ui/query-state';
import { ACHIEVEMENT_FILTERS, type AchievementFilter } from '../../../common/domain/achievements';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { ProgressBar } from '../../components/ui/progress-bar';
import { cn } from '../../lib/class-names';
import { achievementTextValues, formatDate, formatNumber } from '../../lib/format';
import { rewardIcon } from './reward-icons';
import { useAchievements } from '../../api/rewards';
import { PressedButtons } from '../../components/ui/pressed-buttons';

export function AchievementsTab() {
  const { t } = useTranslation('rewards');
  const timeZone = useUserTimeZone();
  const achievements = useAchievements();
  const [filter, setFilter] = useState<AchievementFilter>('all');
  if (!achievements.isSuccess) return <QueryState queries={[achievements]} />;
  const shown = achievements.data.filter(
    (a) => filter === 'all' || (filter === 'unlocked' ? a.unlocked : filter === 'locked' ? !a.unlocked : a.category === filter),
  );
  const unlockedCount = achievements.data.filter((a) => a.unlocked).length;
  return (
    <div>
      <p className="mb-3 text-sm text-muted-foreground">
        {t('achievements.summary', { unlocked: formatNumber(unlockedCount), total: formatNumber(achievements.data.length) })}
      </p>
      <PressedButtons
        look="chips"
        className="mb-4"
        options={ACHIEVEMENT_FILTERS}
        value={filter}
        onChange={setFilter}
        label={t('achievements.filterLabel')}
        text={(f) => t(`achievements.filters.${f}`)}
      />
      {shown.length === 0 ? <EmptyState title={t('achievements.empty')} /> : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((achievement) => {
          const Icon = achievement.unlocked ? rewardIcon(achievement.icon) : Lock;
          const name = t(`achievements.items.${achievement.id}.name`);
          return (
            <li key={achievement.id}>
              <Card
                className={cn('flex h-full flex-col gap-3', !achievement.unlocked && 'opacity-80')}
                data-achievement={achievement.id}
                data-unlocked={achievement.unlocked}
              >
                <div className="flex items-start gap-3">
                  <Icon
                    aria-hidden="true"
                    className={cn('h-8 w-8 shrink-0', achievement.unlocked ? 'text-primary' : 'text-muted-foreground')}
                  />
                  <div>
                    <h2 className="font-semibold">{name}</h2>
                    <p className="text-sm text-muted-foreground">
                      {t(`achievements.items.${achievement.id}.description`, achievementTextValues(achievement.id))}
                    </p>
                  </div>
                </div>
                <div className="mt-auto space-y-1">
                  <ProgressBar value={achievement.progress} max={achievement.target} label={t('achievements.progressLabel', { name })} />
                  <div className="flex justify-between text-xs text-muted-foreground">
                    <span>
                      {achievement.unlocked && achievement.unlockedAt
                        ? t('achievements.unlockedOn', { date: formatDate(achievement.unlockedAt, timeZone) })
                        : t('achievements.locked')}
                    </span>
                    <span className="font-semibold text-foreground">
                      {t('points', { count: achievement.points, formatted: formatNumber(achievement.points) })}
                    </span>
                  </div>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
