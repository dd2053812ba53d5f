import { useWindowVirtualizer, windowScroll, type Virtualizer } from '@tanstack/react-virtual';
import { Bell, EyeOff, Pencil, Repeat, Trash2, Users } from 'lucide-react';
import { memo, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTaskLate } from '../../../common/domain/due-status';
import type { Task } from '../../../common/schemas/tasks.schema';
import { Button, IconButton } from '../../components/ui/button';
import { cn } from '../../lib/class-names';
import { formatDate, formatTime } from '../../lib/format';
import { dueStatusLabel } from '../../lib/due-label';
import { isOfflineTaskId } from '../../lib/pending-tasks';
import { isPhoneWindow } from '../../lib/phone-width';
import type { CourseSummary } from '../../api/tasks-writes';
import { postedByText } from './shared-task';

/** A row's height before it is measured, wider than a phone, where its actions sit in a line. */
const ROW_ESTIMATE_PX = 88;
/**
 * On a phone a row's two icon buttons stack beside its text (2 × 40 px and a 4 px gap, its padding, border
 * and the 8 px below it): no row there is shorter than 118 px. The estimate is that floor, never more: a row
 * first measured above the window is kept still when it comes out taller than its estimate, and one that
 * came out shorter, at the foot of the page, moved the view (decision 272). At 88 px a phone's first render
 * held half as many rows again as the window could show.
 */
const PHONE_ROW_ESTIMATE_PX = 118;
/** Rows drawn beyond each edge of the window: on a phone three are 354 px of scroll ahead. */
const PHONE_OVERSCAN_ROWS = 3;
const OVERSCAN_ROWS = 6;
const PRIORITY_CLASS = {
  high: 'border-red-600 text-red-700 dark:border-red-400 dark:text-red-300',
  medium: 'border-amber-600 text-amber-800 dark:border-amber-400 dark:text-amber-200',
  low: 'border-slate-500 text-slate-700 dark:border-slate-400 dark:text-slate-300',
} as const;

/** What every row needs besides its task: the clock, the user's zone and the row's actions. */
type RowContext = {
  /** Tasks with a change made offline and not sent yet (web/lib/pending-tasks.ts). */
  pendingIds?: ReadonlySet<string>;
  now: number;
  timeZone: string;
  onToggle: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/**
 * One task. Memoised: the list renders again when the virtualizer learns the list's place on the page
 * and its rows' real heights, just after they have mounted; a row whose props did not change is then
 * not rendered a second time (at 4× CPU the second render of 16 rows was a 170 ms task of /tasks' load).
 */
const TaskRow = memo(function TaskRow({
  task,
  course,
  pending,
  now,
  timeZone,
  onToggle,
  onEdit,
  onDelete,
}: {
  task: Task;
  course: CourseSummary | undefined;
  pending: boolean;
} & Omit<RowContext, 'pendingIds'>) {
  const { t } = useTranslation('tasks');
  const late = isTaskLate(task, now);
  // A task added offline has no id on the server yet: it can be completed (the queued creation
  // changes), not edited or deleted until it is sent.
  const unsent = isOfflineTaskId(task.id);
  return (
    <div
      className="flex items-start gap-3 rounded-lg border bg-card p-3 shadow-sm"
      style={{ borderLeftWidth: 6, borderLeftColor: course?.color ?? 'transparent' }}
      data-testid="task-row"
    >
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-primary"
        checked={task.completed}
        onChange={() => onToggle(task)}
        aria-label={t('list.completeLabel', { title: task.title })}
      />
      <div className="min-w-0 flex-1">
        <p className={cn('break-words font-medium', task.completed && 'text-muted-foreground line-through')}>{task.title}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className={cn('font-medium', late ? 'text-destructive' : task.completed ? '' : 'text-foreground')}>
            {dueStatusLabel(t, task, now, timeZone)}
          </span>
          {task.dueDate ? (
            <span>{t('list.dueAt', { date: formatDate(task.dueDate, timeZone), time: formatTime(task.dueDate, timeZone) })}</span>
          ) : null}
          {course ? <span className="truncate">{course.name}</span> : null}
          {task.shared ? (
            <span className="inline-flex items-center gap-1" data-testid="task-posted-by">
              <Users aria-hidden="true" className="h-3.5 w-3.5" />
              {postedByText(t, task.shared)}
            </span>
          ) : null}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          <span className={cn('rounded-full border px-2 py-0.5 font-medium', PRIORITY_CLASS[task.priority])}>
            {t('list.priority', { priority: t(`priorities.${task.priority}`) })}
          </span>
          <span className="rounded-full bg-muted px-2 py-0.5">{t(`types.${task.taskType}`)}</span>
          {late ? <span className="rounded-full bg-destructive px-2 py-0.5 text-destructive-foreground">{t('filters.late')}</span> : null}
          {task.reminderOffsetMinutes ? (
            <span className="inline-flex items-center gap-1" title={t(`reminders.offsets.${task.reminderOffsetMinutes}`)}>
              <Bell aria-hidden="true" className="h-3.5 w-3.5" />
              <span className="sr-only">{t(`reminders.offsets.${task.reminderOffsetMinutes}`)}</span>
            </span>
          ) : null}
          {pending ? (
            <span className="rounded-full border border-dashed px-2 py-0.5 font-medium" data-testid="task-pending">
              {t('offline:pending.badge')}
            </span>
          ) : null}
          {task.seriesId ? (
            <span className="inline-flex items-center gap-1" title={t('list.recurring')}>
              <Repeat aria-hidden="true" className="h-3.5 w-3.5" />
              <span className="sr-only">{t('list.recurring')}</span>
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
        <Button variant="ghost" size="sm" className="hidden sm:inline-flex" onClick={() => onToggle(task)}>
          {task.completed ? t('list.reopen') : t('list.markCompleted')}
        </Button>
        <IconButton icon={Pencil} label={t('list.editLabel', { title: task.title })} disabled={unsent} onClick={() => onEdit(task)} />
        <IconButton
          icon={task.shared ? EyeOff : Trash2}
          label={t(task.shared ? 'list.hideLabel' : 'list.deleteLabel', { title: task.title })}
          disabled={unsent}
          onClick={() => onDelete(task)}
        />
      </div>
    </div>
  );
});

/**
 * A row's height without a layout of its own: the ResizeObserver's, which the browser reports after it
 * has laid the page out; before that (the row has just mounted), the height already known or estimated.
 * The library's default reads `offsetHeight` as each row mounts, which forced the style and layout of
 * the whole new page inside React's commit: the longest task of /tasks' load at 4× CPU (issue 41).
 */
const rowHeight = (row: HTMLLIElement, entry: ResizeObserverEntry | undefined, list: Virtualizer<Window, HTMLLIElement>): number => {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = list.indexFromElement(row);
  return list.itemSizeCache.get(list.options.getItemKey(index)) ?? list.measurementsCache[index]?.size ?? list.options.estimateSize(index);
};

/**
 * The window's size, read in the next frame and on each resize; `initialRect` stands for it until then.
 * The library reads it as the list mounts, and on a phone (a page with a viewport meta) `innerHeight`
 * lays the page out first, so the new page's whole layout ran inside React's commit.
 */
const observeWindowSize = (list: Virtualizer<Window, HTMLLIElement>, report: (size: { width: number; height: number }) => void) => {
  const win = list.scrollElement;
  if (!win) return;
  const read = () => report({ width: win.innerWidth, height: win.innerHeight });
  const frame = win.requestAnimationFrame(read);
  win.addEventListener('resize', read, { passive: true });
  return () => {
    win.cancelAnimationFrame(frame);
    win.removeEventListener('resize', read);
  };
};

/** Lists that have made their first scroll write: see `scrollWindow`. */
const listsThatWroteAScroll = new WeakSet<Virtualizer<Window, HTMLLIElement>>();

/**
 * The library's scroll, without a first write that would not move the window: as the list mounts it
 * scrolls the window to the offset it read in the render, where the window already is, and `scrollTo`
 * lays the page out first, inside React's commit. Any other write (a correction, a scroll to a row, a
 * first write elsewhere) goes through; a scroll of the user's in between is not undone.
 */
const scrollWindow = (
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  list: Virtualizer<Window, HTMLLIElement>,
) => {
  const first = !listsThatWroteAScroll.has(list);
  listsThatWroteAScroll.add(list);
  if (first && offset === list.scrollOffset && !options.adjustments && !options.behavior) return;
  windowScroll(offset, options, list);
};

/**
 * The task list, virtualised against the window scroll: only the rows near the viewport are in the
 * DOM, so 3,000 tasks render as fast as 30. The rows are in the flow, between two paddings that stand
 * for the rows before and after them: the browser places each row under the one before, so a height
 * not measured yet only sizes the space below the last row, and no row is drawn at a guessed place.
 */
export function TaskList({
  tasks,
  courses,
  pendingIds,
  now,
  timeZone,
  onToggle,
  onEdit,
  onDelete,
}: {
  tasks: Task[];
  courses: Map<string, CourseSummary>;
} & RowContext) {
  const { t } = useTranslation('tasks');
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useEffect(() => {
    // The list's place as the browser's own layout found it (an IntersectionObserver reports it after a
    // frame's layout): read with getBoundingClientRect in an effect, it laid the new page out in that
    // effect's task. Until then a margin of 0 already holds every row the viewport can show.
    const list = listRef.current;
    if (!list) return;
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect();
      if (!entry) return;
      const top = entry.boundingClientRect.top + window.scrollY;
      startTransition(() => setScrollMargin(top));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  const getItemKey = useCallback((index: number) => tasks[index]?.id ?? index, [tasks]);
  const [phone] = useState(isPhoneWindow);
  const estimateSize = useCallback(() => (phone ? PHONE_ROW_ESTIMATE_PX : ROW_ESTIMATE_PX), [phone]);
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize,
    overscan: phone ? PHONE_OVERSCAN_ROWS : OVERSCAN_ROWS,
    scrollMargin,
    getItemKey,
    measureElement: rowHeight,
    observeElementRect: observeWindowSize,
    scrollToFn: scrollWindow,
    // The window's size from the start: without it the first render holds one row and the rest come in
    // a second, synchronous render inside the first commit, once the virtualizer has measured the window.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // Rows measured or moved re-render the list in React's own time, not in a flushSync of their own.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const margin = virtualizer.options.scrollMargin;
  return (
    <ul
      ref={listRef}
      aria-label={t('list.label')}
      style={{
        // The virtualizer keeps the viewport still when rows above it change height; the browser's own
        // scroll anchoring would move it a second time.
        overflowAnchor: 'none',
        paddingTop: first ? first.start - margin : 0,
        paddingBottom: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0,
      }}
      data-testid="task-list"
      data-row-estimate={estimateSize()}
    >
      {items.map((item) => {
        const task = tasks[item.index]!;
        return (
          <li key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="pb-2">
            <TaskRow
              task={task}
              course={task.courseId ? courses.get(task.courseId) : undefined}
              pending={pendingIds?.has(task.id) ?? false}
              now={now}
              timeZone={timeZone}
              onToggle={onToggle}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          </li>
        );
      })}
    </ul>
  );
}
