import type { ProgressAssessment, ProgressTask } from './progress-data';

/**
 * The Progress timeline: one chronological feed of deadlines, assessments, grades received, holidays
 * and achievements between two local dates (docs/decisions/110-progress-summary.md), optionally of one course.
 */
export const TIMELINE_MAX_DAYS = 400;
export const TIMELINE_DEFAULT_DAYS = 60;
const KIND_ORDER = { holiday: 0, assessment: 1, deadline: 2, grade: 3, achievement: 4 } as const;
export type TimelineKind = keyof typeof KIND_ORDER;

export type TimelineEntry = {
  date: string;
  kind: TimelineKind;
  id: string;
  title: string;
  courseId: string | null;
  /** deadline: completed and late; grade: percentage; holiday: last day. Null when not relevant. */
  completed: boolean | null;
  late: boolean | null;
  percentage: number | null;
  endDate: string | null;
};

const entry = (fields: Partial<TimelineEntry> & Pick<TimelineEntry, 'date' | 'kind' | 'id' | 'title'>): TimelineEntry => ({
  courseId: null,
  completed: null,
  late: null,
  percentage: null,
  endDate: null,
  ...fields,
});

export function progressTimeline(input: {
  from: string;
  to: string;
  today: string;
  /** Only this course's deadlines, assessments and grades (holidays and achievements stay). */
  courseId?: string | null | undefined;
  tasks: readonly ProgressTask[];
  assessments: readonly ProgressAssessment[];
  holidays: readonly { id: string; name: string; startDate: string; endDate: string }[];
  achievements: readonly { id: string; date: string }[];
}): TimelineEntry[] {
  const { from, to, courseId } = input;
  const within = (date: string | null): date is string => date !== null && date >= from && date <= to;
  const ofCourse = (id: string | null) => courseId === undefined || courseId === null || id === courseId;
  const entries: TimelineEntry[] = [];
  for (const task of input.tasks) {
    if (!within(task.dueDate) || !ofCourse(task.courseId)) continue;
    entries.push(
      entry({
        date: task.dueDate,
        kind: 'deadline',
        id: task.id,
        title: task.title,
        courseId: task.courseId,
        completed: task.completed,
        late: task.completed ? task.completedLate === true : task.dueDate < input.today,
      }),
    );
  }
  for (const assessment of input.assessments) {
    if (!ofCourse(assessment.courseId)) continue;
    if (assessment.score !== null && within(assessment.gradedDate)) {
      entries.push(
        entry({
          date: assessment.gradedDate,
          kind: 'grade',
          id: assessment.id,
          title: assessment.name,
          courseId: assessment.courseId,
          percentage: Math.round((assessment.score / assessment.maxScore) * 10_000) / 100,
        }),
      );
    } else if (assessment.score === null && within(assessment.date)) {
      entries.push(
        entry({ date: assessment.date, kind: 'assessment', id: assessment.id, title: assessment.name, courseId: assessment.courseId }),
      );
    }
  }
  for (const holiday of input.holidays) {
    if (holiday.endDate < from || holiday.startDate > to) continue;
    entries.push(
      entry({
        date: holiday.startDate < from ? from : holiday.startDate,
        kind: 'holiday',
        id: holiday.id,
        title: holiday.name,
        endDate: holiday.endDate,
      }),
    );
  }
  for (const achievement of input.achievements) {
    if (within(achievement.date))
      entries.push(entry({ date: achievement.date, kind: 'achievement', id: achievement.id, title: achievement.id }));
  }
  return entries.sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.title.localeCompare(b.title));
}
