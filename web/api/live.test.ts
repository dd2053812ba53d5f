import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS, type LiveTopic } from '../../common/schemas/live.schema';
import { matchersOf } from '../lib/live';
import { LIVE_QUERY_KEYS } from './live';
import { notificationsQuery } from './notifications';
import { progressAnalyticsQuery, progressSummaryQuery, progressTimelineQuery } from './progress';
import { attendanceQuery, attendanceSummaryQuery, coursesQuery, termsQuery } from './schedule';
import { sessionQuery } from './session';
import { studyPlanQuery } from './study-plan';
import { tasksQuery } from './tasks';
import { pointsQuery } from './rewards';
import { groupItemsQuery, groupQuery, invitePreviewQuery } from './groups';

/** The real queries' keys, as the pages cache them. */
const QUERIES = {
  tasks: tasksQuery.queryKey,
  notifications: notificationsQuery.queryKey,
  studyPlan: studyPlanQuery.queryKey,
  progressSummary: progressSummaryQuery.queryKey,
  progressTimeline: progressTimelineQuery('2030-01-01', '2030-01-31', null).queryKey,
  progressAnalytics: progressAnalyticsQuery('week', null).queryKey,
  courses: coursesQuery.queryKey,
  attendanceSummary: attendanceSummaryQuery.queryKey,
  attendance: attendanceQuery.queryKey,
  terms: termsQuery.queryKey,
  session: sessionQuery.queryKey,
  points: pointsQuery.queryKey,
  groupList: ['groups'],
  groupDetail: ['groups', '9f0c2d1e-0000-4000-8000-000000000001'],
  groupMembers: ['groups', '9f0c2d1e-0000-4000-8000-000000000001', 'members'],
  groupPage: groupQuery('9f0c2d1e-0000-4000-8000-000000000001').queryKey,
  groupItems: groupItemsQuery('9f0c2d1e-0000-4000-8000-000000000001').queryKey,
  invitePreview: invitePreviewQuery('abcd-efgh').queryKey,
} as const;

const refreshedBy = (topic: LiveTopic) =>
  Object.entries(QUERIES)
    .filter(([, key]) => matchersOf(LIVE_QUERY_KEYS, [topic]).some((matches) => matches(key)))
    .map(([name]) => name);

describe('live topics → the web’s queries', () => {
  it('maps every topic the server sends', () => {
    expect(Object.keys(LIVE_QUERY_KEYS).sort()).toEqual([...LIVE_TOPICS].sort());
  });

  it('tasks: the list (Home and calendar read it), the bell, the study plan and the progress figures', () => {
    expect(refreshedBy('tasks')).toEqual([
      'tasks',
      'notifications',
      'studyPlan',
      'progressSummary',
      'progressTimeline',
      'progressAnalytics',
    ]);
  });

  it('courses: the timetable and calendar, the attendance summary and the study plan', () => {
    expect(refreshedBy('courses')).toEqual(['studyPlan', 'courses', 'attendanceSummary']);
  });

  it('notifications: the bell only; groups: every query under the groups prefix', () => {
    expect(refreshedBy('notifications')).toEqual(['notifications']);
    expect(refreshedBy('groups')).toEqual(['groupList', 'groupDetail', 'groupMembers', 'groupPage', 'groupItems']);
  });

  it('never an invite preview: a look-up is rate-limited, and no classmate’s write changes it', () => {
    for (const topic of LIVE_TOPICS) expect(refreshedBy(topic)).not.toContain('invitePreview');
  });

  it('never the session, the points or a user’s private lists no classmate can change', () => {
    for (const topic of LIVE_TOPICS)
      for (const name of ['session', 'points', 'terms', 'attendance']) expect(refreshedBy(topic)).not.toContain(name);
  });
});
