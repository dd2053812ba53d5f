import { Award, CalendarOff, CheckCircle2, ClipboardList, Clock, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, localDateOf } from '../../../common/domain/local-time';
import type { TimelineView } from '../../../common/schemas/progress.schema';
import { useProgressTimeline } from '../../api/progress';
import { useCourses } from '../../api/schedule';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { calendarRangeValues, formatCalendarDate, formatNumber } from '../../lib/format';

/** How far each "earlier" / "later" step reaches, in days. */
const STEP_DAYS = 60;
type Entry = TimelineView['entries'][number];

function EntryIcon({ entry }: { entry: Entry }) {
  const className = 'h-5 w-5 shrink-0';
  if (entry.kind === 'holiday') return <CalendarOff aria-hidden="true" className={`${className} text-sky-600`} />;
  if (entry.kind === 'achievement') return <Award aria-hidden="true" className={`${className} text-amber-500`} />;
  if (entry.kind === 'grade') return <GraduationCap aria-hidden="true" className={`${className} text-emerald-600`} />;
  if (entry.kind === 'assessment') return <ClipboardList aria-hidden="true" className={`${className} text-indigo-600`} />;
  if (entry.completed) return <CheckCircle2 aria-hidden="true" className={`${className} text-emerald-600`} />;
  return <Clock aria-hidden="true" className={`${className} ${entry.late ? 'text-destructive' : 'text-muted-foreground'}`} />;
}

/** Timeline: deadlines, assessments, grades, holidays and achievements, back in time and forward, by course. */
export function TimelineTab() {
  const { t } = useTranslation(['progress', 'rewards']);
  const timeZone = useUserTimeZone();
  const today = localDateOf(new Date(), timeZone);
  const [range, setRange] = useState({ from: addDays(today, -STEP_DAYS), to: addDays(today, STEP_DAYS) });
  const [courseId, setCourseId] = useState<string | null>(null);
  const courses = useCourses();
  const timeline = useProgressTimeline(range.from, range.to, courseId);
  const courseName = (id: string | null) => (id ? (courses.data?.find((course) => course.id === id)?.name ?? null) : null);

  const describe = (entry: Entry): string => {
    switch (entry.kind) {
      case 'deadline':
        return entry.completed
          ? t(entry.late ? 'timeline.doneLate' : 'timeline.doneOnTime')
          : entry.late
            ? t('timeline.overdue')
            : t('timeline.due');
      case 'grade':
        return t('timeline.grade', { percentage: formatNumber(entry.percentage ?? 0, { maximumFractionDigits: 2 }) });
      case 'assessment':
        return t('timeline.assessment');
      case 'holiday':
        return t('timeline.holiday', { end: formatCalendarDate(entry.endDate ?? entry.date, { month: 'short', day: 'numeric' }) });
      case 'achievement':
        return t('timeline.achievement');
    }
  };
  const titleOf = (entry: Entry) =>
    entry.kind === 'achievement' ? t(`rewards:achievements.items.${entry.id}.name`, { defaultValue: entry.title }) : entry.title;

  const controls = (
    <label className="space-y-1 text-sm">
      <span className="block font-medium">{t('timeline.course')}</span>
      <NativeSelect value={courseId ?? ''} onChange={(event) => setCourseId(event.target.value || null)} className="w-56 max-w-full">
        <option value="">{t('timeline.allCourses')}</option>
        {(courses.data ?? []).map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
  if (!timeline.data)
    return (
      <div className="space-y-4">
        {controls}
        <QueryState queries={[timeline]} />
      </div>
    );
  const entries = timeline.data.entries;
  const past = entries.filter((entry) => entry.date < today);
  const coming = entries.filter((entry) => entry.date >= today);
  const renderList = (list: Entry[], label: string) => (
    <ol className="space-y-2" aria-label={label}>
      {list.map((entry) => (
        <li
          key={`${entry.kind}:${entry.id}:${entry.date}`}
          className="flex gap-3 rounded-md border bg-card p-3"
          data-testid="timeline-entry"
        >
          <EntryIcon entry={entry} />
          <div className="min-w-0">
            <p className="break-words font-medium">{titleOf(entry)}</p>
            <p className="text-sm text-muted-foreground">
              {[
                formatCalendarDate(entry.date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
                describe(entry),
                courseName(entry.courseId),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {controls}
        <p className="text-sm text-muted-foreground">{t('timeline.range', calendarRangeValues(range.from, range.to))}</p>
      </div>
      <Button
        variant="outline"
        onClick={() => setRange((current) => ({ ...current, from: addDays(current.from, -STEP_DAYS) }))}
        disabled={timeline.isFetching}
      >
        {t('timeline.earlier')}
      </Button>
      {entries.length === 0 ? (
        <EmptyState title={t('timeline.empty')} description={t('timeline.emptyHint')} />
      ) : (
        <>
          <section aria-labelledby="timeline-past" className="space-y-2">
            <h2 id="timeline-past" className="text-sm font-semibold uppercase text-muted-foreground">
              {t('timeline.past')}
            </h2>
            {past.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('timeline.nothingPast')}</p>
            ) : (
              renderList(past, t('timeline.past'))
            )}
          </section>
          <section aria-labelledby="timeline-coming" className="space-y-2">
            <h2 id="timeline-coming" className="text-sm font-semibold uppercase text-muted-foreground">
              {t('timeline.coming')}
            </h2>
            {coming.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('timeline.nothingComing')}</p>
            ) : (
              renderList(coming, t('timeline.coming'))
            )}
          </section>
        </>
      )}
      <Button
        variant="outline"
        onClick={() => setRange((current) => ({ ...current, to: addDays(current.to, STEP_DAYS) }))}
        disabled={timeline.isFetching}
      >
        {t('timeline.later')}
      </Button>
    </div>
  );
}
