import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcademicYear,
  AttendanceRecord,
  AttendanceStatus,
  AttendanceSummary,
  CalendarFeed,
  Course,
  Holiday,
  Term,
} from '../../../common/schemas/schedule.schema';
import type { RewardOutcome } from '../../../common/schemas/rewards.schema';
import { ApiError, apiJson } from '../../lib/api-client';
import { applyRewardOutcome } from '../../lib/reward-outcome';

export const KEYS = {
  years: ['/api/academic-years'],
  terms: ['/api/terms'],
  holidays: ['/api/holidays'],
  courses: ['/api/courses'],
  attendance: ['/api/attendance'],
  attendanceSummary: ['/api/attendance/summary'],
  feed: ['/api/calendar/feed'],
  tasks: ['/api/tasks'],
  assessments: ['/api/assessments'],
} as const;

const get = <T>(path: string) => apiJson<T>('GET', path);

export const useAcademicYears = () => useQuery({ queryKey: KEYS.years, queryFn: () => get<AcademicYear[]>(KEYS.years[0]) });
export const useTerms = () => useQuery({ queryKey: KEYS.terms, queryFn: () => get<Term[]>(KEYS.terms[0]) });
export const useHolidays = () => useQuery({ queryKey: KEYS.holidays, queryFn: () => get<Holiday[]>(KEYS.holidays[0]) });
export const useCourses = () => useQuery({ queryKey: KEYS.courses, queryFn: () => get<Course[]>(KEYS.courses[0]) });
export const useAttendance = () => useQuery({ queryKey: KEYS.attendance, queryFn: () => get<AttendanceRecord[]>(KEYS.attendance[0]) });
export const useAttendanceSummary = () =>
  useQuery({ queryKey: KEYS.attendanceSummary, queryFn: () => get<AttendanceSummary[]>(KEYS.attendanceSummary[0]) });
export const useCalendarFeed = () => useQuery({ queryKey: KEYS.feed, queryFn: () => get<CalendarFeed>(KEYS.feed[0]) });

/** Tasks and assessments belong to other areas that may not be installed yet: a 404 means "none". */
async function optionalList<T>(path: string): Promise<T[]> {
  try {
    const body = await get<T[] | { tasks?: T[] }>(path);
    return Array.isArray(body) ? body : (body.tasks ?? []);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
export type CalendarTask = { id: string; title: string; dueDate: string | null; courseId: string | null; completed?: boolean };
export type CalendarAssessment = { id: string; name: string; date: string | null; courseId: string | null };
export const useOptionalTasks = () => useQuery({ queryKey: KEYS.tasks, queryFn: () => optionalList<CalendarTask>(KEYS.tasks[0]) });
export const useOptionalAssessments = () =>
  useQuery({ queryKey: KEYS.assessments, queryFn: () => optionalList<CalendarAssessment>(KEYS.assessments[0]) });

/**
 * Create/update/delete for one schedule resource. `touches` are the other lists a change may alter
 * (unlinking: deleting a term nulls its courses' termId), refreshed after every write.
 */
export function useCrud<T extends { id: string }, Body>(base: string, touches: readonly (readonly string[])[] = []) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([[base], ...touches].map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
  const create = useMutation({ mutationFn: (body: Body) => apiJson<T>('POST', base, body), onSuccess: refresh });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<Body> }) => apiJson<T>('PATCH', `${base}/${id}`, body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => apiJson<null>('DELETE', `${base}/${id}`), onSuccess: refresh });
  /** Updates the entity with `id`, or creates one when `id` is null (the forms' one save path). */
  const save = (id: string | null, body: Body, callbacks: { onSuccess: () => void; onError: () => void }) =>
    id ? update.mutate({ id, body }, callbacks) : create.mutate(body, callbacks);
  return { create, update, remove, save };
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...KEYS.attendance] }),
      queryClient.invalidateQueries({ queryKey: [...KEYS.attendanceSummary] }),
    ]);
  const mark = useMutation({
    mutationFn: (body: { courseId: string; date: string; slotIndex: number; status: AttendanceStatus }) =>
      apiJson<AttendanceRecord & { rewards?: RewardOutcome }>('POST', '/api/attendance', body),
    // Attendance can unlock Attendance Champion and Class Commitment (web/lib/reward-outcome.ts).
    onSuccess: async (answer) => {
      applyRewardOutcome(queryClient, answer.rewards);
      await refresh();
    },
  });
  const unmark = useMutation({ mutationFn: (id: string) => apiJson<null>('DELETE', `/api/attendance/${id}`), onSuccess: refresh });
  return { mark, unmark };
}

export function useResetFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CalendarFeed>('POST', '/api/calendar/feed/reset'),
    onSuccess: (feed) => queryClient.setQueryData(KEYS.feed, feed),
  });
}
