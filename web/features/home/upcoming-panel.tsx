import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Course } from '../../../common/schemas/schedule.schema';
import { Panel } from './dashboard-panel';
import { TaskRow } from './dashboard-rows';
import type { DatedTask } from './home-selectors';

/** How many of the next week's tasks the panel lists; "All tasks" links to the rest. */
const SHOWN = 12;

/** The open tasks due in the next seven days. */
export function UpcomingPanel({
  tasks,
  courseById,
  timeZone,
}: {
  tasks: readonly DatedTask[];
  courseById: ReadonlyMap<string, Course>;
  timeZone: string;
}) {
  const { t } = useTranslation('home');
  const courseName = (courseId: string | null) => (courseId ? (courseById.get(courseId)?.name ?? null) : null);
  return (
    <Panel id="home-upcoming" title={t('upcoming.title')} className="lg:col-span-2">
      {tasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('upcoming.none')}</p>
      ) : (
        <ul className="divide-y" data-testid="upcoming-tasks">
          {tasks.slice(0, SHOWN).map((task) => (
            <TaskRow key={task.id} task={task} courseName={courseName(task.courseId)} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <Link to="/tasks" className="inline-block text-sm text-primary underline">
        {t('upcoming.all')}
      </Link>
    </Panel>
  );
}
