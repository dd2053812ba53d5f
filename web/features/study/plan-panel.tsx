import { CalendarClock, Check, Pin, PinOff, Play, SkipForward } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { applyShortfallOption, type ShortfallOption } from '../../../common/domain/study-plan';
import { useCourses } from '../../api/schedule';
import { useUserTimeZone } from '../../api/session';
import {
  usePatchStudyBlock,
  usePlanMyWeek,
  useSaveStudyHours,
  useSetTaskEstimate,
  useStudyHours,
  useStudyPlan,
  type StudyBlock,
  type StudyPlanView,
} from '../../api/study-plan';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { formatCalendarDate, formatDateTime, formatPercent, formatTime } from '../../lib/format';
import { planDays, splitMinutes } from './plan-view';
import { StudyHoursForm } from './study-hours-form';

export type { StartRequest } from './plan-view';

/** Minutes as the language writes a duration ("2 h 30 min"). */
export function useDuration(): (minutes: number) => string {
  const { t } = useTranslation('study');
  return (total) => {
    const { hours, minutes } = splitMinutes(total);
    if (hours === 0) return t('plan.duration.minutes', { minutes });
    if (minutes === 0) return t('plan.duration.hours', { hours });
    return t('plan.duration.both', { hours, minutes });
  };
}

/** The plan tab: "Plan my week", what does not fit (with choices), the week's blocks, and the study hours. */
export function PlanPanel({ onStart }: { onStart: (block: StudyBlock) => void }) {
  const { t } = useTranslation('study');
  const plan = useStudyPlan();
  const planMyWeek = usePlanMyWeek();
  if (!plan.isSuccess) return <QueryState queries={[plan]} />;
  const view = plan.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('plan.intro')}</p>
        <Button onClick={() => planMyWeek.mutate()} disabled={planMyWeek.isPending}>
          <CalendarClock aria-hidden="true" className="h-4 w-4" />
          {view.active ? t('plan.replan') : t('plan.planMyWeek')}
        </Button>
      </div>
      {view.active ? null : <EmptyState title={t('plan.emptyTitle')} description={t('plan.emptyText')} />}
      {view.shortfalls.length > 0 ? <Shortfalls view={view} /> : null}
      {view.active ? <PlanWeek view={view} onStart={onStart} /> : null}
      <StudyHoursForm />
    </div>
  );
}

function Shortfalls({ view }: { view: StudyPlanView }) {
  const { t } = useTranslation('study');
  const timeZone = useUserTimeZone();
  const duration = useDuration();
  const hours = useStudyHours();
  const saveHours = useSaveStudyHours();
  const setEstimate = useSetTaskEstimate();
  const choose = (taskId: string, option: ShortfallOption) => {
    if (option.kind === 'lower-estimate') {
      setEstimate.mutate({ taskId, estimateMinutes: Math.max(5, option.estimateMinutes) });
      return;
    }
    if (!hours.data) return;
    const { custom: _custom, ...current } = hours.data;
    const widened = applyShortfallOption(current, option);
    saveHours.mutate({ ...widened, windows: widened.windows.map((day) => [...day]) });
  };
  return (
    <SectionCard headingId="plan-shortfalls" title={t('plan.shortfallsTitle')}>
      <ul className="space-y-3">
        {view.shortfalls.map((item) => (
          <li key={item.taskId} className="space-y-2 rounded-md border border-amber-500/60 p-3" data-testid="plan-shortfall">
            <p className="text-sm">
              {t('plan.shortfall', {
                title: item.title,
                minutes: duration(item.shortMinutes),
                due: formatDateTime(item.dueAt, timeZone, { weekday: 'short' }),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              {item.options.map((option) => (
                <Button
                  key={option.kind}
                  size="sm"
                  variant="outline"
                  onClick={() => choose(item.taskId, option)}
                  disabled={saveHours.isPending || setEstimate.isPending}
                >
                  {option.kind === 'extend-hours'
                    ? t('plan.options.extend', { minutes: duration(option.minutesPerDay) })
                    : option.kind === 'weekend'
                      ? t('plan.options.weekend', { minutes: duration(option.minutes) })
                      : t('plan.options.lower', { minutes: duration(Math.max(5, option.estimateMinutes)) })}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function PlanWeek({ view, onStart }: { view: StudyPlanView; onStart: (block: StudyBlock) => void }) {
  const { t } = useTranslation('study');
  const timeZone = useUserTimeZone();
  const days = planDays(view.blocks, new Date(), timeZone);
  return (
    <SectionCard headingId="plan-week" title={t('plan.weekTitle')}>
      {days.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('plan.weekEmpty')}</p>
      ) : (
        <ol className="space-y-4">
          {days.map((day) => (
            <li key={day.date}>
              <h3 className="mb-2 text-sm font-semibold">
                {formatCalendarDate(day.date, { weekday: 'long', month: 'long', day: 'numeric' })}
              </h3>
              <ul className="space-y-2">
                {day.blocks.map((block) => (
                  <BlockRow key={block.id} block={block} onStart={onStart} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

function BlockRow({ block, onStart }: { block: StudyBlock; onStart: (block: StudyBlock) => void }) {
  const { t } = useTranslation('study');
  const timeZone = useUserTimeZone();
  const courses = useCourses();
  const duration = useDuration();
  const patch = usePatchStudyBlock();
  const course = courses.data?.find((item) => item.id === block.courseId) ?? null;
  const planned = block.status === 'planned';
  const reason = block.reason;
  const why = reason
    ? [
        t('plan.reason', {
          title: block.title,
          due: formatDateTime(reason.dueAt, timeZone, { weekday: 'short' }),
          left: duration(reason.leftMinutes),
          estimate: duration(reason.estimateMinutes),
        }),
        reason.weight !== null && course ? t('plan.reasonWeight', { weight: formatPercent(reason.weight), course: course.name }) : null,
      ]
        .filter(Boolean)
        .join(t('plan.reasonJoin'))
    : null;
  return (
    <li className="rounded-md border p-3" data-testid="plan-block" data-status={block.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="flex flex-wrap gap-x-2 font-medium">
          <span className="tabular-nums">
            {t('plan.timeRange', { start: formatTime(block.start, timeZone), end: formatTime(block.end, timeZone) })}
          </span>
          <span>{block.title}</span>
        </p>
        <span className="text-xs text-muted-foreground">
          {t(`plan.status.${block.status}`)}
          {block.pinned ? ` · ${t('plan.pinned')}` : ''}
        </span>
      </div>
      {why ? <p className="mt-1 text-sm text-muted-foreground">{why}</p> : null}
      {planned ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onStart(block)} aria-label={t('plan.startLabel', { title: block.title })}>
            <Play aria-hidden="true" className="h-4 w-4" />
            {t('plan.start')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => patch.mutate({ id: block.id, status: 'done' })}
            aria-label={t('plan.doneLabel', { title: block.title })}
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            {t('plan.done')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => patch.mutate({ id: block.id, status: 'skipped' })}
            aria-label={t('plan.skipLabel', { title: block.title })}
          >
            <SkipForward aria-hidden="true" className="h-4 w-4" />
            {t('plan.skip')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={block.pinned}
            onClick={() => patch.mutate({ id: block.id, pinned: !block.pinned })}
            aria-label={t(block.pinned ? 'plan.unpinLabel' : 'plan.pinLabel', { title: block.title })}
          >
            {block.pinned ? <PinOff aria-hidden="true" className="h-4 w-4" /> : <Pin aria-hidden="true" className="h-4 w-4" />}
            {block.pinned ? t('plan.unpin') : t('plan.pin')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
