import { isTaskLate } from './due-status';
import { instantToMillis, type InstantInput } from './local-time';

/**
 * What the Tasks screen shows (issue 12): status, course, type and search filters, one row per
 * recurring series unless "show all" is on, and a sort. Pure, so it is tested on its own and the page
 * only memoises it. The query lives in the URL so that a reload (or a shared link) keeps it.
 */

export const TASK_VIEW_STATUSES = ['all', 'upcoming', 'late', 'completed'] as const;
export type TaskViewStatus = (typeof TASK_VIEW_STATUSES)[number];
export const TASK_SORTS = ['due', 'priority', 'title'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
/** The course filter's value for "tasks without a course". */
export const NO_COURSE = 'none';
/** Longest search kept from the URL: a title is at most 200 characters. */
export const TASK_SEARCH_MAX = 200;

export type TaskQuery = {
  status: TaskViewStatus;
  /** Free text; every word must appear in the title or description (case and accents ignored). */
  search: string;
  /** A course id, NO_COURSE, or null for any course. */
  course: string | null;
  /** A task type, or null for any. */
  type: string | null;
  sort: TaskSort;
  /** Every occurrence of a recurring series instead of its next one. */
  showAll: boolean;
};

export const DEFAULT_TASK_QUERY: TaskQuery = { status: 'all', search: '', course: null, type: null, sort: 'due', showAll: false };

/** The URL search parameters of each field (`filter` predates the others and stays for old links). */
export const TASK_QUERY_PARAMS = { status: 'filter', search: 'q', course: 'course', type: 'type', sort: 'sort', showAll: 'all' } as const;

/** The fields of a task the selection reads (the API's Task has them all). */
export type SelectableTask = {
  id: string;
  title: string;
  description: string | null;
  dueDate: InstantInput | null;
  courseId: string | null;
  taskType: string;
  priority: 'low' | 'medium' | 'high';
  completed: boolean;
  seriesId: string | null;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * Reads the query from URL parameters; anything unknown or malformed falls back to the default, so a
 * hand-edited or outdated link never breaks the page. `taskTypes` are the valid type values.
 */
export function parseTaskQuery(get: (name: string) => string | null, taskTypes: readonly string[]): TaskQuery {
  const course = get(TASK_QUERY_PARAMS.course);
  return {
    status: oneOf(TASK_VIEW_STATUSES, get(TASK_QUERY_PARAMS.status)) ?? 'all',
    search: (get(TASK_QUERY_PARAMS.search) ?? '').slice(0, TASK_SEARCH_MAX),
    // Course ids are opaque here; the page drops one that is not among the user's courses.
    course: course && course.length <= 64 ? course : null,
    type: oneOf(taskTypes, get(TASK_QUERY_PARAMS.type)),
    sort: oneOf(TASK_SORTS, get(TASK_QUERY_PARAMS.sort)) ?? 'due',
    showAll: get(TASK_QUERY_PARAMS.showAll) === '1',
  };
}

/** The URL parameters of a query: only what differs from the default, so a plain /tasks stays plain. */
export function taskQueryParams(query: TaskQuery): [string, string][] {
  const params: [string, string][] = [];
  if (query.status !== 'all') params.push([TASK_QUERY_PARAMS.status, query.status]);
  if (query.search.trim() !== '') params.push([TASK_QUERY_PARAMS.search, query.search]);
  if (query.course !== null) params.push([TASK_QUERY_PARAMS.course, query.course]);
  if (query.type !== null) params.push([TASK_QUERY_PARAMS.type, query.type]);
  if (query.sort !== 'due') params.push([TASK_QUERY_PARAMS.sort, query.sort]);
  if (query.showAll) params.push([TASK_QUERY_PARAMS.showAll, '1']);
  return params;
}

/** Lower case without accents, so "resume" finds "Résumé" and "ETUDE" finds "étude". */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

// Folded title + description per task object: the query cache keeps task objects stable, so typing in
// the search box folds 3,000 texts once, not on every keystroke.
const foldedText = new WeakMap<SelectableTask, string>();
function searchText(task: SelectableTask): string {
  let text = foldedText.get(task);
  if (text === undefined) {
    text = foldForSearch(`${task.title}\n${task.description ?? ''}`);
    foldedText.set(task, text);
  }
  return text;
}

export function matchesStatus(status: TaskViewStatus, task: SelectableTask, now: number): boolean {
  if (status === 'all') return true;
  if (status === 'completed') return task.completed;
  const late = isTaskLate(task, now);
  // A task without a due date is never late, so an open one is always upcoming.
  return status === 'late' ? late : !task.completed && !late;
}

/** The course, type and search filters (everything but the status). */
function filterOthers<T extends SelectableTask>(tasks: readonly T[], query: TaskQuery): T[] {
  const words = foldForSearch(query.search).split(/\s+/).filter(Boolean);
  if (query.course === null && query.type === null && words.length === 0) return [...tasks];
  return tasks.filter((task) => {
    if (query.course !== null && (query.course === NO_COURSE ? task.courseId !== null : task.courseId !== query.course)) return false;
    if (query.type !== null && task.taskType !== query.type) return false;
    if (words.length > 0) {
      const text = searchText(task);
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  });
}

const dueMillis = (task: SelectableTask): number => (task.dueDate === null ? Number.POSITIVE_INFINITY : instantToMillis(task.dueDate));

/** Due date ascending, tasks without one last. */
export function compareDue(a: SelectableTask, b: SelectableTask): number {
  const left = dueMillis(a);
  const right = dueMillis(b);
  return left === right ? 0 : left < right ? -1 : 1;
}

/**
 * One task per recurring series: its next open occurrence (the earliest, so an occurrence already
 * late is not hidden behind a later one), or, when every occurrence shown is completed, the most
 * recently due. Tasks outside a series pass through. `hidden` counts the occurrences left out.
 */
export function collapseSeries<T extends SelectableTask>(tasks: readonly T[]): { tasks: T[]; hidden: number } {
  const chosen = new Map<string, T>();
  for (const task of tasks) {
    if (task.seriesId === null) continue;
    const current = chosen.get(task.seriesId);
    if (current === undefined || betterRepresentative(task, current)) chosen.set(task.seriesId, task);
  }
  if (chosen.size === 0) return { tasks: [...tasks], hidden: 0 };
  const kept = tasks.filter((task) => task.seriesId === null || chosen.get(task.seriesId) === task);
  return { tasks: kept, hidden: tasks.length - kept.length };
}

function betterRepresentative(candidate: SelectableTask, current: SelectableTask): boolean {
  if (candidate.completed !== current.completed) return !candidate.completed;
  const order = compareDue(candidate, current);
  return candidate.completed ? order > 0 : order < 0;
}

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/**
 * Sorts a copy; ties keep the input order (the server's: due date, then creation). Due instants are
 * parsed once per task, not once per comparison (3,000 tasks make some 35,000 comparisons).
 */
export function sortTasks<T extends SelectableTask>(
  tasks: readonly T[],
  sort: TaskSort,
  collator: Intl.Collator = new Intl.Collator(),
): T[] {
  const keyed = tasks.map((task) => ({ task, due: dueMillis(task) }));
  const byDue = (a: { due: number }, b: { due: number }) => (a.due === b.due ? 0 : a.due < b.due ? -1 : 1);
  if (sort === 'due') keyed.sort(byDue);
  else if (sort === 'priority') keyed.sort((a, b) => PRIORITY_RANK[a.task.priority] - PRIORITY_RANK[b.task.priority] || byDue(a, b));
  else keyed.sort((a, b) => collator.compare(a.task.title, b.task.title) || byDue(a, b));
  return keyed.map((entry) => entry.task);
}

export type TaskSelection<T> = {
  /** The rows to show, in order. */
  tasks: T[];
  /** Occurrences of recurring series left out of `tasks` (0 when `showAll`). */
  hidden: number;
  /** How many rows each status would show with the other filters as they are. */
  counts: Record<TaskViewStatus, number>;
};

/** The whole pipeline: filters → one row per series (unless showAll) → sort, plus each status's count. */
export function selectTasks<T extends SelectableTask>(
  tasks: readonly T[],
  query: TaskQuery,
  now: number,
  collator?: Intl.Collator,
): TaskSelection<T> {
  const others = filterOthers(tasks, query);
  const counts = { all: 0, upcoming: 0, late: 0, completed: 0 } as Record<TaskViewStatus, number>;
  let shown: T[] = [];
  let hidden = 0;
  for (const status of TASK_VIEW_STATUSES) {
    const matching = status === 'all' ? others : others.filter((task) => matchesStatus(status, task, now));
    const collapsed = query.showAll ? { tasks: matching, hidden: 0 } : collapseSeries(matching);
    counts[status] = collapsed.tasks.length;
    if (status === query.status) {
      shown = collapsed.tasks;
      hidden = collapsed.hidden;
    }
  }
  return { tasks: sortTasks(shown, query.sort, collator), hidden, counts };
}
