/**
 * Pure rules of the school-calendar import (issue 38, docs/decisions/202): which task type an item is,
 * which of the user's courses a feed's course name or code is, and the merge rule of a sync.
 */
import type { TaskType } from '../schemas/tasks.schema';

const EXAM = /\b(exam|exams|midterm|mid-term|final|finals|test)\b|prüfung|klausur|examen|parcial|試験|考试|考試/iu;
const QUIZ = /\b(quiz|quizzes)\b|cuestionario|questionnaire|小テスト|测验/iu;

/** An item's task type from its title and categories: exams and quizzes by their words, Canvas calendar events as "other". */
export function taskTypeOfItem(title: string, categories: readonly string[], uid: string): TaskType {
  const text = [title, ...categories].join(' ');
  if (QUIZ.test(text)) return 'quiz';
  if (EXAM.test(text)) return 'exam';
  if (/^event-calendar-event-/.test(uid)) return 'other';
  return 'assignment';
}

/** Lower case, letters and digits only: "ENGL-101 Composition" and "engl 101 composition" are one name. */
export function normalizeCourseName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A course code in a name ("CS101", "ENGL 101", "MATH-2415A"), normalised; null without one. */
export function courseCodeOf(name: string): string | null {
  const match = /\b([A-Za-z]{2,6})[\s\-_]?(\d{2,4}[A-Za-z]?)\b/.exec(name.normalize('NFKC'));
  return match ? `${match[1]!.toLowerCase()}${match[2]!.toLowerCase()}` : null;
}

/**
 * The user's course a feed's course key names: the same name, the same course code, or one name holding
 * the other (at least 4 letters). Only an unambiguous match counts; otherwise the user chooses.
 */
export function matchCourse<C extends { id: string; name: string }>(key: string, courses: readonly C[]): C | null {
  const wanted = normalizeCourseName(key);
  if (wanted.length === 0) return null;
  const exact = courses.filter((course) => normalizeCourseName(course.name) === wanted);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) return null;
  const code = courseCodeOf(key);
  if (code) {
    const byCode = courses.filter((course) => courseCodeOf(course.name) === code);
    if (byCode.length === 1) return byCode[0]!;
    if (byCode.length > 1) return null;
  }
  const contained = courses.filter((course) => {
    const name = normalizeCourseName(course.name);
    return Math.min(name.length, wanted.length) >= 4 && (wanted.includes(name) || name.includes(wanted));
  });
  return contained.length === 1 ? contained[0]! : null;
}

/**
 * The merge rule of a sync (decision 202): the feed moves a field only while the task still holds what
 * the feed last wrote there; a value the student changed is theirs and stays. Answers the task's next value.
 */
export function mergedField<T>(taskValue: T, lastWritten: T, feedValue: T, same: (a: T, b: T) => boolean = Object.is): T {
  return same(taskValue, lastWritten) ? feedValue : taskValue;
}
