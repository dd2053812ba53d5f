import { beforeAll, describe, expect, it } from 'vitest';
import { setRoleByUsername } from './features/admin/roles.service';
import { signUp, strongPassword, uniqueUsername, type SignedUpUser } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * docs/api.md: "PATCH /{id} takes any subset of the writable fields" — a PATCH changes only what it sends.
 * One case per PATCH route: create with every optional field set, patch one other field, and check
 * that nothing omitted was cleared. route-inventory.test.ts fails when a PATCH route has no case here.
 */
let t: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
});

async function call<T = Record<string, unknown>>(
  method: 'POST' | 'PATCH' | 'GET' | 'PUT',
  url: string,
  payload?: object,
  token = user.token,
) {
  const response = await t.request({ method, url, token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

const created = <T = Record<string, unknown>>(url: string, payload: object) => call<T & { id: string }>('POST', url, payload);

const PATCH_CASES: Record<string, () => Promise<void>> = {
  'PATCH /api/account/profile': async () => {
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: uniqueUsername(), password: strongPassword(), email: 'kept@example.org' },
    });
    const token = registered.json().token;
    await call('PATCH', '/api/account/profile', { recoveryEmail: 'backup@example.org' }, token);
    const after = await call('PATCH', '/api/account/profile', { timeZone: 'Europe/Berlin' }, token);
    expect(after).toMatchObject({ email: 'kept@example.org', recoveryEmail: 'backup@example.org', timeZone: 'Europe/Berlin' });
  },

  'PATCH /api/admin/users/:id': async () => {
    const admin = await signUp(t);
    await setRoleByUsername(t.db, admin.username, 'admin');
    const student = await signUp(t);
    const trialEndDate = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await call('PATCH', `/api/admin/users/${student.id}`, { trialEndDate, roles: 'admin' }, admin.token);
    const after = await call('PATCH', `/api/admin/users/${student.id}`, { isPremium: true }, admin.token);
    expect(after).toMatchObject({ isPremium: true, roles: 'admin', trialEndDate });
  },

  'PATCH /api/admin/feedback/:id': async () => {
    const admin = await signUp(t);
    await setRoleByUsername(t.db, admin.username, 'admin');
    const sent = await created('/api/feedback', { category: 'question', subject: 'Exports', message: 'How do I export my grades?' });
    await call('PATCH', `/api/admin/feedback/${sent.id}`, { reply: 'From Progress, Export.' }, admin.token);
    const after = await call('PATCH', `/api/admin/feedback/${sent.id}`, { status: 'closed' }, admin.token);
    expect(after).toMatchObject({ reply: 'From Progress, Export.', status: 'closed', subject: 'Exports' });
  },

  'PATCH /api/notification-settings': async () => {
    await call('PATCH', '/api/notification-settings', { classSoonEnabled: true, classSoonMinutes: 15, digestTime: '06:45' });
    const after = await call('PATCH', '/api/notification-settings', { digestEnabled: true });
    expect(after).toEqual({ classSoonEnabled: true, classSoonMinutes: 15, digestEnabled: true, digestTime: '06:45' });
  },

  'PATCH /api/grading-system': async () => {
    // One field, required: there is nothing to omit. Checked for the answer only.
    expect(await call('PATCH', '/api/grading-system', { system: 'percentage' })).toEqual({ system: 'percentage' });
  },

  'PATCH /api/academic-years/:id': async () => {
    // One field: an empty patch keeps it.
    const year = await created('/api/academic-years', { name: '2030/31' });
    expect(await call('PATCH', `/api/academic-years/${year.id}`, {})).toMatchObject({ name: '2030/31' });
  },

  'PATCH /api/terms/:id': async () => {
    const year = await created('/api/academic-years', { name: 'Year for terms' });
    const term = await created('/api/terms', {
      name: 'Autumn',
      startDate: '2030-09-01',
      endDate: '2030-12-20',
      academicYearId: year.id,
      color: '#123456',
      rotation: { kind: 'ab' },
    });
    const after = await call('PATCH', `/api/terms/${term.id}`, { name: 'Fall' });
    expect(after).toMatchObject({
      name: 'Fall',
      startDate: '2030-09-01',
      endDate: '2030-12-20',
      academicYearId: year.id,
      color: '#123456',
      rotation: { kind: 'ab' },
    });
  },

  'PATCH /api/holidays/:id': async () => {
    const holiday = await created('/api/holidays', { name: 'Winter break', startDate: '2030-12-21', endDate: '2031-01-05' });
    const after = await call('PATCH', `/api/holidays/${holiday.id}`, { name: 'Holidays' });
    expect(after).toMatchObject({ name: 'Holidays', startDate: '2030-12-21', endDate: '2031-01-05' });
  },

  'PATCH /api/courses/:id': async () => {
    const full = {
      name: 'Chemistry',
      credits: 5,
      instructor: 'Dr. Curie',
      room: 'Lab 2',
      startDate: '2030-09-01',
      endDate: '2030-12-20',
      color: '#654321',
      targetGrade: 80,
      timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30', week: null, cycleDay: null }],
    };
    const course = await created('/api/courses', full);
    const after = await call('PATCH', `/api/courses/${course.id}`, { room: 'Lab 3' });
    expect(after).toMatchObject({ ...full, room: 'Lab 3' });
  },

  'PATCH /api/groups/:id': async () => {
    const course = await created('/api/courses', {
      name: 'Physics',
      color: '#334455',
      instructor: 'Dr. Who',
      room: 'A1',
      timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:00' }],
    });
    const group = await created(`/api/courses/${course.id}/group`, { displayName: 'Teacher' });
    const after = await call('PATCH', `/api/groups/${group.id}`, { room: 'Lab 3' });
    expect(after).toMatchObject({
      name: 'Physics',
      instructor: 'Dr. Who',
      room: 'Lab 3',
      timeSlots: [expect.objectContaining({ day: 1 })],
    });
  },

  'PATCH /api/groups/:id/members/:memberId': async () => {
    const course = await created('/api/courses', { name: 'Chemistry', color: '#334455' });
    const group = await created<{ invite: { code: string } }>(`/api/courses/${course.id}/group`, { displayName: 'Teacher' });
    const classmate = await signUp(t);
    await call('POST', `/api/group-invites/${group.invite.code}/join`, { displayName: 'Sam' }, classmate.token);
    const members = await call<{ id: string; displayName: string }[]>('GET', `/api/groups/${group.id}/members`);
    const sam = members.find((entry) => entry.displayName === 'Sam')!;
    expect(await call('PATCH', `/api/groups/${group.id}/members/${sam.id}`, { role: 'moderator' })).toMatchObject({
      displayName: 'Sam',
      role: 'moderator',
    });
  },

  'PATCH /api/groups/:id/membership': async () => {
    const course = await created('/api/courses', { name: 'Biology', color: '#334455' });
    const group = await created(`/api/courses/${course.id}/group`, { displayName: 'Teacher' });
    expect(await call('PATCH', `/api/groups/${group.id}/membership`, { displayName: 'Ms. B' })).toMatchObject({
      displayName: 'Ms. B',
      role: 'owner',
    });
  },

  'PATCH /api/tasks/:id': async () => {
    const course = await created('/api/courses', { name: 'History', color: '#111111' });
    const full = {
      title: 'Essay',
      description: 'Two pages',
      dueDate: '2030-10-01T09:00:00.000Z',
      courseId: course.id,
      taskType: 'assignment',
      priority: 'high',
      reminderOffsetMinutes: 60,
      estimateMinutes: 120,
    };
    const task = await created('/api/tasks', full);
    const after = await call('PATCH', `/api/tasks/${task.id}`, { title: 'Long essay' });
    expect(after).toMatchObject({ ...full, title: 'Long essay', dueDate: expect.any(String) });
    expect(new Date(String(after.dueDate)).toISOString()).toBe(full.dueDate);
  },

  'PATCH /api/lms-feeds/:id': async () => {
    const course = await created('/api/courses', { name: 'Physics', color: '#334455' });
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n';
    const { feed } = await call<{ feed: { id: string } }>('POST', '/api/lms-feeds', {
      ics,
      name: 'Canvas',
      courseChoices: { PHYS: course.id },
    });
    await call('PATCH', `/api/lms-feeds/${feed.id}`, { courseChoices: { CHEM: null } });
    const after = await call('PATCH', `/api/lms-feeds/${feed.id}`, { name: 'Canvas — fall' });
    expect(after).toMatchObject({ name: 'Canvas — fall', courseChoices: { PHYS: course.id, CHEM: null } });
  },

  'PATCH /api/assessments/:id': async () => {
    const course = await created('/api/courses', { name: 'Maths', color: '#222222' });
    const full = {
      courseId: course.id,
      name: 'Midterm',
      type: 'exam',
      date: '2030-10-10',
      maxScore: 50,
      weight: 30,
      feedback: 'Well prepared',
      comments: 'Room 101',
    };
    const assessment = await created('/api/assessments', full);
    const after = await call('PATCH', `/api/assessments/${assessment.id}`, { weight: 40 });
    expect(after).toMatchObject({ ...full, weight: 40 });
  },

  'PATCH /api/grades/:id': async () => {
    // One field, required (score): nothing to omit; the grade keeps its assessment.
    const assessment = await created('/api/assessments', { name: 'Quiz', type: 'quiz', maxScore: 10, weight: 5 });
    const grade = await created<{ assessmentId: string }>('/api/grades', { assessmentId: assessment.id, score: 7 });
    expect(await call('PATCH', `/api/grades/${grade.id}`, { score: 8 })).toMatchObject({ assessmentId: assessment.id, score: 8 });
  },

  'PATCH /api/rewards/:id': async () => {
    const full = { name: 'Cinema', description: 'A film with friends', cost: 200, category: 'fun' };
    const reward = await created('/api/rewards', full);
    const after = await call('PATCH', `/api/rewards/${reward.id}`, { cost: 250 });
    expect(after).toMatchObject({ ...full, cost: 250 });
    // An empty patch is refused (it used to null both texts).
    const empty = await t.request({ method: 'PATCH', url: `/api/rewards/${reward.id}`, token: user.token, payload: {} });
    expect(empty.statusCode).toBe(400);
  },

  'PATCH /api/folders/:id': async () => {
    const folder = await created('/api/folders', { name: 'Physics' });
    expect(await call('PATCH', `/api/folders/${folder.id}`, { name: 'Physics II' })).toMatchObject({ id: folder.id, name: 'Physics II' });
  },

  'PATCH /api/files/:id': async () => {
    const folder = await created('/api/folders', { name: 'Reports' });
    const boundary = 'patchboundary';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/files',
      token: user.token,
      payload: `${field('folderId', String(folder.id))}${field('description', 'Week 3')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lab.txt"\r\n\r\nresults\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const file = uploaded.json<{ id: string }>();
    const renamed = await call('PATCH', `/api/files/${file.id}`, { name: 'lab-final.txt' });
    expect(renamed).toMatchObject({ name: 'lab-final.txt', description: 'Week 3', folderId: folder.id, type: 'text/plain', size: 7 });
    const described = await call('PATCH', `/api/files/${file.id}`, { description: 'Graded' });
    expect(described).toMatchObject({ name: 'lab-final.txt', description: 'Graded', folderId: folder.id });
  },

  'PATCH /api/study-plan/blocks/:id': async () => {
    // A block answers nothing (204): the plan shows it. Moving it must keep it pinned; unpinning must keep where it is.
    await call('PUT', '/api/study-hours', {
      windows: Array.from({ length: 7 }, () => [{ startTime: '00:00', endTime: '23:59' }]),
      dailyMaxMinutes: 600,
      breakMinutes: 10,
      bufferMinutes: 60,
      unitMinutes: 25,
    });
    await created('/api/tasks', { title: 'Plan me', dueDate: new Date(Date.now() + 5 * 86_400_000).toISOString(), estimateMinutes: 50 });
    const plan = await call<{ blocks: { id: string; start: string; pinned: boolean }[] }>('POST', '/api/study-plan');
    const block = plan.blocks[0]!;
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000).toISOString();
    await t.request({ method: 'PATCH', url: `/api/study-plan/blocks/${block.id}`, token: user.token, payload: { start } });
    await t.request({ method: 'PATCH', url: `/api/study-plan/blocks/${block.id}`, token: user.token, payload: { status: 'skipped' } });
    const after = await call<{ blocks: { id: string; start: string; pinned: boolean; status: string }[] }>('GET', '/api/study-plan');
    expect(after.blocks.find((item) => item.id === block.id)).toMatchObject({ start, pinned: true, status: 'skipped' });
  },

  'PATCH /api/academic-goals/:id': async () => {
    const full = {
      title: 'Average 85% in Physics',
      description: 'Lab reports and the final',
      targetDate: '2030-06-01',
      target: '85%',
      progress: 20,
      priority: 'high',
      status: 'in_progress',
      notes: 'Ask for feedback',
    };
    const goal = await created('/api/academic-goals', full);
    expect(await call('PATCH', `/api/academic-goals/${goal.id}`, { progress: 60 })).toEqual({ ...full, id: goal.id, progress: 60 });
  },
};

describe('PATCH changes only the fields it sends', () => {
  for (const [route, check] of Object.entries(PATCH_CASES)) it(route, check);
});
