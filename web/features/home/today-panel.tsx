import { useTranslation } from 'react-i18next';
import type { TimetableOccurrence } from '../../../common/domain/timetable';
import type { Course } from '../../../common/schemas/schedule.schema';
import { Panel } from './dashboard-panel';
import { ClassRow } from './dashboard-rows';

/** Today's classes that have not ended yet. */
export function TodayPanel({
  classes,
  courseById,
  now,
}: {
  classes: readonly TimetableOccurrence[];
  courseById: ReadonlyMap<string, Course>;
  now: Date;
}) {
  const { t } = useTranslation('home');
  return (
    <Panel id="home-today" title={t('today.title')}>
      {classes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('today.none')}</p>
      ) : (
        <ul className="space-y-2" data-testid="today-classes">
          {classes.map((occurrence) => (
            <ClassRow key={occurrence.occurrenceKey} occurrence={occurrence} course={courseById.get(occurrence.courseId)} now={now} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
