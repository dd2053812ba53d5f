import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendanceRecord, AttendanceStatus, CalendarFeed } from '../../../common/schemas/schedule.schema';
import type { RewardOutcome } from '../../../common/schemas/rewards.schema';
import type { Task } from '../../../common/schemas/tasks.schema';
import type { Assessment } from '../../api/grades';
import { attendanceQuery, attendanceSummaryQuery, calendarFeedQuery } from '../../api/schedule';
import { apiJson } from '../../lib/api-client';
import { applyRewardOutcome } from '../../api/rewards';

/** The fields of a task and an assessment the calendar shows (read through web/api/tasks.ts and grades.ts). */
export type CalendarTask = Pick<Task, 'id' | 'title' | 'dueDate' | 'courseId' | 'completed'>;
export type CalendarAssessment = Pick<Assessment, 'id' | 'name' | 'date' | 'courseId'>;

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
  const save = (id: string | null, body: Body, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) =>
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
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
