import { Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { useSearchParams } from 'react-router';
import {
  NO_COURSE,
  parseTaskQuery,
  selectTasks,
  TASK_QUERY_PARAMS,
  TASK_SEARCH_MAX,
  TASK_SORTS,
  TASK_VIEW_STATUSES,
  taskQueryParams,
  type TaskQuery,
  type TaskViewStatus,
} from '../../../common/domain/task-selection';
import { TASK_TYPES } from '../../../common/schemas/tasks.constants';
import type { Task } from '../../../common/schemas/tasks.schema';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { currentLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { playConfetti } from '../../lib/celebrate';
import { TaskFormDialog } from './task-form';
import { TaskList } from './task-list';
import { CourseOptions, TaskTypeOptions } from './task-options';
import { useCourses } from '../../api/schedule';
import { useSessionUser, useUserTimeZone } from '../../api/session';
import { useTasks } from '../../api/tasks';
import { isQueued, toastQueued, useOfflineWrites } from '../../api/offline-writes';
import { pendingTaskIds } from '../../lib/pending-tasks';
import { useDeleteTask, useSetTaskCompleted, useStopSeries, type CourseSummary } from '../../api/tasks-writes';
import { PressedButtons } from '../../components/ui/pressed-buttons';
import { PageFrame } from '../../components/ui/page-frame';
import { TasksActions } from './tasks-actions';

/** The school-calendar import, loaded on first open (decision 202). */
const LmsFeedsDialog = lazy(async () => ({ default: (await import('./calendar-import-dialog')).LmsFeedsDialog }));

const MINUTE_MS = 60_000;
/** The search box writes the URL this long after the last keystroke (Safari throttles replaceState). */
const SEARCH_URL_DELAY_MS = 300;

/**
 * /tasks (docs/product.md §2): status filters All, Upcoming, Late, Completed, plus search, course, type, sort
 * and one row per recurring series (common/domain/task-selection.ts), all kept in the URL so that a
 * reload keeps them; ?new=1 opens the create dialog.
 */
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
  // Mounted on first open and kept, so that closing gives focus back to its button.
  const [feedsOpen, setFeedsOpen] = useState(false);
  const [feedsMounted, setFeedsMounted] = useState(false);
  const [deleting, setDeleting] = useState<Task | null>(null);
  // Due dates are shown and "today" is counted on the profile's clock, as the server and Home count them.
  const timeZone = useUserTimeZone();
  const userId = useSessionUser()?.id ?? null;
  const offlineWrites = useOfflineWrites();
  const pendingIds = useMemo(() => pendingTaskIds(offlineWrites, userId), [offlineWrites, userId]);

  const parsed = useMemo(() => parseTaskQuery((name) => searchParams.get(name), TASK_TYPES), [searchParams]);
  // A course that is not (or no longer) the user's filters nothing out rather than everything.
  const query: TaskQuery = useMemo(
    () =>
      parsed.course !== null && parsed.course !== NO_COURSE && courses.data && !courses.data.some((course) => course.id === parsed.course)
        ? { ...parsed, course: null }
        : parsed,
    [parsed, courses.data],
  );
  const filter = query.status;
  // The query last asked for, until the URL shows it: navigation commits asynchronously, so a second
  // change before then (the search box's delayed write right after a filter change) builds on the
  // first instead of undoing it.
  const pending = useRef<TaskQuery | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [query]);
  const setQuery = useCallback(
    (patch: Partial<TaskQuery>) => {
      const next = { ...(pending.current ?? query), ...patch };
      pending.current = next;
      setSearchParams(
        (params) => {
          for (const name of Object.values(TASK_QUERY_PARAMS)) params.delete(name);
          for (const [name, value] of taskQueryParams(next)) params.set(name, value);
          return params;
        },
        { replace: true },
      );
    },
    [query, setSearchParams],
  );

  // The search box answers every keystroke; the URL follows once typing pauses.
  const [searchText, setSearchText] = useState(query.search);
  // The URL's search as last seen or written here: a change from elsewhere (back, a link) replaces the box.
  const [urlSearch, setUrlSearch] = useState(query.search);
  if (query.search !== urlSearch) {
    setUrlSearch(query.search);
    setSearchText(query.search);
  }
  const liveQuery = useMemo(() => ({ ...query, search: searchText }), [query, searchText]);
  useEffect(() => {
    if (searchText === query.search) return;
    const timer = window.setTimeout(() => {
      setUrlSearch(searchText);
      setQuery({ search: searchText });
    }, SEARCH_URL_DELAY_MS);
    return () => window.clearTimeout(timer);
    // A change of another filter meanwhile restarts the timer with it, so the write never undoes it.
  }, [searchText, query.search, setQuery]);

  // Home's "add assignment" quick action links here with ?new=1: the create dialog opens at once; the
  // calendar's "Add task" adds the day it was asked on (&date=), and the time of a slot (&time=).
  const newRequested = searchParams.get('new') === '1';
  const newDate = searchParams.get('date');
  const initialDue = newRequested && newDate ? { date: newDate, time: searchParams.get('time') } : undefined;
  const dialogOpen = formOpen || newRequested;
  const setDialogOpen = (open: boolean) => {
    setFormOpen(open);
    if (!open && newRequested) {
      setSearchParams(
        (params) => {
          params.delete('new');
          params.delete('date');
          params.delete('time');
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
  const language = currentLanguage();
  const collator = useMemo(() => new Intl.Collator(language, { numeric: true, sensitivity: 'base' }), [language]);
  const selection = useMemo(() => selectTasks(tasks.data ?? [], liveQuery, now, collator), [tasks.data, liveQuery, now, collator]);
  const visible = selection.tasks;
  const counts = selection.counts;
  const narrowed = liveQuery.search.trim() !== '' || query.course !== null || query.type !== null;

  const chooseFilter = (next: TaskViewStatus) => setQuery({ status: next });
  const clearFilters = () => {
    setSearchText('');
    setUrlSearch('');
    setQuery({ search: '', course: null, type: null });
  };

  // Stable for the memoised rows of the list (task-list.tsx): a new function each render would render every row again.
  const completeTask = setCompleted.mutate;
  const toggle = useCallback(
    (task: Task) => {
      const completed = !task.completed;
      completeTask(
        { id: task.id, completed },
        {
          onSuccess: (answer) => {
            if (isQueued(answer)) return toastQueued();
            toast({ title: completed ? t('toasts.completed') : t('toasts.reopened'), variant: 'success' });
            if (completed) void playConfetti();
          },
        },
      );
    },
    [completeTask, t],
  );
  const editTask = useCallback((task: Task) => {
    setEditing(task);
    setFormOpen(true);
  }, []);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteTask.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: t(deleting.shared ? 'toasts.hidden' : 'toasts.deleted'), variant: 'success' });
      },
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
    });
  };

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };

  let content;
  if (!tasks.isSuccess) content = <QueryState queries={[tasks]} />;
  else if (visible.length === 0 && narrowed)
    content = (
      <EmptyState
        title={t('empty.noMatch.title')}
        description={t('empty.noMatch.description')}
        action={
          <Button variant="outline" onClick={clearFilters}>
            {t('toolbar.clear')}
          </Button>
        }
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
        pendingIds={pendingIds}
        now={now}
        timeZone={timeZone}
        onToggle={toggle}
        onEdit={editTask}
        onDelete={setDeleting}
      />
    );

  return (
    <PageFrame
      page="/tasks"
      actions={
        <TasksActions
          onImportCalendar={() => {
            setFeedsMounted(true);
            setFeedsOpen(true);
          }}
          onAdd={openNew}
        />
      }
    >
      {feedsMounted ? (
        <Suspense fallback={null}>
          <LmsFeedsDialog open={feedsOpen} onOpenChange={setFeedsOpen} />
        </Suspense>
      ) : null}
      <div role="search" aria-label={t('toolbar.label')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <FormField label={t('toolbar.search')}>
            <Input
              type="search"
              value={searchText}
              maxLength={TASK_SEARCH_MAX}
              placeholder={t('toolbar.searchPlaceholder')}
              autoComplete="off"
              onChange={(event) => setSearchText(event.target.value)}
            />
          </FormField>
        </div>
        <FormField label={t('toolbar.course')}>
          <NativeSelect value={query.course ?? ''} onChange={(event) => setQuery({ course: event.target.value || null })}>
            <option value="">{t('toolbar.anyCourse')}</option>
            <CourseOptions courses={courses.data ?? []} noCourseValue={NO_COURSE} />
          </NativeSelect>
        </FormField>
        <FormField label={t('toolbar.type')}>
          <NativeSelect value={query.type ?? ''} onChange={(event) => setQuery({ type: event.target.value || null })}>
            <option value="">{t('toolbar.anyType')}</option>
            <TaskTypeOptions />
          </NativeSelect>
        </FormField>
        <div className="col-span-2 sm:col-span-1">
          <FormField label={t('toolbar.sort')}>
            <NativeSelect value={query.sort} onChange={(event) => setQuery({ sort: event.target.value as TaskQuery['sort'] })}>
              {TASK_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`toolbar.sorts.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </div>
      <PressedButtons
        look="segmented"
        className="grid grid-cols-2 sm:grid-cols-4"
        label={t('filters.label')}
        options={TASK_VIEW_STATUSES}
        value={filter}
        onChange={chooseFilter}
        text={(key) => (
          <>
            {t(`filters.${key}`)} <span className="tabular-nums">{`(${counts[key]})`}</span>
          </>
        )}
      />
      {selection.hidden > 0 || query.showAll ? (
        <div className="flex justify-end">
          <Button variant="link" size="sm" aria-pressed={query.showAll} onClick={() => setQuery({ showAll: !query.showAll })}>
            {query.showAll ? t('series.showNext') : t('series.showAll', { count: selection.hidden })}
          </Button>
        </div>
      ) : null}
      {content}
      <TaskFormDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        task={newRequested ? null : editing}
        courses={courses.data ?? []}
        onStopSeries={setStopping}
        initialDue={initialDue}
        initialCourseId={newRequested && query.course !== null && query.course !== NO_COURSE ? query.course : undefined}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        // A class group's copy is hidden for this user only: the others keep theirs (decision 211).
        title={t(deleting?.shared ? 'hide.title' : 'delete.title')}
        description={t(deleting?.shared ? 'hide.description' : 'delete.description', { title: deleting?.title ?? '' })}
        confirmLabel={t(deleting?.shared ? 'hide.confirm' : 'delete.confirm')}
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
    </PageFrame>
  );
}
