import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { allowLiveUpdatesAgain, keyPrefix, keyTagged, startLiveUpdates, type LiveKeyMap } from '../lib/live';
import { notificationsQuery } from './notifications';
import { PROGRESS_ANALYTICS_PATH, PROGRESS_TIMELINE_PATH, progressSummaryQuery } from './progress';
import { attendanceSummaryQuery, coursesQuery } from './schedule';
import { sessionQuery, useSessionUser } from './session';
import { studyPlanQuery } from './study-plan';
import { tasksQuery } from './tasks';

/**
 * The key prefix of every class-group query (the group screens key theirs ['groups', …]): the `groups`
 * topic refreshes them all.
 */
export const GROUPS_QUERY_KEY = ['groups'] as const;

/**
 * Every group query but the invite previews (['groups', '/api/group-invites/<code>']): a preview is
 * rate-limited per user and says nothing a classmate's write changes, as refreshAfterGroupWrite skips it.
 */
export const groupQueriesButInvites = (queryKey: QueryKey): boolean =>
  keyPrefix(GROUPS_QUERY_KEY)(queryKey) && !String(queryKey[1]).startsWith('/api/group-invites/');

/**
 * What each live topic (GET /api/live, decision 212) makes the web read again: the queries whose answers
 * a classmate's or a moderator's write can change. Tasks: the list (Home and the calendar read it too),
 * the bell (due soon, overdue), the study plan and the progress figures built from them. Courses: the
 * timetable and calendar (one courses query), the attendance summary (a cancelled lesson is no longer
 * owed) and the study plan (it works around classes). Only active queries refetch; the rest are marked stale.
 */
export const LIVE_QUERY_KEYS: LiveKeyMap = {
  tasks: [
    keyPrefix(tasksQuery.queryKey),
    keyPrefix(notificationsQuery.queryKey),
    keyPrefix(studyPlanQuery.queryKey),
    keyPrefix(progressSummaryQuery.queryKey),
    keyTagged(PROGRESS_TIMELINE_PATH),
    keyTagged(PROGRESS_ANALYTICS_PATH),
  ],
  courses: [keyPrefix(coursesQuery.queryKey), keyPrefix(attendanceSummaryQuery.queryKey), keyPrefix(studyPlanQuery.queryKey)],
  notifications: [keyPrefix(notificationsQuery.queryKey)],
  groups: [groupQueriesButInvites],
};

/**
 * One live stream while a user is signed in in this tab (the shell mounts it): closed on sign-out and
 * opened anew for another account. A refused stream asks the session again (a 401 means it ended).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const userId = useSessionUser()?.id;
  useEffect(() => {
    if (!userId) return allowLiveUpdatesAgain();
    if (typeof EventSource === 'undefined') return;
    return startLiveUpdates({
      queryClient,
      keys: LIVE_QUERY_KEYS,
      onRefused: () => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
    });
  }, [queryClient, userId]);
}
