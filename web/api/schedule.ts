import type {
  AcademicYear,
  AttendanceRecord,
  AttendanceSummary,
  CalendarFeed,
  Course,
  Holiday,
  Term,
  AttendanceStatus,
} from '../../common/schemas/schedule.schema';
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceQuery } from './resource';
import type { RewardOutcome } from '../../common/schemas/rewards.schema';
import type { Task } from '../../common/schemas/tasks.schema';
import type { Assessment } from './grades';
import { apiJson } from '../lib/api-client';
import { applyRewardOutcome } from './rewards';

export const academicYearsQuery = resourceQuery<AcademicYear[]>('/api/academic-years');
export const termsQuery = resourceQuery<Term[]>('/api/terms');
export const holidaysQuery = resourceQuery<Holiday[]>('/api/holidays');
/** Every page reads the courses here, one type (the course API is always present, so no 404 fallback). */
export const coursesQuery = resourceQuery<Course[]>('/api/courses');
export const attendanceQuery = resourceQuery<AttendanceRecord[]>('/api/attendance');
export const attendanceSummaryQuery = resourceQuery<AttendanceSummary[]>('/api/attendance/summary');
export const calendarFeedQuery = resourceQuery<CalendarFeed>('/api/calendar/feed');

export const useAcademicYears = () => useQuery(academicYearsQuery);
export const useTerms = () => useQuery(termsQuery);
export const useHolidays = () => useQuery(holidaysQuery);
export const useCourses = () => useQuery(coursesQuery);
export const useAttendance = () => useQuery(attendanceQuery);
export const useAttendanceSummary = () => useQuery(attendanceSummaryQuery);
export const useCalendarFeed = () => useQuery(calendarFeedQuery);

/** The fields of a task and an assessment the calendar shows (read through web/api/tasks.ts and grades.ts). */
export type CalendarTask = Pick<Task, 'id' | 'title' | 'dueDate' | 'courseId' | 'completed'> & Partial<Pick<Task, 'shared'>>;
export type CalendarAssessment = Pick<Assessment, 'id' | 'name' | 'date' | 'courseId'>;

/** The four schedule resources; each has its own translated toast and label strings under `entities.<kind>`. */
export type EntityKind = 'year' | 'term' | 'holiday' | 'course';
export type CrudAction = 'add' | 'update' | 'delete';

const KIND_OF_PATH: Readonly<Record<string, EntityKind>> = {
  '/api/academic-years': 'year',
  '/api/terms': 'term',
  '/api/holidays': 'holiday',
  '/api/courses': 'course',
};

/** docs/product.md §8: 'Error adding/updating/deleting X', with the refusal's own sentence where its code has one. */
const failureOf = (kind: EntityKind | undefined, action: CrudAction) =>
  kind
    ? {
        failureToast: {
          title: `schedule:entities.${kind}.${action}Error`,
          description: `schedule:entities.${kind}.${action}ErrorDescription`,
        },
      }
    : undefined;

/**
 * Create/update/delete for one schedule resource. `touches` are the other lists a change may alter
 * (unlinking: deleting a term nulls its courses' termId), refreshed after every write.
 */
export function useCrud<T extends { id: string }, Body>(base: string, touches: readonly (readonly string[])[] = []) {
  const queryClient = useQueryClient();
  const kind = KIND_OF_PATH[base];
  const refresh = () => Promise.all([[base], ...touches].map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  const create = useMutation({
    mutationFn: (body: Body) => apiJson<T>('POST', base, body),
    meta: failureOf(kind, 'add'),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<Body> }) => apiJson<T>('PATCH', `${base}/${id}`, body),
    meta: failureOf(kind, 'update'),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `${base}/${id}`),
    meta: failureOf(kind, 'delete'),
    onSuccess: refresh,
  });
  /** Updates the entity with `id`, or creates one when `id` is null (the forms' one save path). */
  const save = (id: string | null, body: Body, callbacks: { onSuccess: () => void; onError?: (error: unknown) => void }) =>
    id ? update.mutate({ id, body }, callbacks) : create.mutate(body, callbacks);
  return { create, update, remove, save };
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: attendanceQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: attendanceSummaryQuery.queryKey }),
    ]);
  const mark = useMutation({
    mutationFn: (body: { courseId: string; date: string; slotIndex: number; status: AttendanceStatus }) =>
      apiJson<AttendanceRecord & { rewards?: RewardOutcome }>('POST', '/api/attendance', body),
    meta: { failureToast: { title: 'schedule:attendance.error', description: 'schedule:attendance.errorDescription' } },
    // Attendance can unlock Attendance Champion and Class Commitment (web/lib/reward-outcome.ts).
    onSuccess: async (answer) => {
      applyRewardOutcome(queryClient, answer.rewards);
      await refresh();
    },
  });
  const unmark = useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/attendance/${id}`),
    meta: { failureToast: { title: 'schedule:attendance.error', description: 'schedule:attendance.errorDescription' } },
    onSuccess: refresh,
  });
  return { mark, unmark };
}

export function useResetFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CalendarFeed>('POST', '/api/calendar/feed/reset'),
    meta: { failureToast: { title: 'schedule:feed.resetError', description: 'schedule:feed.resetErrorDescription' } },
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
