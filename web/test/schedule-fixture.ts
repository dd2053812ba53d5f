import type { Course, Term } from '../../common/schemas/schedule.schema';

/**
 * A term and a course as the schedule API answers them (common/schemas/schedule.schema.ts), for the
 * web unit tests: `aTerm` covers 2026 and rotates weekly; `aCourse` belongs to it and meets nowhere
 * until `overrides` give it time slots. One place to add a new field, as task-fixture.ts for tasks.
 */
export function aTerm(overrides: Partial<Term> = {}): Term {
  return {
    id: 'term',
    name: 'T',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    academicYearId: null,
    color: '#000000',
    rotation: { kind: 'weekly' },
    ...overrides,
  };
}

export function aCourse(overrides: Partial<Course> = {}): Course {
  return {
    id: 'course',
    name: 'course',
    credits: null,
    instructor: null,
    room: null,
    termId: 'term',
    startDate: null,
    endDate: null,
    color: '#000000',
    targetGrade: null,
    timeSlots: [],
    groupId: null,
    cancelledLessons: [],
    ...overrides,
  };
}
