/**
 * The rows Progress computes from, already in the user's local calendar (the server converts instants
 * to local dates in PostgreSQL, with the user's stored time zone). Every Progress rule
 * (progress-summary, progress-insights, progress-analytics, progress-timeline, workload-forecast) takes
 * these plain shapes, so each is a pure function with table-driven tests.
 */
export type ProgressTaskType = 'assignment' | 'exam' | 'quiz' | 'project' | 'presentation' | 'reading' | 'coursework' | 'other';
export type ProgressPriority = 'low' | 'medium' | 'high';

export type ProgressTask = {
  id: string;
  title: string;
  courseId: string | null;
  taskType: ProgressTaskType;
  priority: ProgressPriority;
  /** Local date of the due instant, or null for a task without a due date. */
  dueDate: string | null;
  completed: boolean;
  /** Local date of completion, or null. */
  completedDate: string | null;
  /** For a completed task with a due date: completed after the due instant. Null otherwise. */
  completedLate: boolean | null;
};

export type ProgressSession = {
  /** Local start date and hour (0–23). */
  date: string;
  hour: number;
  minutes: number;
  courseId: string | null;
  type: 'focus' | 'reading' | 'problem_solving' | 'note_taking';
};

export type ProgressAssessment = {
  id: string;
  courseId: string | null;
  name: string;
  type: string;
  /** The assessment's own date, or null. */
  date: string | null;
  maxScore: number;
  weight: number;
  /** The grade's score, or null while ungraded. */
  score: number | null;
  /** When the grade counts from: the assessment's date, else the local date the grade was entered. Null while ungraded. */
  gradedDate: string | null;
};

export type ProgressAttendance = { courseId: string; date: string; status: 'attended' | 'missed' };

export type ProgressCourse = {
  id: string;
  name: string;
  color: string;
  credits: number | null;
  targetGrade: number | null;
  termId: string | null;
};

export type ProgressTerm = { id: string; name: string; startDate: string; endDate: string };

/** Tally helper: adds `amount` to `key` in `map`. */
export function addTo<K>(map: Map<K, number>, key: K, amount: number): void {
  map.set(key, (map.get(key) ?? 0) + amount);
}
