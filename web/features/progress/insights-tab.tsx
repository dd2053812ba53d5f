import { useTranslation } from 'react-i18next';
import type { InsightView, ProgressSummary } from '../../../common/schemas/progress.schema';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { formatCalendarDate, formatNumber } from '../../lib/format';

const num = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });

function InsightText({ insight }: { insight: InsightView }) {
  const { t } = useTranslation('progress');
  switch (insight.kind) {
    case 'busy-week': {
      const values = {
        date: formatCalendarDate(insight.weekStart, { month: 'long', day: 'numeric' }),
        due: insight.due,
        need: num(insight.needHours),
        free: num(insight.freeHours),
      };
      return (
        <>
          <p className="font-medium">{t(insight.overCapacity ? 'insights.busyOver' : 'insights.busy', values)}</p>
          <p className="text-sm text-muted-foreground">{t('insights.busyEvidence', values)}</p>
        </>
      );
    }
    case 'course-behind':
      return (
        <>
          <p className="font-medium">
            {t('insights.behind', { name: insight.name, mark: num(insight.mark), target: num(insight.target) })}
          </p>
          <p className="text-sm text-muted-foreground">
            {insight.needed === null
              ? t('insights.behindNoNeeded')
              : t(insight.reachable ? 'insights.behindNeeded' : 'insights.behindOutOfReach', { needed: num(insight.needed) })}
          </p>
        </>
      );
    case 'late-task-type':
      return (
        <>
          <p className="font-medium">{t('insights.late', { type: t(`taskTypes.${insight.taskType}`) })}</p>
          <p className="text-sm text-muted-foreground">
            {t('insights.lateEvidence', { late: formatNumber(insight.late), total: formatNumber(insight.total) })}
          </p>
        </>
      );
    case 'best-study-time':
      return (
        <>
          <p className="font-medium">{t('insights.best', { block: t(`blocks.${insight.block}`) })}</p>
          <p className="text-sm text-muted-foreground">
            {t('insights.bestEvidence', {
              minutes: formatNumber(insight.minutes),
              total: formatNumber(insight.totalMinutes),
              sessions: insight.sessions,
              average: insight.averageMinutes,
            })}
            {insight.otherAverageMinutes === null ? null : ` ${t('insights.bestOther', { other: insight.otherAverageMinutes })}`}
          </p>
        </>
      );
  }
}

/** Insights: observations from the student's own data, each with its evidence. */
export function InsightsTab({ summary }: { summary: ProgressSummary }) {
  const { t } = useTranslation('progress');
  if (summary.insights.length === 0) return <EmptyState title={t('insights.empty')} description={t('insights.emptyHint')} />;
  return (
    <ul className="space-y-3" aria-label={t('tabs.insights')}>
      {summary.insights.map((insight, index) => (
        <li key={`${insight.kind}-${index}`}>
          <Card className="space-y-1" data-testid="insight">
            <InsightText insight={insight} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
