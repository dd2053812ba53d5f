import { courseMark, type AssessmentScore } from '../../../common/domain/gpa';
import {
  formatGradePoints,
  formatPercentage,
  gpa4For,
  gradeFor,
  percentageOf,
  type BuiltInGradingSystemKey,
} from '../../../common/domain/grading-systems';
import { abWeekOf, expandTimetable, type AbWeek, type TimetableCourse, type TimetableTerm } from '../../../common/domain/timetable';

/**
 * The landing page's demo (docs/decisions/096-landing-demo.md): a sample student's week, tasks and
 * grade, computed by the app's own rules (timetable expansion with an A/B rotation, due-date status,
 * weighted course mark, grading systems) — not a screenshot. The sample sits on fixed dates in UTC
 * and the page shows weekdays and relative days only, so the prerendered page never goes stale.
 */
export const DEMO_TIME_ZONE = 'UTC';

export type DemoCourseId = 'maths' | 'biology' | 'history' | 'english' | 'physics' | 'art';

/** Course colours as the app stores them (a course's `color`). */
export const DEMO_COURSE_COLORS: Readonly<Record<DemoCourseId, string>> = {
  maths: '#2563eb',
  biology: '#16a34a',
  history: '#d97706',
  english: '#9333ea',
  physics: '#dc2626',
  art: '#db2777',
};

const TERM: TimetableTerm = { id: 'autumn', startDate: '2025-09-01', endDate: '2025-12-19', rotation: { kind: 'ab', firstWeek: 'A' } };

type DemoCourse = TimetableCourse & { id: DemoCourseId };

const COURSES: readonly DemoCourse[] = [
  {
    id: 'maths',
    termId: TERM.id,
    timeSlots: [
      { day: 1, startTime: '08:30', endTime: '09:30' },
      { day: 3, startTime: '10:00', endTime: '11:00' },
      { day: 5, startTime: '08:30', endTime: '09:30' },
    ],
  },
  {
    id: 'biology',
    termId: TERM.id,
    timeSlots: [
      { day: 2, startTime: '08:30', endTime: '10:00' },
      { day: 4, startTime: '13:00', endTime: '14:00', week: 'A' },
    ],
  },
  {
    id: 'history',
    termId: TERM.id,
    timeSlots: [
      { day: 1, startTime: '10:00', endTime: '11:00' },
      { day: 4, startTime: '10:00', endTime: '11:00' },
    ],
  },
  {
    id: 'english',
    termId: TERM.id,
    timeSlots: [
      { day: 2, startTime: '13:00', endTime: '14:00' },
      { day: 5, startTime: '10:00', endTime: '11:00' },
    ],
  },
  {
    id: 'physics',
    termId: TERM.id,
    timeSlots: [
      { day: 3, startTime: '08:30', endTime: '09:30' },
      { day: 4, startTime: '13:00', endTime: '14:00', week: 'B' },
    ],
  },
  { id: 'art', termId: TERM.id, timeSlots: [{ day: 5, startTime: '13:00', endTime: '14:30', week: 'B' }] },
];

/** The demo week: Monday 8 to Friday 12 September 2025, the term's second (B) week. */
const WEEK_FROM = '2025-09-08';
const WEEK_TO = '2025-09-12';

export type DemoClass = { courseId: DemoCourseId; startTime: string; endTime: string };
export type DemoWeek = { week: AbWeek | null; days: { weekday: number; classes: DemoClass[] }[] };

/** The sample week as the schedule's expansion gives it, Monday to Friday. */
export function demoWeek(): DemoWeek {
  const occurrences = expandTimetable({
    courses: COURSES,
    terms: [TERM],
    holidays: [],
    timeZone: DEMO_TIME_ZONE,
    from: WEEK_FROM,
    to: WEEK_TO,
  });
  const days = [1, 2, 3, 4, 5].map((weekday, index) => {
    const date = `2025-09-${String(8 + index).padStart(2, '0')}`;
    return {
      weekday,
      classes: occurrences
        .filter((occurrence) => occurrence.date === date)
        .map((occurrence) => ({
          courseId: occurrence.courseId as DemoCourseId,
          startTime: occurrence.startTime,
          endTime: occurrence.endTime,
        })),
    };
  });
  return { week: abWeekOf(TERM, WEEK_FROM), days };
}

/** "Now" for the demo's tasks: Wednesday of the demo week, 10:00 UTC. */
export const DEMO_NOW = Date.parse('2025-09-10T10:00:00Z');

export type DemoTask = {
  id: 'problemSet' | 'labReport' | 'reading' | 'vocabulary';
  courseId: DemoCourseId;
  priority: 'high' | 'medium' | 'low';
  taskType: 'assignment' | 'project' | 'reading' | 'exam';
  dueDate: string | null;
  completed: boolean;
  completedAt: string | null;
  reminder: boolean;
};

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    id: 'problemSet',
    courseId: 'maths',
    priority: 'high',
    taskType: 'assignment',
    dueDate: '2025-09-10T16:00:00.000Z',
    completed: false,
    completedAt: null,
    reminder: true,
  },
  {
    id: 'labReport',
    courseId: 'biology',
    priority: 'medium',
    taskType: 'project',
    dueDate: '2025-09-12T09:00:00.000Z',
    completed: false,
    completedAt: null,
    reminder: true,
  },
  {
    id: 'reading',
    courseId: 'history',
    priority: 'low',
    taskType: 'reading',
    dueDate: '2025-09-15T08:00:00.000Z',
    completed: false,
    completedAt: null,
    reminder: false,
  },
  {
    id: 'vocabulary',
    courseId: 'english',
    priority: 'medium',
    taskType: 'exam',
    dueDate: null,
    completed: true,
    completedAt: null,
    reminder: false,
  },
];

export type DemoAssessment = AssessmentScore & { id: 'test' | 'lab' | 'midterm'; score: number };

/** A physics course's graded work: weights 30 / 20 / 50. */
export const DEMO_ASSESSMENTS: readonly DemoAssessment[] = [
  { id: 'test', weight: 30, score: 42, maxScore: 50 },
  { id: 'lab', weight: 20, score: 18, maxScore: 20 },
  { id: 'midterm', weight: 50, score: 81, maxScore: 100 },
];

/** A few of the 19 systems the same mark is shown in. */
export const DEMO_SYSTEMS: readonly BuiltInGradingSystemKey[] = ['letter', 'uk_gcse_new', 'ects', 'us_ib', 'au_university', 'india_cgpa'];

export type DemoGrade = {
  assessments: { id: DemoAssessment['id']; weight: number; score: number; maxScore: number; percentage: string }[];
  mark: string;
  gpa: string;
  systems: { system: BuiltInGradingSystemKey; label: string }[];
};

/** The course's weighted mark, its GPA points and its grade in each demo system. */
export function demoGrade(): DemoGrade {
  const mark = courseMark(DEMO_ASSESSMENTS);
  if (mark === null) throw new Error('The demo course has graded work');
  return {
    assessments: DEMO_ASSESSMENTS.map(({ id, weight, score, maxScore }) => ({
      id,
      weight,
      score,
      maxScore,
      percentage: formatPercentage(percentageOf(score, maxScore)),
    })),
    mark: formatPercentage(mark),
    gpa: formatGradePoints(gpa4For(mark), 1),
    systems: DEMO_SYSTEMS.map((system) => ({ system, label: gradeFor(mark, system).label })),
  };
}
