import { Lock, Medal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAchievements } from '../../api/rewards';
import { useUserTimeZone } from '../../api/session';
import { QueryState } from '../../components/ui/query-state';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { ProgressBar } from '../../components/ui/progress-bar';
import { achievementTextValues, formatDate, formatNumber } from '../../lib/format';

/** The study achievements (docs/product.md §2 "Study: … achievements"); the full list lives on /rewards. */
const STUDY_ACHIEVEMENTS = [
  'first-study-session',
  'five-day-streak',
  'early_bird',
  'night_owl',
  'focused_mind',
  'dedicated_learner',
  'monthly_master',
];

export function StudyAchievements() {
  const { t } = useTranslation(['study', 'rewards']);
  const achievements = useAchievements();
  const timeZone = useUserTimeZone();
  if (!achievements.isSuccess) return <QueryState queries={[achievements]} />;
  const shown = achievements.data.filter((achievement) => STUDY_ACHIEVEMENTS.includes(achievement.id));
  if (shown.length === 0) return <EmptyState title={t('rewards:achievements.empty')} />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {shown.map((achievement) => {
        const name = t(`rewards:achievements.items.${achievement.id}.name`);
        return (
          <li key={achievement.id}>
            <Card className="flex gap-3" data-achievement={achievement.id} data-unlocked={achievement.unlocked}>
              {achievement.unlocked ? (
                <Medal aria-hidden="true" className="h-8 w-8 shrink-0 text-primary" />
              ) : (
                <Lock aria-hidden="true" className="h-8 w-8 shrink-0 text-muted-foreground" />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <h3 className="font-semibold">{name}</h3>
                <p className="text-sm text-muted-foreground">
                  {t(`rewards:achievements.items.${achievement.id}.description`, achievementTextValues(achievement.id))}
                </p>
                <ProgressBar
                  value={achievement.progress}
                  max={achievement.target}
                  label={t('rewards:achievements.progressLabel', { name })}
                />
                <p className="flex justify-between text-xs text-muted-foreground">
                  <span>
                    {achievement.unlocked && achievement.unlockedAt
                      ? t('rewards:achievements.unlockedOn', { date: formatDate(achievement.unlockedAt, timeZone) })
                      : t('rewards:achievements.locked')}
                  </span>
                  <span className="font-semibold text-foreground">
                    {t('rewards:points', { count: achievement.points, formatted: formatNumber(achievement.points) })}
                  </span>
                </p>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
