import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from './app';
import { userIdentities, users } from './db/schema';
import { setRoleByUsername } from './features/admin/roles.service';
import { signUp, type SignedUpUser } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Every route the server registers, with who may call it. A new route without an entry here fails
 * this suite; each entry's access is checked by calling the route (signed out, as a user without
 * premium, as a non-admin), and each route that takes the id of a user's entity has a cross-user case:
 * another user gets 404, as for an id that does not exist (docs/api.md).
 */
type Access = 'public' | 'user' | 'premium' | 'admin';
type CrossUser = (owner: SignedUpUser) => Promise<{ url: string; payload?: object }>;
type Entry = { access: Access; crossUser?: CrossUser; noCrossUser?: string };

let t: TestApp;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

async function create(owner: SignedUpUser, url: string, payload: object): Promise<Record<string, unknown> & { id: string }> {
  const response = await t.request({ method: 'POST', url, token: owner.token, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json();
}
const course = (owner: SignedUpUser) => create(owner, '/api/courses', { name: 'Physics', color: '#334455' });
const task = (owner: SignedUpUser) => create(owner, '/api/tasks', { title: 'Lab report', dueDate: '2030-03-01T10:00:00.000Z' });
const reward = (owner: SignedUpUser) => create(owner, '/api/rewards', { name: 'Cake', cost: 50 });
const assessment = (owner: SignedUpUser) => create(owner, '/api/assessments', { name: 'Quiz 1', type: 'quiz', maxScore: 10, weight: 10 });
const grade = async (owner: SignedUpUser) => create(owner, '/api/grades', { assessmentId: (await assessment(owner)).id, score: 6 });
const year = (owner: SignedUpUser) => create(owner, '/api/academic-years', { name: '2030' });
const term = (owner: SignedUpUser) =>
  create(owner, '/api/terms', { name: 'Spring', startDate: '2030-01-10', endDate: '2030-05-30', color: '#abcdef' });
const holiday = (owner: SignedUpUser) => create(owner, '/api/holidays', { name: 'Break', startDate: '2030-04-01', endDate: '2030-04-07' });
const goal = (owner: SignedUpUser) => create(owner, '/api/academic-goals', { title: 'Average 85%' });
const firstSessionId = async (owner: SignedUpUser) =>
  (await t.request({ method: 'GET', url: '/api/account/sessions', token: owner.token })).json<{ id: string }[]>()[0]?.id;
const testCheckout = async (owner: SignedUpUser) => {
  const response = await t.request({ method: 'POST', url: '/api/subscription/checkout', token: owner.token, payload: { plan: 'monthly' } });
  expect(response.statusCode, response.body).toBe(200);
  return { id: new URL(response.json().url, 'http://x').searchParams.get('checkout') as string };
};
const pushDevice = (owner: SignedUpUser) =>
  create(owner, '/api/push/subscriptions', {
    endpoint: `https://fcm.googleapis.com/fcm/send/${owner.id}`,
    keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    language: 'en',
  });
const EMPTY_CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n';
const lmsFeed = async (owner: SignedUpUser) =>
  ((await create(owner, '/api/lms-feeds', { ics: EMPTY_CALENDAR })) as unknown as { feed: { id: string } }).feed;
/** An identity at a school's provider, as a finished single sign-on leaves it (sso.routes.test.ts drives the real flow). */
const identity = async (owner: SignedUpUser) => {
  const [row] = await t.db
    .insert(userIdentities)
    .values({ userId: owner.id, issuer: 'https://sso.school.test', subject: owner.id })
    .returning({ id: userIdentities.id });
  return row!;
};
const folder = (owner: SignedUpUser) => create(owner, '/api/folders', { name: 'Physics' });
async function storedFile(owner: SignedUpUser): Promise<{ id: string }> {
  const boundary = 'inventoryboundary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n\r\nnotes\r\n--${boundary}--\r\n`;
  const response = await t.request({
    method: 'POST',
    url: '/api/files',
    token: owner.token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const idUrl = (path: string) => (entity: { id: string }) => ({ url: path.replace(':id', entity.id) });
/** A class group of the owner's course, with one shared item (its reports and members come from it). */
const classGroup = async (owner: SignedUpUser) => {
  const shared = await course(owner);
  const group = await create(owner, `/api/courses/${shared.id}/group`, { displayName: 'Owner of the class' });
  const posted = await create(owner, '/api/tasks', {
    title: 'Worksheet',
    dueDate: '2030-03-01T10:00:00.000Z',
    courseId: shared.id,
    shareWithGroup: true,
  });
  const itemId = (posted.shared as { itemId: string }).itemId;
  const report = await create(owner, `/api/groups/${group.id}/items/${itemId}/reports`, { reason: 'spam' });
  const members = await t.request({ method: 'GET', url: `/api/groups/${group.id}/members`, token: owner.token });
  return {
    id: group.id,
    itemId,
    reportId: report.id,
    memberId: members.json<{ id: string }[]>()[0]!.id,
    code: (group.invite as { code: string }).code,
  };
};
const groupUrl = (path: string, payload?: object) => async (owner: SignedUpUser) => {
  const group = await classGroup(owner);
  return {
    url: path
      .replace(':id', group.id)
      .replace(':memberId', group.memberId)
      .replace(':itemId', group.itemId)
      .replace(':reportId', group.reportId),
    ...(payload ? { payload } : {}),
  };
};

const ROUTES: Record<string, Entry> = {
  'GET /api/health': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },
  'GET /api/health/live': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },
  // Its own bearer token (METRICS_TOKEN), never a session; off (404) in this suite: server/plugins/metrics.test.ts.
  'GET /api/metrics': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/logout': { access: 'public' },
  'GET /api/auth/me': { access: 'user' },
  'GET /api/auth/sso': { access: 'public' },
  'GET /api/auth/sso/start': { access: 'public' },
  'GET /api/auth/sso/callback': { access: 'public' },
  'GET /api/account/sso': { access: 'user' },
  'POST /api/account/sso/link': { access: 'user' },
  'DELETE /api/account/sso/identities/:id': {
    access: 'user',
    crossUser: async (owner) => idUrl('/api/account/sso/identities/:id')(await identity(owner)),
  },
  'PATCH /api/account/profile': { access: 'user' },
  'POST /api/account/password': { access: 'user' },
  'DELETE /api/user/delete': { access: 'user' },
  'GET /api/account/sessions': { access: 'user' },
  'DELETE /api/account/sessions/:id': {
    access: 'user',
    crossUser: async (owner) => ({ url: `/api/account/sessions/${await firstSessionId(owner)}` }),
  },
  'POST /api/account/sessions/revoke-others': { access: 'user' },
  'GET /api/account/export/:format': { access: 'user' },
  'GET /api/premium/check': { access: 'user' },
  'GET /api/subscription': { access: 'user' },
  'POST /api/subscription/checkout': { access: 'user' },
  'POST /api/subscription/cancel': { access: 'user' },
  'POST /api/subscription/resume': { access: 'user' },
  'POST /api/subscription/plan': { access: 'user' },
  'POST /api/subscription/portal': { access: 'user' },
  'GET /api/subscription/test-checkout/:id': {
    access: 'user',
    crossUser: async (owner) => idUrl('/api/subscription/test-checkout/:id')(await testCheckout(owner)),
  },
  'POST /api/subscription/test-checkout/:id/confirm': {
    access: 'user',
    crossUser: async (owner) => idUrl('/api/subscription/test-checkout/:id/confirm')(await testCheckout(owner)),
  },
  'POST /api/webhooks/stripe': { access: 'public' },
  'GET /api/premium/templates': { access: 'user' },
  'GET /api/premium/templates/:id/preview': {
    access: 'user',
    noCrossUser: "the id is a catalogue key; the document is always the caller's own",
  },
  'GET /api/premium/templates/:id/download': {
    access: 'premium',
    noCrossUser: "the id is a catalogue key; the file is always the caller's own",
  },
  'GET /api/grading-system': { access: 'user' },
  'PATCH /api/grading-system': { access: 'user' },
  'GET /api/grading-system/custom-scale': { access: 'user' },
  'PUT /api/grading-system/custom-scale': { access: 'user' },
  'GET /api/release-notes/seen': { access: 'user' },
  'PUT /api/release-notes/seen': { access: 'user' },
  'GET /api/admin/users': { access: 'admin' },
  'PATCH /api/admin/users/:id': { access: 'admin', noCrossUser: 'support acts on any account by design' },
  'GET /api/admin/users/:id': { access: 'admin', noCrossUser: 'support acts on any account by design' },
  'POST /api/admin/users/:id/sign-out': { access: 'admin', noCrossUser: 'support acts on any account by design' },
  'POST /api/admin/users/:id/lock': { access: 'admin', noCrossUser: 'support acts on any account by design' },
  'POST /api/admin/users/:id/unlock': { access: 'admin', noCrossUser: 'support acts on any account by design' },
  'GET /api/admin/feedback': { access: 'admin' },
  'GET /api/admin/feedback/summary': { access: 'admin' },
  'PATCH /api/admin/feedback/:id': { access: 'admin', noCrossUser: "support answers any user's feedback by design" },
  'GET /api/admin/stats': { access: 'admin' },
  'GET /api/admin/payments': { access: 'admin' },
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/points': { access: 'user' },
  'GET /api/points/history': { access: 'user' },
  'GET /api/achievements': { access: 'user' },
  'POST /api/achievements/:id/unlock': { access: 'user', noCrossUser: 'the id is a catalogue key, the same for everyone' },
  'GET /api/challenges': { access: 'user' },
  'POST /api/challenges/update-progress': { access: 'user' },
  'POST /api/rewards/task-completed': {
    access: 'user',
    crossUser: async (owner) => ({
      url: '/api/rewards/task-completed',
      payload: { taskId: (await task(owner)).id, completedAt: new Date().toISOString() },
    }),
  },
  'GET /api/rewards': { access: 'user' },
  'POST /api/rewards': { access: 'user' },
  'PATCH /api/rewards/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/rewards/:id')(await reward(owner)), payload: { cost: 10 } }),
  },
  'DELETE /api/rewards/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/rewards/:id')(await reward(owner)) },
  'POST /api/rewards/:id/redeem': { access: 'user', crossUser: async (owner) => idUrl('/api/rewards/:id/redeem')(await reward(owner)) },
  'GET /api/study-sessions': { access: 'user' },
  'POST /api/study-sessions': { access: 'user' },
  'DELETE /api/study-sessions/:id': {
    access: 'user',
    crossUser: async (owner) =>
      idUrl('/api/study-sessions/:id')(
        await create(owner, '/api/study-sessions', {
          startedAt: new Date(Date.now() - 3_600_000).toISOString(),
          durationMinutes: 25,
          type: 'focus',
          technique: 'pomodoro',
        }),
      ),
  },
  'GET /api/study-streak': { access: 'user' },
  'GET /api/study-hours': { access: 'user' },
  'PUT /api/study-hours': { access: 'user' },
  'GET /api/study-plan': { access: 'user' },
  'POST /api/study-plan': { access: 'user' },
  'GET /api/study-plan/estimate': { access: 'user' },
  'PATCH /api/study-plan/blocks/:id': {
    access: 'user',
    crossUser: async (owner) => {
      await create(owner, '/api/tasks', {
        title: 'Essay',
        dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        estimateMinutes: 50,
      });
      const planned = await t.request({ method: 'POST', url: '/api/study-plan', token: owner.token });
      const block = planned.json<{ blocks: { id: string }[] }>().blocks[0];
      expect(block, planned.body).toBeDefined();
      return { url: `/api/study-plan/blocks/${block!.id}`, payload: { pinned: true } };
    },
  },
  'POST /api/feedback': { access: 'user' },
  'GET /api/feedback/mine': { access: 'user' },
  'GET /api/push/vapid-public-key': { access: 'user' },
  'GET /api/push/subscriptions': { access: 'user' },
  'GET /api/notification-settings': { access: 'user' },
  'PATCH /api/notification-settings': { access: 'user' },
  'POST /api/push/subscriptions': { access: 'user' },
  'DELETE /api/push/subscriptions/:id': {
    access: 'user',
    crossUser: async (owner) => idUrl('/api/push/subscriptions/:id')(await pushDevice(owner)),
  },
  'PUT /api/push/subscriptions/:id/focus-alarm': {
    access: 'user',
    crossUser: async (owner) => ({
      ...idUrl('/api/push/subscriptions/:id/focus-alarm')(await pushDevice(owner)),
      payload: { phase: 'focus', endsAt: new Date(Date.now() + 25 * 60_000).toISOString() },
    }),
  },
  'DELETE /api/push/subscriptions/:id/focus-alarm': {
    access: 'user',
    crossUser: async (owner) => idUrl('/api/push/subscriptions/:id/focus-alarm')(await pushDevice(owner)),
  },
  'GET /api/notifications': { access: 'user' },
  // Signed in without Accept: text/event-stream it answers 400 (never an open stream); live.routes.test.ts opens them.
  'GET /api/live': { access: 'user' },
  'POST /api/notifications/read': { access: 'user' },
  'POST /api/notifications/read-all': { access: 'user' },
  'GET /api/study/stats': { access: 'user' },
  'GET /api/academic-years': { access: 'user' },
  'POST /api/academic-years': { access: 'user' },
  'PATCH /api/academic-years/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/academic-years/:id')(await year(owner)), payload: { name: 'Mine' } }),
  },
  'DELETE /api/academic-years/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/academic-years/:id')(await year(owner)) },
  'GET /api/terms': { access: 'user' },
  'POST /api/terms': {
    access: 'user',
    crossUser: async (owner) => ({
      url: '/api/terms',
      payload: { name: 'Stolen', startDate: '2030-01-10', endDate: '2030-05-30', color: '#abcdef', academicYearId: (await year(owner)).id },
    }),
  },
  'PATCH /api/terms/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/terms/:id')(await term(owner)), payload: { name: 'Mine' } }),
  },
  'DELETE /api/terms/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/terms/:id')(await term(owner)) },
  'GET /api/holidays': { access: 'user' },
  'POST /api/holidays': { access: 'user' },
  'PATCH /api/holidays/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/holidays/:id')(await holiday(owner)), payload: { name: 'Mine' } }),
  },
  'DELETE /api/holidays/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/holidays/:id')(await holiday(owner)) },
  'GET /api/courses': { access: 'user' },
  'POST /api/courses': {
    access: 'user',
    crossUser: async (owner) => ({ url: '/api/courses', payload: { name: 'Stolen', color: '#000000', termId: (await term(owner)).id } }),
  },
  'PATCH /api/courses/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/courses/:id')(await course(owner)), payload: { name: 'Mine' } }),
  },
  'DELETE /api/courses/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/courses/:id')(await course(owner)) },
  'GET /api/attendance': { access: 'user' },
  'GET /api/attendance/summary': { access: 'user' },
  'POST /api/attendance': {
    access: 'user',
    crossUser: async (owner) => ({
      url: '/api/attendance',
      payload: { courseId: (await course(owner)).id, date: '2030-02-04', slotIndex: 0, status: 'attended' },
    }),
  },
  'DELETE /api/attendance/:id': {
    access: 'user',
    crossUser: async (owner) => {
      const slot = { day: 1, startTime: '09:00', endTime: '10:00' };
      const withSlot = await create(owner, '/api/courses', { name: 'Art', color: '#123123', timeSlots: [slot] });
      const record = await create(owner, '/api/attendance', {
        courseId: withSlot.id,
        date: '2024-02-05',
        slotIndex: 0,
        status: 'attended',
      });
      return idUrl('/api/attendance/:id')(record);
    },
  },
  'GET /api/calendar/feed': { access: 'user' },
  'POST /api/calendar/feed/reset': { access: 'user' },
  'GET /api/calendar.ics': { access: 'public' },
  'GET /api/tasks': { access: 'user' },
  'POST /api/tasks': {
    access: 'user',
    crossUser: async (owner) => ({
      url: '/api/tasks',
      payload: { title: 'Stolen', dueDate: '2030-03-01T10:00:00.000Z', courseId: (await course(owner)).id },
    }),
  },
  'PATCH /api/tasks/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/tasks/:id')(await task(owner)), payload: { title: 'Mine' } }),
  },
  'DELETE /api/tasks/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/tasks/:id')(await task(owner)) },
  'GET /api/lms-feeds': { access: 'user' },
  // Class groups (decision 211): a non-member is "another user" — 404 as for an unknown id. The roles
  // (member, moderator, owner) of each route: server/features/groups/groups.routes.test.ts.
  'POST /api/courses/:id/group': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/courses/:id/group')(await course(owner)), payload: { displayName: 'Intruder' } }),
  },
  'GET /api/groups': { access: 'user' },
  'GET /api/groups/:id': { access: 'user', crossUser: groupUrl('/api/groups/:id') },
  'PATCH /api/groups/:id': { access: 'user', crossUser: groupUrl('/api/groups/:id', { room: 'Mine' }) },
  'DELETE /api/groups/:id': { access: 'user', crossUser: groupUrl('/api/groups/:id') },
  'PUT /api/groups/:id/cancelled-lessons': {
    access: 'user',
    crossUser: groupUrl('/api/groups/:id/cancelled-lessons', { date: '2030-03-04', slotIndex: 0, cancelled: true }),
  },
  'POST /api/groups/:id/invite': { access: 'user', crossUser: groupUrl('/api/groups/:id/invite', {}) },
  'DELETE /api/groups/:id/invite': { access: 'user', crossUser: groupUrl('/api/groups/:id/invite') },
  'GET /api/group-invites/:code': { access: 'user' },
  'POST /api/group-invites/:code/join': { access: 'user' },
  'GET /api/groups/:id/members': { access: 'user', crossUser: groupUrl('/api/groups/:id/members') },
  'PATCH /api/groups/:id/members/:memberId': {
    access: 'user',
    crossUser: groupUrl('/api/groups/:id/members/:memberId', { role: 'member' }),
  },
  'DELETE /api/groups/:id/members/:memberId': { access: 'user', crossUser: groupUrl('/api/groups/:id/members/:memberId') },
  'PATCH /api/groups/:id/membership': { access: 'user', crossUser: groupUrl('/api/groups/:id/membership', { displayName: 'Mine' }) },
  'DELETE /api/groups/:id/membership': { access: 'user', crossUser: groupUrl('/api/groups/:id/membership') },
  'GET /api/groups/:id/items': { access: 'user', crossUser: groupUrl('/api/groups/:id/items') },
  'DELETE /api/groups/:id/items/:itemId': { access: 'user', crossUser: groupUrl('/api/groups/:id/items/:itemId') },
  'POST /api/groups/:id/items/:itemId/reports': {
    access: 'user',
    crossUser: groupUrl('/api/groups/:id/items/:itemId/reports', { reason: 'spam' }),
  },
  'GET /api/groups/:id/reports': { access: 'user', crossUser: groupUrl('/api/groups/:id/reports') },
  'POST /api/groups/:id/reports/:reportId/resolve': {
    access: 'user',
    crossUser: groupUrl('/api/groups/:id/reports/:reportId/resolve', { action: 'dismiss' }),
  },
  'GET /api/admin/group-reports': { access: 'admin' },
  'POST /api/admin/group-reports/:id/resolve': { access: 'admin', noCrossUser: "the admins' inbox holds every group's reports by design" },
  'POST /api/lms-feeds/preview': { access: 'user', noCrossUser: 'reads the given address or file; names no stored row' },
  'POST /api/lms-feeds': {
    access: 'user',
    crossUser: async (owner) => ({
      url: '/api/lms-feeds',
      payload: { ics: EMPTY_CALENDAR, courseChoices: { Physics: (await course(owner)).id } },
    }),
  },
  'PATCH /api/lms-feeds/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/lms-feeds/:id')(await lmsFeed(owner)), payload: { name: 'Mine' } }),
  },
  'POST /api/lms-feeds/:id/sync': {
    access: 'user',
    crossUser: async (owner) => ({ url: `/api/lms-feeds/${(await lmsFeed(owner)).id}/sync` }),
  },
  'DELETE /api/lms-feeds/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/lms-feeds/:id')(await lmsFeed(owner)) },
  'GET /api/task-series': { access: 'user' },
  'DELETE /api/task-series/:id': {
    access: 'user',
    crossUser: async (owner) => {
      const first = await create(owner, '/api/tasks', {
        title: 'Weekly reading',
        dueDate: '2030-03-04T10:00:00.000Z',
        recurrence: { frequency: 'weekly', weekdays: [1], until: '2030-06-01' },
      });
      return { url: `/api/task-series/${String(first.seriesId)}` };
    },
  },
  'GET /api/assessments': { access: 'user' },
  'GET /api/assessments/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/assessments/:id')(await assessment(owner)) },
  'POST /api/assessments': {
    access: 'user',
    crossUser: async (owner) => ({
      url: '/api/assessments',
      payload: { name: 'Stolen', type: 'quiz', maxScore: 10, weight: 10, courseId: (await course(owner)).id },
    }),
  },
  'PATCH /api/assessments/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/assessments/:id')(await assessment(owner)), payload: { weight: 1 } }),
  },
  'DELETE /api/assessments/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/assessments/:id')(await assessment(owner)) },
  'GET /api/grades': { access: 'user' },
  'GET /api/grades/summary': { access: 'user' },
  'GET /api/grades/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/grades/:id')(await grade(owner)) },
  'POST /api/grades': {
    access: 'user',
    crossUser: async (owner) => ({ url: '/api/grades', payload: { assessmentId: (await assessment(owner)).id, score: 1 } }),
  },
  'PATCH /api/grades/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/grades/:id')(await grade(owner)), payload: { score: 1 } }),
  },
  'DELETE /api/grades/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/grades/:id')(await grade(owner)) },
  'POST /api/demo/sample-data': { access: 'user' },
  'GET /api/academic-goals': { access: 'user' },
  'GET /api/progress/summary': { access: 'user' },
  'GET /api/progress/timeline': { access: 'user' },
  'GET /api/progress/analytics': { access: 'user' },
  'POST /api/academic-goals': { access: 'user' },
  'PATCH /api/academic-goals/:id': {
    access: 'user',
    crossUser: async (owner) => ({ ...idUrl('/api/academic-goals/:id')(await goal(owner)), payload: { progress: 50 } }),
  },
  'DELETE /api/academic-goals/:id': { access: 'user', crossUser: async (owner) => idUrl('/api/academic-goals/:id')(await goal(owner)) },
  'GET /api/folders': { access: 'user' },
  'POST /api/folders': { access: 'premium' },
  'PATCH /api/folders/:id': {
    access: 'premium',
    crossUser: async (owner) => ({ ...idUrl('/api/folders/:id')(await folder(owner)), payload: { name: 'Mine' } }),
  },
  'DELETE /api/folders/:id': { access: 'premium', crossUser: async (owner) => idUrl('/api/folders/:id')(await folder(owner)) },
  // Reads stay open after a trial ends: files are kept, listed read-only and downloadable (decision 139).
  'GET /api/files': { access: 'user' },
  'POST /api/files': { access: 'premium' },
  'PATCH /api/files/:id': {
    access: 'premium',
    crossUser: async (owner) => ({ ...idUrl('/api/files/:id')(await storedFile(owner)), payload: { name: 'mine.txt' } }),
  },
  'DELETE /api/files/:id': { access: 'premium', crossUser: async (owner) => idUrl('/api/files/:id')(await storedFile(owner)) },
  'GET /api/files/:id/download': { access: 'user', crossUser: async (owner) => idUrl('/api/files/:id/download')(await storedFile(owner)) },
  'GET /api/files/:id/preview': { access: 'user', crossUser: async (owner) => idUrl('/api/files/:id/preview')(await storedFile(owner)) },
  'GET /api/storage': { access: 'user' },
};

/** Routes that end or delete the caller's session: each check gets a user of its own. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'DELETE /api/user/delete', 'POST /api/demo/sample-data']);

let plainUser: SignedUpUser;
let expiredTrialUser: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  plainUser = await signUp(t);
  expiredTrialUser = await signUp(t);
  await t.db
    .update(users)
    .set({ trialEndDate: new Date(Date.now() - 1000) })
    .where(eq(users.id, expiredTrialUser.id));
});

const routeKey = (method: string, url: string) => `${method} ${url}`;
function call(key: string, token?: string, payload?: object) {
  const [method, path] = key.split(' ') as [string, string];
  const url = path.replace(':id', NO_SUCH_ID);
  return t.request({ method: method as 'GET', url, ...(token ? { token } : {}), ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
}

describe('route inventory', () => {
  it('lists every registered route, and only those', () => {
    const registered = registeredRoutes(t.app)
      .map((route) => routeKey(route.method, route.url))
      .sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(registered).toEqual(Object.keys(ROUTES).sort());
  });

  // The document reads access off the hooks (markAccess, decision 186): a hook left unmarked would show
  // a signed-in route as public. Its security and 401/403 must say what this table checks by calling.
  it('the OpenAPI document gives each route the security and 401/403 of its access', async () => {
    type Operation = { security?: unknown[]; responses: Record<string, unknown> };
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    for (const [key, entry] of Object.entries(ROUTES)) {
      if (key === 'GET /api/openapi.json') continue;
      const [method, path] = key.split(' ') as [string, string];
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      expect((operation?.security ?? []).length > 0, `${key} security`).toBe(entry.access !== 'public');
      if (entry.access !== 'public') expect(operation?.responses, `${key} 401`).toHaveProperty('401');
      if (entry.access === 'premium' || entry.access === 'admin') expect(operation?.responses, `${key} 403`).toHaveProperty('403');
    }
  });

  it('every route with an id has a cross-user case, or says why not', () => {
    for (const [key, entry] of Object.entries(ROUTES)) {
      if (key.includes(':id')) expect(entry.crossUser ?? entry.noCrossUser, key).toBeDefined();
    }
  });

  it('every PATCH route has a case in patch-semantics.test.ts', async () => {
    const cases = await readFile(new URL('./patch-semantics.test.ts', import.meta.url), 'utf8');
    for (const key of Object.keys(ROUTES).filter((route) => route.startsWith('PATCH '))) expect(cases, key).toContain(`'${key}'`);
  });

  for (const [key, entry] of Object.entries(ROUTES)) {
    it(`${key} is ${entry.access}`, async () => {
      const anonymous = await call(key);
      if (entry.access === 'public') {
        expect([401, 403], `${key} signed out: ${anonymous.body}`).not.toContain(anonymous.statusCode);
        return;
      }
      expect(anonymous.statusCode, `${key} signed out`).toBe(401);
      const caller = SESSION_ENDING.has(key) ? await signUp(t) : entry.access === 'premium' ? expiredTrialUser : plainUser;
      const signedIn = await call(key, caller.token);
      if (entry.access === 'user') expect([401, 403], `${key} as a user: ${signedIn.body}`).not.toContain(signedIn.statusCode);
      if (entry.access === 'premium') expect(signedIn.json(), `${key} without premium`).toMatchObject({ code: 'premium_required' });
      if (entry.access === 'admin') {
        expect(signedIn.statusCode, `${key} as a non-admin`).toBe(403);
        const admin = await signUp(t);
        await setRoleByUsername(t.db, admin.username, 'admin');
        expect([401, 403], `${key} as an admin`).not.toContain((await call(key, admin.token)).statusCode);
      }
    });
  }

  // One id policy (docs/decisions/081): a malformed row id is a 400 on every route; an unknown one a 404.
  // The achievement and shop routes take a catalogue key as well as a row id (keyParamsSchema).
  for (const [key, entry] of Object.entries(ROUTES)) {
    if (!key.includes(':id') || key.includes('/api/achievements/') || key.includes('/api/rewards/')) continue;
    it(`${key}: a malformed id answers 400`, async () => {
      const [method, path] = key.split(' ') as [string, string];
      let caller = entry.access === 'premium' ? await signUp(t) : plainUser;
      if (entry.access === 'admin') {
        caller = await signUp(t);
        await setRoleByUsername(t.db, caller.username, 'admin');
      }
      const response = await t.request({
        method: method as 'GET',
        url: path.replace(':id', 'not-an-id'),
        token: caller.token,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error' });
    });
  }

  for (const [key, entry] of Object.entries(ROUTES)) {
    const crossUser = entry.crossUser;
    if (!crossUser) continue;
    it(`${key}: another user's entity answers 404`, async () => {
      const owner = await signUp(t);
      const intruder = await signUp(t);
      const { url, payload } = await crossUser(owner);
      const [method] = key.split(' ') as [string];
      const response = await t.request({
        method: method as 'GET',
        url,
        token: intruder.token,
        ...(method === 'GET' ? {} : { payload: payload ?? {} }),
      });
      expect(response.statusCode, `${key} as another user: ${response.body}`).toBe(404);
    });
  }
});
