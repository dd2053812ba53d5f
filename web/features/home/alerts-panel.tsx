import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dueStatus } from '../../../common/domain/due-status';
import { cn } from '../../lib/class-names';
import { formatTime } from '../../lib/format';
import { Panel } from './dashboard-panel';
import type { DatedTask } from './home-selectors';

/** How many alerts the panel lists before "N more" links to /tasks. */
const SHOWN = 8;

/** Overdue and due-today tasks (the kinds the notification settings switch on), most urgent first. */
export function AlertsPanel({ alerts, now, timeZone }: { alerts: readonly DatedTask[]; now: Date; timeZone: string }) {
  const { t } = useTranslation('home');
  return (
    <Panel id="home-alerts" title={t('alerts.title')} className="lg:col-span-2">
      {alerts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('alerts.none')}</p>
      ) : (
        <ul className="space-y-2" data-testid="deadline-alerts">
          {alerts.slice(0, SHOWN).map((task) => (
            <li
              key={task.id}
              className={cn(
                'flex flex-wrap items-center justify-between gap-2 rounded-md border-l-4 bg-muted/40 px-3 py-2',
                task.daysUntil < 0 ? 'border-destructive' : 'border-amber-500',
              )}
            >
              <span className="min-w-0 break-words font-medium">{task.title}</span>
              <span className={cn('text-sm', task.daysUntil < 0 ? 'text-destructive' : 'text-muted-foreground')}>
                {task.daysUntil < 0
                  ? t('alerts.overdue', { count: -task.daysUntil })
                  : dueStatus(task.dueDate, now, timeZone) === 'late'
                    ? t('alerts.lateToday', { time: formatTime(task.dueDate, timeZone) })
                    : t('alerts.dueToday', { time: formatTime(task.dueDate, timeZone) })}
              </span>
            </li>
          ))}
          {alerts.length > SHOWN ? (
            <li>
              <Link className="text-sm text-primary underline" to="/tasks">
                {t('alerts.more', { count: alerts.length - SHOWN })}
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </Panel>
  );
}
