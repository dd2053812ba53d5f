import { afterEach, beforeEach, vi } from 'vitest';
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

/** What the calendar tab reads, answered empty (for interceptApi): a student with nothing on the calendar yet. */
export const EMPTY_SCHEDULE_ANSWERS = {
  'GET /api/courses': [],
  'GET /api/terms': [],
  'GET /api/holidays': [],
  'GET /api/tasks': [],
  'GET /api/assessments': [],
  'GET /api/attendance': [],
  'GET /api/study-plan': { blocks: [] },
  'GET /api/calendar/feed': { url: null },
};

/**
 * Each test of the file on a phone's window (390 px: the calendar opens on the agenda), with a ResizeObserver
 * that observes nothing (jsdom has none; the calendar's scrollers and FullCalendar ask for one). Undone after each.
 */
export function onAPhoneWindow(): void {
  const width = window.innerWidth;
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    vi.unstubAllGlobals();
  });
}
