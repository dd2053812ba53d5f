import { premiumCheckQuery } from '../../api/premium';
import { pointsQuery } from '../../api/rewards';
import { coursesQuery, holidaysQuery, termsQuery } from '../../api/schedule';
import { studyStreakQuery } from '../../api/study';
import { tasksQuery } from '../../api/tasks';

/**
 * Every resource the dashboard reads: one request per data type, shared with the other pages' cache.
 * `useDashboardData` reads them; web/app/first-route.ts requests them with the app's entry when the
 * first page is /dashboard (docs/decisions/102-first-route-data.md), and shell.html preloads their paths
 * (common/domain/first-route-needs.ts, decision 165).
 */
export const DASHBOARD_QUERIES = {
  tasks: tasksQuery,
  courses: coursesQuery,
  terms: termsQuery,
  holidays: holidaysQuery,
  points: pointsQuery,
  streak: studyStreakQuery,
  premium: premiumCheckQuery,
} as const;
