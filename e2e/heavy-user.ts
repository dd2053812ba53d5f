/**
 * A heavy user's data, served to a page by route interception: 3,000 tasks an hour apart and 12 courses
 * with a class every day. Shared by the browser tests (virtualisation, cache) and the render benchmark.
 */
export const HEAVY_TASK_COUNT = 3000;

/** Tasks one hour apart starting `firstDueOffsetHours` from `now`; every `completedEvery`-th is completed. */
export function heavyTasks(now: number, { firstDueOffsetHours = 0, completedEvery = 0 } = {}) {
  return Array.from({ length: HEAVY_TASK_COUNT }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Task ${index}`,
    description: null,
    dueDate: new Date(now + (index + firstDueOffsetHours) * 3_600_000).toISOString(),
    courseId: null,
    taskType: 'assignment',
    priority: 'medium',
    completed: completedEvery > 0 && index % completedEvery === 0,
    completedAt: null,
    reminderOffsetMinutes: null,
    seriesId: null,
  }));
}

export function heavyCourses() {
  return Array.from({ length: 12 }, (_, index) => ({
    id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
    name: `Course ${index}`,
    credits: 3,
    instructor: null,
    room: `Room ${index}`,
    termId: null,
    startDate: null,
    endDate: null,
    color: '#3b82f6',
    targetGrade: null,
    timeSlots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      startTime: `${String(8 + (index % 10)).padStart(2, '0')}:00`,
      endTime: `${String(9 + (index % 10)).padStart(2, '0')}:00`,
    })),
  }));
}
