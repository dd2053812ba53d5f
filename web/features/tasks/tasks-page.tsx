import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isTaskLate } from '../../../common/domain/due-status';
import type { Task } from '../../../common/schemas/tasks.schema';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/page-state';
import { cn } from '../../lib/class-names';
import { useUserTimeZone } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { playConfetti } from '../../lib/celebrate';
import { TaskFormDialog } from './task-form';
import { TaskList } from './task-list';
import { useCourses, useDeleteTask, useSetTaskCompleted, useStopSeries, useTasks, type CourseSummary } from './tasks.api';

const FILTERS = ['all', 'upcoming', 'late', 'completed'] as const;
type Filter = (typeof FILTERS)[number];
const MINUTE_MS = 60_000;

function matches(filter: Filter, task: Task, now: number): boolean {
  if (filter === 'all') return true;
  if (filter === 'completed') return task.completed;
  return filter === 'late' ? isTaskLate(task, now) : !task.completed && !isTaskLate(task, now);
}

/** /tasks (SPEC.md §2): filters All, Upcoming, Late, Completed; ?new=1 opens the create dialog. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const [searchParams, setSearchParams] = useSearchParams();
  const tasks = useTasks();
  const courses = useCourses();
  const setCompleted = useSetTaskCompleted();
  const deleteTask = useDeleteTask();
  const stopSeries = useStopSeries();
  const [stopping, setStopping] = useState<Task | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [editing, setEditing] = useState<Task | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Task | null>(null);
  // Due dates are shown and "today" is counted on the profile's clock, as the server and Home count them.
  const timeZone = useUserTimeZone();

  const rawFilter = searchParams.get('filter');
  const filter: Filter = (FILTERS as readonly string[]).includes(rawFilter ?? '') ? (rawFilter as Filter) : 'all';

  // Home's "add assignment" quick action links here with ?new=1: the create dialog opens at once.
  const newRequested = searchParams.get('new') === '1';
  const dialogOpen = formOpen || newRequested;
  const setDialogOpen = (open: boolean) => {
    setFormOpen(open);
    if (!open && newRequested) {
      setSearchParams(
        (params) => {
          params.delete('new');
          return params;
        },
        { replace: true },
      );
    }
  };

  // Late/upcoming and "due today" move with the clock.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);

  const courseMap = useMemo(
    () => new Map<string, CourseSummary>((courses.data ?? []).map((course) => [course.id, course])),
    [courses.data],
  );
  const visible = useMemo(() => (tasks.data ?? []).filter((task) => matches(filter, task, now)), [tasks.data, filter, now]);
  const counts = useMemo(() => {
    const result: Record<Filter, number> = { all: 0, upcoming: 0, late: 0, completed: 0 };
    for (const task of tasks.data ?? []) for (const key of FILTERS) if (matches(key, task, now)) result[key] += 1;
    return result;
  }, [tasks.data, now]);

  const chooseFilter = (next: Filter) =>
    setSearchParams(
      (params) => {
        if (next === 'all') params.delete('filter');
        else params.set('filter', next);
        return params;
      },
      { replace: true },
    );

  const toggle = (task: Task) => {
    const completed = !task.completed;
    setCompleted.mutate(
      { id: task.id, completed },
      {
        onSuccess: () => {
          toast({ title: completed ? t('toasts.completed') : t('toasts.reopened'), variant: 'success' });
          if (completed) void playConfetti();
        },
        onError: () => toast({ title: t('toasts.updateError'), description: t('toasts.updateErrorDescription'), variant: 'destructive' }),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    deleteTask.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: t('toasts.deleted'), variant: 'success' });
      },
      onError: () => toast({ title: t('toasts.deleteError'), description: t('toasts.deleteErrorDescription'), variant: 'destructive' }),
    });
  };

  const confirmStopSeries = () => {
    if (!stopping?.seriesId) return;
    stopSeries.mutate(stopping.seriesId, {
      onSuccess: () => {
        setStopping(null);
        setDialogOpen(false);
        toast({ title: t('toasts.seriesStopped'), variant: 'success' });
      },
      onError: () => toast({ title: t('toasts.updateError'), description: t('toasts.updateErrorDescription'), variant: 'destructive' }),
    });
  };

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };

  let content;
  if (tasks.isPending) content = <LoadingState label={t('common:loading')} />;
  else if (tasks.isError)
    content = (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void tasks.refetch()}
      />
    );
  else if (visible.length === 0)
    content = (
      <EmptyState
        title={t(`empty.${filter}.title`)}
        description={t(`empty.${filter}.description`)}
        action={
          filter === 'all' ? (
            <Button onClick={openNew}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('actions.add')}
            </Button>
          ) : undefined
        }
      />
    );
  else
    content = (
      <TaskList
        tasks={visible}
        courses={courseMap}
        now={now}
        timeZone={timeZone}
        onToggle={toggle}
        onEdit={(task) => {
          setEditing(task);
          setFormOpen(true);
        }}
        onDelete={setDeleting}
      />
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <Button onClick={openNew}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('actions.add')}
        </Button>
      </div>
      <div role="group" aria-label={t('filters.label')} className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1 sm:grid-cols-4">
        {FILTERS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={filter === key}
            onClick={() => chooseFilter(key)}
            className={cn(
              'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              filter === key && 'bg-background text-foreground shadow-sm',
            )}
          >
            {t(`filters.${key}`)} <span className="tabular-nums">{`(${counts[key]})`}</span>
          </button>
        ))}
      </div>
      {content}
      <TaskFormDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        task={newRequested ? null : editing}
        courses={courses.data ?? []}
        onStopSeries={setStopping}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete.title')}
        description={t('delete.description', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmDelete}
        pending={deleteTask.isPending}
      />
      <ConfirmDialog
        open={stopping !== null}
        onOpenChange={(open) => {
          if (!open) setStopping(null);
        }}
        title={t('recurrence.stopTitle')}
        description={t('recurrence.stopDescription', { title: stopping?.title ?? '' })}
        confirmLabel={t('recurrence.stop')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmStopSeries}
        pending={stopSeries.isPending}
      />
    </div>
  );
}
