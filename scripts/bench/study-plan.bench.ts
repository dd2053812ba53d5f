/**
 * Times `planStudy` (issue #40) for a semester: 300 tasks of 12 courses due over 16 weeks, the courses' weekly
 * classes from expandTimetable, evening study hours. Three cases, each the median of RUNS runs:
 * - a full plan from nothing (budget < 50 ms);
 * - a re-plan after one change (a new task) with the stored plan as the previous one (budget < 10 ms);
 * - a re-plan after a missed block.
 * Prints one line per case (`name  figure`); `scripts/bench/run.ts` adds them to its table.
 * Run: npx tsx scripts/bench/study-plan.bench.ts
 */
import {
  planStudy,
  DEFAULT_STUDY_HOURS,
  type ExistingBlock,
  type PlanInput,
  type PlanTask,
  type StudyPlan,
} from '../../common/domain/study-plan';
import { expandTimetable } from '../../common/domain/timetable';

const RUNS = 30;
const TIME_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
const START = Date.parse('2026-08-31T12:00:00Z');
const TYPES = ['assignment', 'exam', 'quiz', 'project', 'reading'] as const;

const courses = Array.from({ length: 12 }, (_, index) => ({
  id: `course-${index}`,
  termId: 'term',
  timeSlots: [0, 1, 2].map((slot) => ({
    day: 1 + ((index + slot * 2) % 5),
    startTime: `${String(8 + ((index + slot) % 8)).padStart(2, '0')}:00`,
    endTime: `${String(9 + ((index + slot) % 8)).padStart(2, '0')}:30`,
  })),
}));
const classes = expandTimetable({
  courses,
  terms: [{ id: 'term', startDate: '2026-08-31', endDate: '2026-12-18' }],
  holidays: [{ startDate: '2026-11-25', endDate: '2026-11-27' }],
  timeZone: TIME_ZONE,
  from: '2026-08-31',
  to: '2026-12-31',
});
const tasks: PlanTask[] = Array.from({ length: 300 }, (_, index) => ({
  id: `task-${String(index).padStart(3, '0')}`,
  title: `Task ${index}`,
  courseId: `course-${index % 12}`,
  taskType: TYPES[index % TYPES.length] as PlanTask['taskType'],
  dueAt: new Date(START + (3 + (index * 110) / 300) * DAY_MS + (index % 7) * 3_600_000).toISOString(),
  estimateMinutes: 25 + (index % 8) * 25,
  doneMinutes: 0,
  weight: index % 3 === 0 ? 5 + (index % 30) : null,
  credits: 2 + (index % 3),
}));
const input: PlanInput = {
  now: new Date(START).toISOString(),
  timeZone: TIME_ZONE,
  tasks,
  classes,
  hours: {
    ...DEFAULT_STUDY_HOURS,
    dailyMaxMinutes: 300,
    windows: [
      [{ startTime: '10:00', endTime: '18:00' }],
      ...Array.from({ length: 5 }, () => [{ startTime: '15:00', endTime: '22:00' }]),
      [{ startTime: '10:00', endTime: '18:00' }],
    ],
  },
  blocks: [],
};

const stored = (plan: StudyPlan): ExistingBlock[] =>
  plan.blocks.map((block, index) => ({
    id: block.id ?? `block-${index}`,
    taskId: block.taskId,
    start: block.start,
    end: block.end,
    pinned: block.pinned,
    status: 'planned',
  }));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median wall time, and the mean CPU time of this process (what the plan costs on a busy, shared machine). */
function measure(run: () => StudyPlan): { ms: number; cpuMs: number; plan: StudyPlan } {
  const timings: number[] = [];
  let plan = run();
  const cpu = process.cpuUsage();
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    plan = run();
    timings.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  return { ms: median(timings), cpuMs: (used.user + used.system) / 1000 / RUNS, plan };
}

const full = measure(() => planStudy(input));
const blocks = stored(full.plan);
const added: PlanTask = { ...(tasks[150] as PlanTask), id: 'task-new', dueAt: new Date(START + 40 * DAY_MS).toISOString() };
const change = measure(() => planStudy({ ...input, tasks: [...tasks, added], blocks }));
const first = blocks[0] as ExistingBlock;
const missed = measure(() => planStudy({ ...input, now: new Date(Date.parse(first.end) + 60_000).toISOString(), blocks }));
const short = (plan: StudyPlan) => plan.shortfalls.reduce((sum, item) => sum + item.shortMinutes, 0);

console.log(`planStudy, 300 tasks, 12 courses, ${classes.length} classes, ${TIME_ZONE}, median of ${RUNS} runs`);
const times = (figures: { ms: number; cpuMs: number }) => `${figures.ms.toFixed(2)} ms wall, ${figures.cpuMs.toFixed(2)} ms CPU`;
console.log(`full plan  ${times(full)} (goal < 50 ms)  ${full.plan.blocks.length} blocks, ${short(full.plan)} min unplaced`);
console.log(`re-plan after a new task  ${times(change)} (goal < 10 ms)  ${change.plan.moves} blocks moved`);
console.log(`re-plan after a missed block  ${times(missed)} (goal < 10 ms)  ${missed.plan.moves} blocks moved`);
