import type { ProgressAssessment, ProgressTask } from '../domain/progress-data';

/** An open task of the course "math", due nowhere, titled by its id; a test states only what it varies. */
export const aProgressTask = (id: string, fields: Partial<ProgressTask> = {}): ProgressTask => ({
  id,
  title: id,
  courseId: 'math',
  taskType: 'assignment',
  priority: 'medium',
  dueDate: null,
  completed: false,
  completedDate: null,
  completedLate: null,
  ...fields,
});

/** An ungraded, undated exam of "math" out of 100 and weighing 20, named by its id. */
export const aProgressAssessment = (id: string, fields: Partial<ProgressAssessment> = {}): ProgressAssessment => ({
  id,
  courseId: 'math',
  name: id,
  type: 'exam',
  date: null,
  maxScore: 100,
  weight: 20,
  score: null,
  gradedDate: null,
  ...fields,
});
