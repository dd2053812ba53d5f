import { addDays, instantToMillis, localDateOf, parseTimeOfDay, utcMillisOf, weekdayOf } from './local-time';
import type { STUDY_BLOCK_STATUSES } from '../schemas/study-plan.schema';
import type { ProgressTaskType } from './progress-data';
import { DEFAULT_HOURS } from './workload-forecast';

/**
 * The study planner (issue #40; docs/decisions/206-study-plan-placement.md, 207-study-plan-stability.md):
 * puts the time each open task still needs into the student's free study time, before each due instant.
 *
 * 1. Free time. Each local day from now to the last due date (at most MAX_HORIZON_DAYS) offers the study
 *    windows of its weekday (`StudyHours.windows`, local wall-clock times, DST resolved as utcMillisOf does),
 *    minus every class meeting (expandTimetable's occurrences, so holidays and terms apply), minus the blocks
 *    that stay where they are (pinned, done, running) with a break either side.
 * 2. Need. A task needs `estimateMinutes − doneMinutes − minutes of its pinned or running blocks`, rounded up to
 *    whole focus units (`unitMinutes`, the focus timer's length). A block is 25–120 minutes: a whole number of
 *    units, at least ceil(25 / unit) of them.
 * 3. Order. Tasks by local due date, then by weight (an assessment's weight in its course × the course's credits
 *    / 3, WEIGHT_DEFAULT when unknown) highest first, then by due instant, then by id: the same inputs give the
 *    same plan.
 * 4. Stability. The previous plan's future blocks are kept where they still fit (free time, before the deadline
 *    less the buffer, the day's maximum, the task's need), earliest first; only the rest is placed anew. Should
 *    keeping them leave more work unplaced than planning afresh, the fresh plan wins (deadlines before stability).
 * 5. Placement. Each task's remaining units go, in order, into the earliest free time that ends before
 *    `due − bufferMinutes`, as long blocks as fit (up to 120 min), never past the day's `dailyMaxMinutes`,
 *    `breakMinutes` apart.
 * 6. What does not fit is never dropped silently: each such task is listed with the minutes that did not fit
 *    and what would make them fit (longer study hours, weekend time before the deadline, a lower estimate).
 */
export const MIN_BLOCK_MINUTES = 25;
export const MAX_BLOCK_MINUTES = 120;
export const MAX_HORIZON_DAYS = 180;
/** The weight × credits score of a task with no matching assessment (a typical 10 % piece of a 3-credit course). */
export const WEIGHT_DEFAULT = 10;
/** Finished tasks of a (course, type) needed before their median replaces the wider suggestion. */
export const MIN_ESTIMATE_SAMPLES = 2;
/** The quick picks of the estimate field, in minutes (15 min … 8 h). */
export const ESTIMATE_QUICK_PICKS = [15, 30, 60, 90, 120, 180, 240, 360, 480] as const;
export const ESTIMATE_MAX_MINUTES = 6000;

export type StudyWindow = { startTime: string; endTime: string };
export type StudyHours = {
  /** Per weekday (0 = Sunday … 6 = Saturday), the local windows the student is willing to study in. */
  windows: readonly (readonly StudyWindow[])[];
  dailyMaxMinutes: number;
  breakMinutes: number;
  /** Work is planned to end this long before the due instant. */
  bufferMinutes: number;
  /** The focus timer's focus length: blocks are whole multiples of it. */
  unitMinutes: number;
};

export const DEFAULT_STUDY_HOURS: StudyHours = {
  windows: [[], ...Array.from({ length: 5 }, () => [{ startTime: '16:00', endTime: '21:00' }]), []],
  dailyMaxMinutes: 240,
  breakMinutes: 10,
  bufferMinutes: 120,
  unitMinutes: 25,
};

export type PlanTask = {
  id: string;
  title: string;
  courseId: string | null;
  taskType: ProgressTaskType;
  /** The due instant (ISO). Tasks without one are not planned. */
  dueAt: string;
  estimateMinutes: number;
  /** Focus minutes already spent on it (its done blocks). */
  doneMinutes: number;
  /** The matching assessment's weight in its course (0–100), or null. */
  weight: number | null;
  credits: number | null;
};

/** A stored block's status (the schema's list, the one place it is spelled out). */
export type BlockStatus = (typeof STUDY_BLOCK_STATUSES)[number];
export type ExistingBlock = { id: string; taskId: string; start: string; end: string; pinned: boolean; status: BlockStatus };
export type BusyInterval = { start: string; end: string };

export type PlanInput = {
  now: string;
  timeZone: string;
  tasks: readonly PlanTask[];
  /** Class meetings (expandTimetable) from today to the horizon. */
  classes: readonly BusyInterval[];
  hours: StudyHours;
  /** The stored blocks: the previous plan (planned), pinned ones, and history (done, skipped, missed). */
  blocks: readonly ExistingBlock[];
};

/** Why a block is where it is: the web writes the sentence ("…: due Thu 11:59 PM, 2 h left of 3 h, worth 20 % of …"). */
export type BlockReason = { dueAt: string; leftMinutes: number; estimateMinutes: number; weight: number | null };
export type PlannedBlock = {
  /** The stored block it keeps, or null for a new one. */
  id: string | null;
  taskId: string;
  start: string;
  end: string;
  minutes: number;
  pinned: boolean;
  reason: BlockReason;
};
export type ShortfallOption =
  | { kind: 'extend-hours'; minutesPerDay: number }
  | { kind: 'weekend'; minutes: number }
  | { kind: 'lower-estimate'; estimateMinutes: number };
export type Shortfall = { taskId: string; dueAt: string; shortMinutes: number; options: ShortfallOption[] };
export type StudyPlan = {
  /** Every block from now on (planned, pinned, running), by start. */
  blocks: PlannedBlock[];
  /** Stored planned blocks that ended unstarted before now: they become `missed`, their time is placed anew. */
  missedIds: string[];
  /** Stored future planned blocks the plan no longer has (moved, or their task no longer needs them). */
  removedIds: string[];
  /** Stored future planned blocks of open tasks not kept as they were (removedIds also holds those of closed tasks). */
  moves: number;
  shortfalls: Shortfall[];
};

const MINUTE = 60_000;
/** An ISO instant's epoch milliseconds (instantToMillis's check, without its pattern: the inputs come from the server's rows). */
function millisOf(instant: string): number {
  const millis = Date.parse(instant);
  if (!Number.isFinite(millis)) throw new RangeError(`Expected an ISO instant, got "${instant}"`);
  return millis;
}
type Free = { start: number; end: number; day: string };
type Task = PlanTask & { due: number; deadline: number; dueDay: string; score: number; needUnits: number };

/** The weight × credits score used to order tasks due the same day. */
export function taskScore(task: Pick<PlanTask, 'weight' | 'credits'>): number {
  return (task.weight ?? WEIGHT_DEFAULT) * ((task.credits ?? 3) / 3);
}

function unitsOf(hours: StudyHours) {
  const unit = hours.unitMinutes;
  const minUnits = Math.max(1, Math.ceil(MIN_BLOCK_MINUTES / unit));
  const maxUnits = Math.max(minUnits, Math.floor(MAX_BLOCK_MINUTES / unit));
  return { unit, minUnits, maxUnits };
}

/** Local study windows of each day in [fromDay, toDay] as UTC intervals, minus busy time (sorted, may overlap). */
function freeTime(
  fromDay: string,
  toDay: string,
  hours: StudyHours,
  timeZone: string,
  busy: { start: number; end: number }[],
  from: number,
): Free[] {
  const free: Free[] = [];
  let pointer = 0;
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const windows = [...(hours.windows[weekdayOf(day)] ?? [])].sort((a, b) => parseTimeOfDay(a.startTime) - parseTimeOfDay(b.startTime));
    for (const window of windows) {
      let start = Math.max(from, utcMillisOf(day, window.startTime, timeZone));
      const end = utcMillisOf(day, window.endTime, timeZone);
      if (end <= start) continue;
      while (pointer < busy.length && (busy[pointer] as { end: number }).end <= start) pointer++;
      for (let index = pointer; index < busy.length && start < end; index++) {
        const interval = busy[index] as { start: number; end: number };
        if (interval.start >= end) break;
        if (interval.end <= start) continue;
        if (interval.start > start) free.push({ start, end: interval.start, day });
        start = Math.max(start, interval.end);
      }
      if (start < end) free.push({ start, end, day });
    }
  }
  return free;
}

/** The index of the last piece starting at or before `time` (-1 if none); `free` is sorted and disjoint. */
function pieceAt(free: readonly Free[], time: number): number {
  let low = 0;
  let high = free.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((free[middle] as Free).start <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Removes [start, end) from the free list (in place). */
function carve(free: Free[], start: number, end: number): void {
  let index = Math.max(0, pieceAt(free, start));
  while (index < free.length) {
    const piece = free[index] as Free;
    if (piece.start >= end) break;
    if (piece.end <= start) {
      index++;
      continue;
    }
    const replacement: Free[] = [];
    if (piece.start < start) replacement.push({ ...piece, end: start });
    if (piece.end > end) replacement.push({ ...piece, start: end });
    free.splice(index, 1, ...replacement);
    index += replacement.length;
  }
}

function contains(free: readonly Free[], start: number, end: number): Free | null {
  const piece = free[pieceAt(free, start)];
  return piece && piece.end >= end ? piece : null;
}

type Placement = { taskId: string; start: number; end: number; keptId: string | null };

function place(
  tasks: readonly Task[],
  baseFree: readonly Free[],
  baseUsed: ReadonlyMap<string, number>,
  keep: readonly { id: string; taskId: string; start: number; end: number }[],
  hours: StudyHours,
): { placements: Placement[]; short: Map<string, number> } {
  const { unit, minUnits, maxUnits } = unitsOf(hours);
  const brk = hours.breakMinutes * MINUTE;
  const free = baseFree.map((piece) => ({ ...piece }));
  const used = new Map(baseUsed);
  const need = new Map(tasks.map((task) => [task.id, task.needUnits]));
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const placements: Placement[] = [];
  for (const block of keep) {
    const task = byId.get(block.taskId);
    const units = Math.round((block.end - block.start) / (unit * MINUTE));
    const left = need.get(block.taskId) ?? 0;
    if (!task || units < minUnits || units > maxUnits || units * unit * MINUTE !== block.end - block.start) continue;
    if (units > left || block.end > task.deadline) continue;
    const piece = contains(free, block.start, block.end);
    if (!piece || (used.get(piece.day) ?? 0) + units * unit > hours.dailyMaxMinutes) continue;
    used.set(piece.day, (used.get(piece.day) ?? 0) + units * unit);
    need.set(block.taskId, left - units);
    carve(free, block.start - brk, block.end + brk);
    placements.push({ taskId: block.taskId, start: block.start, end: block.end, keptId: block.id });
  }
  const short = new Map<string, number>();
  // Pieces before `first` can take no block any more: too short, or on a day already at its maximum.
  let first = 0;
  const minLength = minUnits * unit * MINUTE;
  const dayFull = (day: string) => hours.dailyMaxMinutes - (used.get(day) ?? 0) < minUnits * unit;
  for (const task of tasks) {
    let left = need.get(task.id) ?? 0;
    if (left === 0) continue;
    while (
      first < free.length &&
      ((free[first] as Free).end - (free[first] as Free).start < minLength || dayFull((free[first] as Free).day))
    )
      first++;
    for (let index = first; index < free.length && left > 0; index++) {
      const piece = free[index] as Free;
      if (piece.start >= task.deadline) break;
      const room = Math.floor((Math.min(piece.end, task.deadline) - piece.start) / (unit * MINUTE));
      const dayLeft = Math.floor((hours.dailyMaxMinutes - (used.get(piece.day) ?? 0)) / unit);
      const units = Math.min(Math.max(left, minUnits), maxUnits, room, dayLeft);
      if (units < minUnits) continue;
      const start = piece.start;
      const end = start + units * unit * MINUTE;
      placements.push({ taskId: task.id, start, end, keptId: null });
      used.set(piece.day, (used.get(piece.day) ?? 0) + units * unit);
      left = Math.max(0, left - units);
      // The break after the block is taken from every piece it reaches, not only this one: a block ending
      // at a window's end (23:55) must not be followed by one at the next window's start (00:00). A kept
      // block carves its break the same way, so a re-plan would otherwise move the one placed too close.
      carve(free, start, end + brk);
      index--; // the rest of this piece (now at `index` again) may take another block
    }
    if (left > 0) short.set(task.id, left * unit);
  }
  return { placements, short };
}

const sumShort = (short: ReadonlyMap<string, number>) => [...short.values()].reduce((sum, value) => sum + value, 0);

/**
 * Whether a fresh plan could do better: some kept block of a task planned after a short task sits before that
 * task's deadline. Otherwise the kept blocks took no time the short task could have had, and the fresh plan
 * (twice the work) is skipped.
 */
function keptBlocksStandInTheWay(tasks: readonly Task[], result: { placements: Placement[]; short: ReadonlyMap<string, number> }): boolean {
  const rank = new Map(tasks.map((task, index) => [task.id, index]));
  let earliestShort = Number.POSITIVE_INFINITY;
  let latestDeadline = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (!result.short.has(task.id)) continue;
    earliestShort = Math.min(earliestShort, rank.get(task.id) as number);
    latestDeadline = Math.max(latestDeadline, task.deadline);
  }
  return result.placements.some(
    (placement) => placement.keptId !== null && (rank.get(placement.taskId) ?? -1) > earliestShort && placement.start < latestDeadline,
  );
}

/** The plan (see the module comment). Pure: the same input gives the same plan. Throws RangeError on a bad zone or time. */
export function planStudy(input: PlanInput): StudyPlan {
  const { hours, timeZone } = input;
  const { unit } = unitsOf(hours);
  const now = instantToMillis(input.now);
  const today = localDateOf(now, timeZone);
  const brk = hours.breakMinutes * MINUTE;
  const fixedBusy: { start: number; end: number }[] = input.classes.map((meeting) => ({
    start: millisOf(meeting.start),
    end: millisOf(meeting.end),
  }));
  const used = new Map<string, number>();
  const planned = new Map<string, number>();
  const fixed: PlannedBlock[] = [];
  const missedIds: string[] = [];
  const previous: { id: string; taskId: string; start: number; end: number }[] = [];
  const openIds = new Set(input.tasks.filter((task) => millisOf(task.dueAt) > now).map((task) => task.id));
  // Future planned blocks of tasks no longer open (finished, deleted, undated): removed, not counted as moves.
  const orphanIds: string[] = [];
  // A kept block answers its stored instants as they came (no re-formatting).
  const isoOf = new Map<string, [string, string]>();

  // Blocks start on a 5-minute mark at least a minute ahead: a block placed now is not already running.
  const from = Math.ceil((now + MINUTE) / (5 * MINUTE)) * 5 * MINUTE;
  for (const block of input.blocks) {
    const start = millisOf(block.start);
    const end = millisOf(block.end);
    const minutes = Math.round((end - start) / MINUTE);
    if (block.status === 'done') {
      if (end > now - 86_400_000 * 2) {
        const day = localDateOf(start, timeZone);
        used.set(day, (used.get(day) ?? 0) + minutes);
        if (end > now) fixedBusy.push({ start: start - brk, end: end + brk });
      }
      continue;
    }
    if (block.status !== 'planned') continue;
    if (end <= now) {
      missedIds.push(block.id);
      continue;
    }
    if (block.pinned || start <= now || (start < from && openIds.has(block.taskId))) {
      // Pinned and running blocks stay where they are, whatever else changes; so does one starting before the
      // free time does (within the minute ahead): placed again it would only move later and lose its push.
      const day = localDateOf(start, timeZone);
      used.set(day, (used.get(day) ?? 0) + minutes);
      fixedBusy.push({ start: start - brk, end: end + brk });
      planned.set(block.taskId, (planned.get(block.taskId) ?? 0) + minutes);
      fixed.push({
        id: block.id,
        taskId: block.taskId,
        start: block.start,
        end: block.end,
        minutes,
        pinned: block.pinned,
        reason: null as never,
      });
      continue;
    }
    if (openIds.has(block.taskId)) {
      previous.push({ id: block.id, taskId: block.taskId, start, end });
      isoOf.set(block.id, [block.start, block.end]);
    } else orphanIds.push(block.id);
  }
  fixedBusy.sort((a, b) => a.start - b.start || a.end - b.end);
  previous.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1));

  let lastDay = today;
  const tasks: Task[] = [];
  const horizonEnd = addDays(today, MAX_HORIZON_DAYS);
  for (const task of input.tasks) {
    const due = millisOf(task.dueAt);
    if (due <= now) continue;
    const dueDay = localDateOf(due, timeZone);
    const needMinutes = Math.max(0, task.estimateMinutes - task.doneMinutes - (planned.get(task.id) ?? 0));
    tasks.push({
      id: task.id,
      title: task.title,
      courseId: task.courseId,
      taskType: task.taskType,
      dueAt: task.dueAt,
      estimateMinutes: task.estimateMinutes,
      doneMinutes: task.doneMinutes,
      weight: task.weight,
      credits: task.credits,
      due,
      deadline: due - hours.bufferMinutes * MINUTE,
      dueDay,
      score: taskScore(task),
      needUnits: Math.ceil(needMinutes / unit),
    });
    if (dueDay > lastDay) lastDay = dueDay;
  }
  if (lastDay > horizonEnd) lastDay = horizonEnd;
  tasks.sort((a, b) =>
    a.dueDay < b.dueDay ? -1 : a.dueDay > b.dueDay ? 1 : b.score - a.score || a.due - b.due || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );

  const free = freeTime(today, lastDay, hours, timeZone, fixedBusy, from);
  let result = place(tasks, free, used, previous, hours);
  if (previous.length > 0 && sumShort(result.short) > 0 && keptBlocksStandInTheWay(tasks, result)) {
    const fresh = place(tasks, free, used, [], hours);
    if (sumShort(fresh.short) < sumShort(result.short)) result = fresh;
  }

  const byId = new Map(tasks.map((task) => [task.id, task]));
  const allTasks = new Map(input.tasks.map((task) => [task.id, task]));
  const reasonOf = (taskId: string): BlockReason => {
    const task = allTasks.get(taskId);
    if (!task) return { dueAt: '', leftMinutes: 0, estimateMinutes: 0, weight: null };
    return {
      dueAt: task.dueAt,
      leftMinutes: Math.max(0, task.estimateMinutes - task.doneMinutes),
      estimateMinutes: task.estimateMinutes,
      weight: task.weight,
    };
  };
  const keptIds = new Set(result.placements.map((placement) => placement.keptId).filter((id): id is string => id !== null));
  const movedIds = previous.filter((block) => !keptIds.has(block.id)).map((block) => block.id);
  const blocks: PlannedBlock[] = [
    ...fixed.map((block) => ({ ...block, reason: reasonOf(block.taskId) })),
    ...result.placements.map((placement) => ({
      id: placement.keptId,
      taskId: placement.taskId,
      start: (placement.keptId !== null ? isoOf.get(placement.keptId)?.[0] : undefined) ?? new Date(placement.start).toISOString(),
      end: (placement.keptId !== null ? isoOf.get(placement.keptId)?.[1] : undefined) ?? new Date(placement.end).toISOString(),
      minutes: Math.round((placement.end - placement.start) / MINUTE),
      pinned: false,
      reason: reasonOf(placement.taskId),
    })),
  ].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.taskId < b.taskId ? -1 : 1));

  const shortfalls: Shortfall[] = [];
  for (const [taskId, shortMinutes] of result.short) {
    const task = byId.get(taskId) as Task;
    // Spread over the days that have study time before the deadline (a day without a window gains nothing).
    const days = Math.max(1, studyDaysBefore(today, task, hours, timeZone, now));
    const options: ShortfallOption[] = [{ kind: 'extend-hours', minutesPerDay: Math.ceil(shortMinutes / days / 5) * 5 }];
    const weekend = weekendMinutes(today, task.dueDay, hours);
    if (weekend > 0) options.push({ kind: 'weekend', minutes: Math.min(weekend, shortMinutes) });
    options.push({ kind: 'lower-estimate', estimateMinutes: Math.max(0, task.estimateMinutes - shortMinutes) });
    shortfalls.push({ taskId, dueAt: task.dueAt, shortMinutes, options });
  }
  return { blocks, missedIds, removedIds: [...movedIds, ...orphanIds], moves: movedIds.length, shortfalls };
}

/** The local days from today to the task's deadline with a study window open between now and the deadline. */
function studyDaysBefore(today: string, task: Task, hours: StudyHours, timeZone: string, now: number): number {
  let count = 0;
  const lastDay = localDateOf(task.deadline, timeZone);
  for (let day = today; day <= lastDay; day = addDays(day, 1)) {
    const windows = hours.windows[weekdayOf(day)] ?? [];
    if (
      windows.some(
        (window) => utcMillisOf(day, window.startTime, timeZone) < task.deadline && utcMillisOf(day, window.endTime, timeZone) > now,
      )
    )
      count += 1;
  }
  return count;
}

/** Weekend minutes before `dueDay` a student who studies no weekends could open (up to the daily maximum a day). */
function weekendMinutes(today: string, dueDay: string, hours: StudyHours): number {
  let total = 0;
  for (let day = today; day < dueDay; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    if ((weekday === 0 || weekday === 6) && (hours.windows[weekday] ?? []).length === 0) total += hours.dailyMaxMinutes;
  }
  return total;
}

/** Study hours widened by a shortfall option: longer windows (`extend-hours`) or a weekend window (`weekend`). */
export function applyShortfallOption(hours: StudyHours, option: ShortfallOption): StudyHours {
  if (option.kind === 'extend-hours') {
    const extra = option.minutesPerDay;
    return {
      ...hours,
      dailyMaxMinutes: Math.min(1440, hours.dailyMaxMinutes + extra),
      windows: hours.windows.map((windows) =>
        windows.map((window) => {
          const end = Math.min(23 * 60 + 59, parseTimeOfDay(window.endTime) / MINUTE + extra);
          return { ...window, endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}` };
        }),
      ),
    };
  }
  if (option.kind === 'weekend') {
    return {
      ...hours,
      windows: hours.windows.map((windows, weekday) =>
        (weekday === 0 || weekday === 6) && windows.length === 0 ? [{ startTime: '10:00', endTime: '18:00' }] : windows,
      ),
    };
  }
  return hours;
}

/**
 * Study hours from a timetable: each weekday from the end of its last class (not before 16:00, rounded up to the
 * half hour) to 21:00; weekends free of study. A weekday whose classes run past 20:00 gets no window.
 */
export function studyHoursFromTimetable(slots: readonly { day: number; endTime: string }[]): StudyHours {
  const latest = new Map<number, number>();
  for (const slot of slots) latest.set(slot.day, Math.max(latest.get(slot.day) ?? 0, parseTimeOfDay(slot.endTime) / MINUTE));
  const windows = DEFAULT_STUDY_HOURS.windows.map((defaults, weekday) => {
    const last = latest.get(weekday);
    if (defaults.length === 0 || last === undefined) return defaults;
    const start = Math.max(16 * 60, Math.ceil(last / 30) * 30);
    if (start > 20 * 60) return [];
    return [{ startTime: `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`, endTime: '21:00' }];
  });
  return { ...DEFAULT_STUDY_HOURS, windows };
}

export type EstimateSample = { courseId: string | null; taskType: ProgressTaskType; focusMinutes: number };
export type EstimateSuggestion = { minutes: number; source: 'course-history' | 'type-history' | 'default' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const roundTo5 = (minutes: number) => Math.max(15, Math.round(minutes / 5) * 5);

/**
 * The estimate the task form suggests: the median focus time of the student's finished tasks of the same course and
 * type (at least MIN_ESTIMATE_SAMPLES), else of the type, else the workload forecast's default for the type.
 */
export function suggestEstimate(
  samples: readonly EstimateSample[],
  courseId: string | null,
  taskType: ProgressTaskType,
): EstimateSuggestion {
  const own = samples.filter((sample) => sample.focusMinutes > 0 && sample.taskType === taskType);
  const course = own.filter((sample) => sample.courseId === courseId && courseId !== null);
  if (course.length >= MIN_ESTIMATE_SAMPLES)
    return { minutes: roundTo5(median(course.map((sample) => sample.focusMinutes))), source: 'course-history' };
  if (own.length >= MIN_ESTIMATE_SAMPLES)
    return { minutes: roundTo5(median(own.map((sample) => sample.focusMinutes))), source: 'type-history' };
  return { minutes: DEFAULT_HOURS[taskType] * 60, source: 'default' };
}
