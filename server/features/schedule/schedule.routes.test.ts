import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { dueInstantOf } from '../../../common/domain/due-status';
import { localDateTimeOf } from '../../../common/domain/local-time';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Json = Record<string, unknown>;
async function post(user: SignedUpUser, url: string, payload: Json) {
  return t.request({ method: 'POST', url, token: user.token, payload });
}
async function created<T = Json>(user: SignedUpUser, url: string, payload: Json): Promise<T & { id: string }> {
  const response = await post(user, url, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}
async function list<T = Json>(user: SignedUpUser, url: string): Promise<T[]> {
  const response = await t.request({ method: 'GET', url, token: user.token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const term = (overrides: Json = {}) => ({ name: 'Fall', startDate: '2026-09-01', endDate: '2026-12-18', color: '#3b82f6', ...overrides });
const course = (overrides: Json = {}) => ({
  name: 'Biology',
  color: '#10b981',
  timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }],
  ...overrides,
});

describe('/api/academic-years', () => {
  it('creates, lists by name, renames and deletes (terms keep existing, unlinked)', async () => {
    const user = await signUp(t);
    const b = await created(user, '/api/academic-years', { name: '2026–2027' });
    await created(user, '/api/academic-years', { name: '2025–2026' });
    expect(b).toEqual({ id: expect.any(String), name: '2026–2027' });
    expect((await list<{ name: string }>(user, '/api/academic-years')).map((year) => year.name)).toEqual(['2025–2026', '2026–2027']);
    const patch = await t.request({ method: 'PATCH', url: `/api/academic-years/${b.id}`, token: user.token, payload: { name: 'Y2' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ id: b.id, name: 'Y2' });

    const linked = await created(user, '/api/terms', term({ academicYearId: b.id }));
    expect(linked.academicYearId).toBe(b.id);
    expect((await t.request({ method: 'DELETE', url: `/api/academic-years/${b.id}`, token: user.token })).statusCode).toBe(204);
    const [kept] = await list<{ id: string; academicYearId: string | null }>(user, '/api/terms');
    expect(kept).toMatchObject({ id: linked.id, academicYearId: null });
  });

  it('validates names and fields', async () => {
    const user = await signUp(t);
    for (const payload of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'Y', id: randomUUID() },
      { name: 'Y', extra: 1 },
    ]) {
      const response = await post(user, '/api/academic-years', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    expect((await post(user, '/api/academic-years', { name: 'x'.repeat(100) })).statusCode).toBe(201);
  });
});

describe('/api/terms', () => {
  it('creates with rotation (default weekly), lists by start date and patches', async () => {
    const user = await signUp(t);
    const spring = await created(user, '/api/terms', term({ name: 'Spring', startDate: '2027-01-10', endDate: '2027-05-20' }));
    const fall = await created(user, '/api/terms', term({ rotation: { kind: 'nday', days: 6 } }));
    expect(spring).toMatchObject({ name: 'Spring', academicYearId: null, color: '#3b82f6', rotation: { kind: 'weekly' } });
    expect(fall.rotation).toEqual({ kind: 'nday', days: 6 });
    expect((await list<{ id: string }>(user, '/api/terms')).map((row) => row.id)).toEqual([fall.id, spring.id]);

    const patch = await t.request({
      method: 'PATCH',
      url: `/api/terms/${fall.id}`,
      token: user.token,
      payload: { rotation: { kind: 'ab' }, endDate: '2026-12-20' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ id: fall.id, rotation: { kind: 'ab' }, endDate: '2026-12-20', name: 'Fall' });
  });

  it('refuses bad dates, colours and rotations, also against stored dates on PATCH', async () => {
    const user = await signUp(t);
    for (const payload of [
      term({ endDate: '2026-08-31' }),
      term({ color: 'blue' }),
      term({ color: '#12345' }),
      term({ startDate: '2026-02-30' }),
      term({ rotation: { kind: 'nday', days: 1 } }),
      term({ rotation: { kind: 'nday', days: 11 } }),
      term({ rotation: { kind: 'monthly' } }),
      term({ name: '' }),
      term({ userId: randomUUID() }),
    ]) {
      const response = await post(user, '/api/terms', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    const fall = await created(user, '/api/terms', term());
    const patch = await t.request({ method: 'PATCH', url: `/api/terms/${fall.id}`, token: user.token, payload: { endDate: '2026-08-01' } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().issues[0].path).toBe('endDate');
  });

  it('deleting a term keeps its courses, unlinked', async () => {
    const user = await signUp(t);
    const fall = await created(user, '/api/terms', term());
    const biology = await created(user, '/api/courses', course({ termId: fall.id }));
    expect((await t.request({ method: 'DELETE', url: `/api/terms/${fall.id}`, token: user.token })).statusCode).toBe(204);
    const courses = await list<{ id: string; termId: string | null }>(user, '/api/courses');
    expect(courses).toEqual([expect.objectContaining({ id: biology.id, termId: null })]);
    expect((await t.request({ method: 'DELETE', url: `/api/terms/${fall.id}`, token: user.token })).statusCode).toBe(404);
  });
});

describe('/api/holidays', () => {
  it('a one-day holiday ends on its start; ranges; sorted by start; patch checks dates', async () => {
    const user = await signUp(t);
    const later = await created(user, '/api/holidays', { name: 'Winter break', startDate: '2026-12-21', endDate: '2027-01-06' });
    const oneDay = await created(user, '/api/holidays', { name: 'Thanksgiving', startDate: '2026-11-26' });
    expect(oneDay).toMatchObject({ startDate: '2026-11-26', endDate: '2026-11-26' });
    expect((await list<{ id: string }>(user, '/api/holidays')).map((row) => row.id)).toEqual([oneDay.id, later.id]);
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/holidays/${later.id}`,
      token: user.token,
      payload: { startDate: '2027-02-01' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.request({ method: 'PATCH', url: `/api/holidays/${later.id}`, token: user.token, payload: { name: 'Break' } });
    expect(ok.json()).toMatchObject({ name: 'Break', startDate: '2026-12-21' });
    expect((await post(user, '/api/holidays', { name: 'X', startDate: '2026-12-21', endDate: '2026-12-20' })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/api/holidays/${later.id}`, token: user.token })).statusCode).toBe(204);
  });
});

describe('/api/courses', () => {
  it('creates with every field, lists by name, patches, appends slots and deletes', async () => {
    const user = await signUp(t);
    const fall = await created(user, '/api/terms', term({ rotation: { kind: 'ab' } }));
    const chemistry = {
      name: 'Chemistry',
      credits: 4,
      instructor: 'Dr. Curie',
      room: 'Lab 2',
      termId: fall.id,
      startDate: '2026-09-07',
      endDate: '2026-12-11',
      color: '#ef4444',
      targetGrade: 90,
    };
    const full = await created(user, '/api/courses', {
      ...chemistry,
      timeSlots: [
        { day: 2, startTime: '08:00', endTime: '09:00', week: 'A' },
        { day: 4, startTime: '13:00', endTime: '14:30' },
      ],
    });
    // Every field as sent; a slot's unset week and cycle day answer null.
    expect(full).toEqual({
      id: expect.any(String),
      ...chemistry,
      timeSlots: [
        { day: 2, startTime: '08:00', endTime: '09:00', week: 'A', cycleDay: null },
        { day: 4, startTime: '13:00', endTime: '14:30', week: null, cycleDay: null },
      ],
      // Not in a class group (decision 211): no group, no cancelled lesson.
      groupId: null,
      cancelledLessons: [],
    });
    const minimal = await created(user, '/api/courses', { name: 'Art', color: '#000000' });
    expect(minimal).toMatchObject({ credits: null, instructor: null, room: null, termId: null, targetGrade: null, timeSlots: [] });
    expect((await list<{ name: string }>(user, '/api/courses')).map((row) => row.name)).toEqual(['Art', 'Chemistry']);

    const patch = await t.request({
      method: 'PATCH',
      url: `/api/courses/${minimal.id}`,
      token: user.token,
      payload: { targetGrade: null, room: 'B1', timeSlots: [{ day: 0, startTime: '10:00', endTime: '11:00' }] },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ room: 'B1', timeSlots: [{ day: 0, startTime: '10:00', endTime: '11:00' }] });
    for (const payload of [{}, { name: 'Art II' }]) {
      const unchanged = await t.request({ method: 'PATCH', url: `/api/courses/${minimal.id}`, token: user.token, payload });
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json()).toMatchObject({ room: 'B1', instructor: null });
    }
    for (const url of [`/api/terms/${fall.id}`, `/api/holidays/${randomUUID()}`]) {
      expect([200, 404]).toContain((await t.request({ method: 'PATCH', url, token: user.token, payload: {} })).statusCode);
    }
    expect((await t.request({ method: 'DELETE', url: `/api/courses/${minimal.id}`, token: user.token })).statusCode).toBe(204);
    expect((await list(user, '/api/courses')).length).toBe(1);
  });

  it('validates names, colours, credits, target grade, dates and slots', async () => {
    const user = await signUp(t);
    for (const payload of [
      course({ name: '' }),
      course({ name: 'x'.repeat(101) }),
      course({ color: '#zzzzzz' }),
      course({ credits: -1 }),
      course({ targetGrade: 101 }),
      course({ targetGrade: -0.5 }),
      course({ startDate: '2026-09-10', endDate: '2026-09-09' }),
      course({ timeSlots: [{ day: 7, startTime: '09:00', endTime: '10:00' }] }),
      course({ timeSlots: [{ day: -1, startTime: '09:00', endTime: '10:00' }] }),
      course({ timeSlots: [{ day: 1, startTime: '10:00', endTime: '10:00' }] }),
      course({ timeSlots: [{ day: 1, startTime: '10:00', endTime: '09:00' }] }),
      course({ timeSlots: [{ day: 1, startTime: '9:00', endTime: '10:00' }] }),
      course({ timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:00', room: 'x' }] }),
      course({ timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:00', week: 'C' }] }),
      course({ termId: 'not-a-uuid' }),
      course({ id: randomUUID() }),
      course({ createdAt: '2026-01-01' }),
    ]) {
      const response = await post(user, '/api/courses', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', message: expect.any(String) });
    }
    expect((await post(user, '/api/courses', course({ credits: 0, targetGrade: 0 }))).statusCode).toBe(201);
    const withDates = await created(user, '/api/courses', course({ startDate: '2026-09-01', endDate: '2026-09-30' }));
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/courses/${withDates.id}`,
      token: user.token,
      payload: { endDate: '2026-08-01' },
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/courses/${withDates.id}`,
      token: user.token,
      payload: { startDate: null },
    });
    expect(cleared.json()).toMatchObject({ startDate: null, endDate: '2026-09-30' });
  });
});

describe('ownership', () => {
  it('answers 401 without a session on every route', async () => {
    const id = randomUUID();
    for (const base of ['/api/academic-years', '/api/terms', '/api/holidays', '/api/courses', '/api/attendance']) {
      expect((await t.request({ method: 'GET', url: base })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: base, payload: {} })).statusCode).toBe(401);
      expect((await t.request({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBe(401);
    }
    for (const base of ['/api/academic-years', '/api/terms', '/api/holidays', '/api/courses']) {
      expect((await t.request({ method: 'PATCH', url: `${base}/${id}`, payload: {} })).statusCode).toBe(401);
    }
    expect((await t.request({ method: 'GET', url: '/api/attendance/summary' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/calendar/feed/reset' })).statusCode).toBe(401);
  });

  it("another user's ids answer 404, also as references, and lists never show them", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const year = await created(owner, '/api/academic-years', { name: 'Y' });
    const fall = await created(owner, '/api/terms', term({ academicYearId: year.id }));
    const holiday = await created(owner, '/api/holidays', { name: 'H', startDate: '2026-10-01' });
    const biology = await created(owner, '/api/courses', course({ termId: fall.id }));
    const paths = [`/api/academic-years/${year.id}`, `/api/terms/${fall.id}`, `/api/holidays/${holiday.id}`, `/api/courses/${biology.id}`];
    for (const url of paths) {
      expect((await t.request({ method: 'PATCH', url, token: other.token, payload: { name: 'Mine' } })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url, token: other.token })).statusCode).toBe(404);
    }
    expect((await post(other, '/api/terms', term({ academicYearId: year.id }))).statusCode).toBe(404);
    expect((await post(other, '/api/courses', course({ termId: fall.id }))).statusCode).toBe(404);
    const own = await created(other, '/api/courses', course());
    const relink = await t.request({ method: 'PATCH', url: `/api/courses/${own.id}`, token: other.token, payload: { termId: fall.id } });
    expect(relink.statusCode).toBe(404);
    for (const base of ['/api/academic-years', '/api/terms', '/api/holidays']) expect(await list(other, base)).toEqual([]);
    expect(
      (await post(other, '/api/attendance', { courseId: biology.id, date: '2026-09-07', slotIndex: 0, status: 'attended' })).statusCode,
    ).toBe(404);
    // Nothing of the owner's changed.
    expect((await list<{ name: string }>(owner, '/api/terms'))[0]).toMatchObject({ name: 'Fall', academicYearId: year.id });
  });
});

describe('/api/attendance', () => {
  it('marks past occurrences, upserts, lists with filters, summarises and deletes', async () => {
    const user = await signUp(t);
    // Mondays 09:00–10:30 through September 2025 (in the past); a holiday on the 15th.
    const biology = await created(user, '/api/courses', course({ startDate: '2025-09-01', endDate: '2025-09-30' }));
    const art = await created(user, '/api/courses', course({ name: 'Art', startDate: '2025-09-01', endDate: '2025-09-30' }));
    await created(user, '/api/holidays', { name: 'Break', startDate: '2025-09-15' });

    const first = await post(user, '/api/attendance', { courseId: biology.id, date: '2025-09-01', slotIndex: 0, status: 'attended' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      courseId: biology.id,
      date: '2025-09-01',
      slotIndex: 0,
      occurrenceKey: `${biology.id}:2025-09-01:0`,
      status: 'attended',
      rewards: { pointsAwarded: 0, points: expect.any(Number), unlockedAchievements: [], completedChallenges: [] },
    });
    const again = await post(user, '/api/attendance', { courseId: biology.id, date: '2025-09-01', slotIndex: 0, status: 'missed' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, status: 'missed' });
    await created(user, '/api/attendance', { courseId: biology.id, date: '2025-09-08', slotIndex: 0, status: 'attended' });
    await created(user, '/api/attendance', { courseId: biology.id, date: '2025-09-22', slotIndex: 0, status: 'attended' });
    await created(user, '/api/attendance', { courseId: art.id, date: '2025-09-22', slotIndex: 0, status: 'attended' });

    expect((await list(user, '/api/attendance')).length).toBe(4);
    const filtered = await list<{ date: string }>(user, `/api/attendance?courseId=${biology.id}&from=2025-09-02&to=2025-09-30`);
    expect(filtered.map((row) => row.date)).toEqual(['2025-09-08', '2025-09-22']);

    const summary = await list<{ courseId: string; attended: number; missed: number; rate: number | null }>(
      user,
      '/api/attendance/summary',
    );
    expect(summary).toEqual([
      { courseId: art.id, attended: 1, missed: 0, rate: 1 },
      { courseId: biology.id, attended: 2, missed: 1, rate: 2 / 3 },
    ]);

    const other = await signUp(t);
    expect((await t.request({ method: 'DELETE', url: `/api/attendance/${first.json().id}`, token: other.token })).statusCode).toBe(404);
    expect(await list(other, '/api/attendance')).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/attendance/${first.json().id}`, token: user.token })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/attendance/${first.json().id}`, token: user.token })).statusCode).toBe(404);

    // Deleting the course removes its attendance.
    await t.request({ method: 'DELETE', url: `/api/courses/${art.id}`, token: user.token });
    expect((await list(user, '/api/attendance')).length).toBe(2);
  });

  it('refuses occurrences the timetable does not produce, future ones and bad bodies', async () => {
    const user = await signUp(t);
    const biology = await created(user, '/api/courses', course({ startDate: '2025-09-01', endDate: '2030-09-30' }));
    await created(user, '/api/holidays', { name: 'Break', startDate: '2025-09-15' });
    for (const payload of [
      { courseId: biology.id, date: '2025-09-02', slotIndex: 0, status: 'attended' }, // a Tuesday
      { courseId: biology.id, date: '2025-09-15', slotIndex: 0, status: 'attended' }, // holiday
      { courseId: biology.id, date: '2025-08-25', slotIndex: 0, status: 'attended' }, // before the course
      { courseId: biology.id, date: '2025-09-08', slotIndex: 1, status: 'attended' }, // no such slot
      { courseId: biology.id, date: '2030-09-02', slotIndex: 0, status: 'attended' }, // future
      { courseId: biology.id, date: '2025-09-08', slotIndex: 0, status: 'late' },
      { courseId: biology.id, date: '2025-09-08', slotIndex: 0 },
      { courseId: biology.id, date: '2025-09-08', slotIndex: 0, status: 'attended', id: randomUUID() },
    ]) {
      const response = await post(user, '/api/attendance', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(['validation_error', 'no_such_class', 'class_in_future']).toContain(response.json().code);
    }
    expect((await t.request({ method: 'GET', url: '/api/attendance?from=yesterday', token: user.token })).statusCode).toBe(400);
    expect(
      (await post(user, '/api/attendance', { courseId: randomUUID(), date: '2025-09-08', slotIndex: 0, status: 'attended' })).statusCode,
    ).toBe(404);
  });

  it('follows rotations: an A-week slot is refused in a B week', async () => {
    const user = await signUp(t);
    // Term starts Monday 2025-09-01: that week is A, the next is B.
    const abTerm = await created(user, '/api/terms', term({ startDate: '2025-09-01', endDate: '2025-12-19', rotation: { kind: 'ab' } }));
    const c = await created(
      user,
      '/api/courses',
      course({ termId: abTerm.id, timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:00', week: 'A' }] }),
    );
    expect((await post(user, '/api/attendance', { courseId: c.id, date: '2025-09-01', slotIndex: 0, status: 'attended' })).statusCode).toBe(
      201,
    );
    expect((await post(user, '/api/attendance', { courseId: c.id, date: '2025-09-08', slotIndex: 0, status: 'attended' })).statusCode).toBe(
      400,
    );
  });
});

describe('calendar feed', () => {
  it('returns a stable URL, serves iCalendar without a session, and reset revokes the old token', async () => {
    const user = await signUp(t);
    const feed = await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token });
    expect(feed.statusCode).toBe(200);
    const { url } = feed.json<{ url: string }>();
    expect(url).toMatch(/\/api\/calendar\.ics\?token=[\w-]{40,}$/);
    expect((await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json().url).toBe(url);

    const path = url.slice(url.indexOf('/api/'));
    const ics = await t.request({ method: 'GET', url: path });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).not.toContain('study-');

    // Study plan blocks are optional events: transparent, with their own category.
    await t.request({
      method: 'PUT',
      url: '/api/study-hours',
      token: user.token,
      payload: {
        windows: Array.from({ length: 7 }, () => [{ startTime: '00:00', endTime: '23:59' }]),
        dailyMaxMinutes: 600,
        breakMinutes: 10,
        bufferMinutes: 60,
        unitMinutes: 25,
      },
    });
    const task = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: user.token,
      payload: { title: 'Plan me', dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString(), estimateMinutes: 50 },
    });
    expect(task.statusCode).toBe(201);
    const planned = (await t.request({ method: 'POST', url: '/api/study-plan', token: user.token })).json<{ blocks: { id: string }[] }>();
    const withPlan = (await t.request({ method: 'GET', url: path })).body.replace(/\r\n /g, '');
    const event = withPlan.slice(withPlan.indexOf(`UID:study-${planned.blocks[0]!.id}@studypilot`));
    expect(event.slice(0, event.indexOf('END:VEVENT'))).toMatch(
      /SUMMARY:Plan me[\s\S]*TRANSP:TRANSPARENT|TRANSP:TRANSPARENT[\s\S]*SUMMARY:Plan me/,
    );
    expect(event.slice(0, event.indexOf('END:VEVENT'))).toContain('CATEGORIES:StudyPilot study plan');

    const reset = await t.request({ method: 'POST', url: '/api/calendar/feed/reset', token: user.token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(url);
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/calendar.ics' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/calendar.ics?token=nope' })).statusCode).toBe(404);
  });

  it('exports weekly classes as recurring events with holiday EXDATEs, rotations as single events, holidays all-day', async () => {
    const user = await signUp(t);
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: 'Europe/Madrid' } });
    const fall = await created(user, '/api/terms', term({ startDate: '2026-09-07', endDate: '2026-11-06' }));
    const abTerm = await created(
      user,
      '/api/terms',
      term({ name: 'AB', startDate: '2026-09-07', endDate: '2026-09-20', rotation: { kind: 'ab' } }),
    );
    await created(
      user,
      '/api/courses',
      course({ termId: fall.id, room: 'B12', timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }] }),
    );
    await created(
      user,
      '/api/courses',
      course({ name: 'Drama', termId: abTerm.id, timeSlots: [{ day: 3, startTime: '11:00', endTime: '12:00', week: 'B' }] }),
    );
    await created(user, '/api/holidays', { name: 'Fiesta', startDate: '2026-10-12', endDate: '2026-10-13' });
    const { url } = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const text = (await t.request({ method: 'GET', url: url.slice(url.indexOf('/api/')) })).body;

    const component = new ICAL.Component(ICAL.parse(text));
    const events = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const biology = events.find((event) => event.summary === 'Biology');
    expect(biology).toBeDefined();
    expect(biology?.location).toBe('B12');
    expect(biology?.isRecurring()).toBe(true);
    const dtstart = biology?.component.getFirstProperty('dtstart');
    expect(dtstart?.getParameter('tzid')).toBe('Europe/Madrid');
    expect(biology?.startDate.toString()).toBe('2026-09-07T09:00:00');
    const rrule = biology?.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rrule.freq).toBe('WEEKLY');
    const exdates = biology?.component.getAllProperties('exdate').flatMap((property) => property.getValues().map(String));
    expect(exdates).toEqual(['2026-10-12T09:00:00']);
    // Expand: 9 Mondays from 7 Sep to 2 Nov, minus the holiday.
    const iterator = biology?.iterator();
    const dates: string[] = [];
    for (let next = iterator?.next(); next; next = iterator?.next()) {
      if (!exdates?.includes(next.toString())) dates.push(next.toString().slice(0, 10));
      if (dates.length > 20) break;
    }
    expect(dates).toHaveLength(8);
    expect(dates).not.toContain('2026-10-12');

    const drama = events.filter((event) => event.summary === 'Drama');
    // Week B is the week of 14 September only (the term starts in week A).
    expect(drama).toHaveLength(1);
    expect(drama[0]?.startDate.toJSDate().toISOString()).toBe('2026-09-16T09:00:00.000Z');
    expect(drama[0]?.isRecurring()).toBe(false);

    const fiesta = events.find((event) => event.summary === 'Fiesta');
    expect(fiesta?.startDate.isDate).toBe(true);
    expect(fiesta?.startDate.toString()).toBe('2026-10-12');
    expect(fiesta?.endDate.toString()).toBe('2026-10-14');
  });
});

describe('calendar feed rotations', () => {
  it('exports an N-day rotation as single events that skip holidays and shift the cycle', async () => {
    const user = await signUp(t);
    const nday = await created(
      user,
      '/api/terms',
      term({ startDate: '2026-09-07', endDate: '2026-09-18', rotation: { kind: 'nday', days: 2 } }),
    );
    await created(
      user,
      '/api/courses',
      course({ name: 'Lab', termId: nday.id, timeSlots: [{ day: 1, startTime: '08:00', endTime: '09:00', cycleDay: 1 }] }),
    );
    await created(user, '/api/holidays', { name: 'Off', startDate: '2026-09-09' });
    const { url } = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const text = (await t.request({ method: 'GET', url: url.slice(url.indexOf('/api/')) })).body;
    const labs = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent))
      .filter((event) => event.summary === 'Lab');
    // School days 7, 8, (9 off), 10, 11, 14, 15, 16, 17, 18: cycle day 1 falls on every other one.
    expect(labs.map((event) => event.startDate.toJSDate().toISOString().slice(0, 10))).toEqual([
      '2026-09-07',
      '2026-09-10',
      '2026-09-14',
      '2026-09-16',
      '2026-09-18',
    ]);
    expect(labs.every((event) => !event.isRecurring())).toBe(true);
  });
});

describe('calendar feed with tasks and assessments', () => {
  it("lists the user's dated tasks and assessments, with their course, and nobody else's", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const biology = await created(user, '/api/courses', course());
    await created(user, '/api/tasks', { title: 'Lab report', dueDate: '2026-10-05T14:30:00.000Z', courseId: biology.id });
    await created(user, '/api/tasks', { title: 'Someday', dueDate: null });
    await created(other, '/api/tasks', { title: 'Not mine', dueDate: '2026-10-05T14:30:00.000Z' });
    await created(user, '/api/assessments', {
      name: 'Midterm',
      type: 'exam',
      date: '2026-10-20',
      maxScore: 100,
      weight: 30,
      courseId: biology.id,
    });
    const feed = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const text = (await t.request({ method: 'GET', url: feed.url.slice(feed.url.indexOf('/api/')) })).body;
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const task = events.find((event) => event.summary === 'Lab report');
    expect(task?.startDate.toJSDate().toISOString()).toBe('2026-10-05T14:30:00.000Z');
    expect(task?.description).toBe('Biology');
    const midterm = events.find((event) => event.summary === 'Midterm (Biology)');
    expect(midterm?.startDate.toString()).toBe('2026-10-20');
    expect(events.some((event) => event.summary === 'Not mine' || event.summary === 'Someday')).toBe(false);
  });

  // Decision 176: a task due "that day" is stored as the day's last instant (23:59:59.999 local). West
  // of UTC that instant is on the next UTC day, east of it on the same one; the feed must keep the user's day.
  it.each([
    ['Pacific/Honolulu', '2030-01-15', '2030-01-16T09:59:59.000Z'],
    ['Asia/Tokyo', '2030-01-15', '2030-01-15T14:59:59.000Z'],
  ] as const)("writes a task due by the end of %s %s at that local day's last second", async (timeZone, date, written) => {
    const user = await signUp(t);
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
    await created(user, '/api/tasks', { title: 'Essay', dueDate: dueInstantOf(date, '23:59', timeZone), reminderOffsetMinutes: 30 });
    const feed = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const text = (await t.request({ method: 'GET', url: feed.url.slice(feed.url.indexOf('/api/')) })).body;
    const vevent = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .find((event) => event.getFirstPropertyValue('summary') === 'Essay');
    const task = vevent ? new ICAL.Event(vevent) : undefined;
    const start = task?.startDate.toJSDate().toISOString();
    expect(start).toBe(written);
    expect(localDateTimeOf(start ?? '', timeZone)).toEqual({ date, time: '23:59' });
    expect(task?.endDate.toJSDate().toISOString()).toBe(written);
    expect((vevent?.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger') as ICAL.Duration | undefined)?.toSeconds()).toBe(
      -30 * 60,
    );
  });
});

describe('calendar feed time zones and reminders (RFC 5545)', () => {
  /** Every VTIMEZONE of a file registered with ical.js (and nothing else), then its events. */
  function parseStrictly(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.reset();
    const zones = calendar.getAllSubcomponents('vtimezone');
    for (const zone of zones) ICAL.TimezoneService.register(zone);
    return { calendar, zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))) };
  }

  // A Monday 09:00 class from 5 October to 13 November 2026: Berlin leaves summer time on 25 October,
  // New York on 1 November; Honolulu, Kolkata and Tokyo keep one offset.
  const zones: [string, string, string][] = [
    ['Pacific/Honolulu', '2026-10-19T19:00:00.000Z', '2026-11-02T19:00:00.000Z'],
    ['Asia/Kolkata', '2026-10-19T03:30:00.000Z', '2026-11-02T03:30:00.000Z'],
    ['Asia/Tokyo', '2026-10-19T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
    ['Europe/Berlin', '2026-10-19T07:00:00.000Z', '2026-11-02T08:00:00.000Z'],
    ['America/New_York', '2026-10-19T13:00:00.000Z', '2026-11-02T14:00:00.000Z'],
  ];
  it.each(zones)(
    'defines %s with a VTIMEZONE that puts a weekly class at its instants across the DST change',
    async (zone, before, after) => {
      const user = await signUp(t);
      await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone: zone } });
      const fall = await created(user, '/api/terms', term({ startDate: '2026-10-05', endDate: '2026-11-13' }));
      await created(user, '/api/courses', course({ termId: fall.id, timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }] }));
      const { url } = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
      const text = (await t.request({ method: 'GET', url: url.slice(url.indexOf('/api/')) })).body;

      const { calendar, zones: defined } = parseStrictly(text);
      const used = [...text.matchAll(/;TZID=([^:;]+)/g)].map((match) => match[1]);
      expect(used.length).toBeGreaterThan(0);
      // Every TZID used is defined in the file, once.
      expect(defined).toEqual([zone]);
      expect(new Set(used)).toEqual(new Set([zone]));

      const event = calendar
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
        .find((candidate) => candidate.summary === 'Biology');
      const instants: string[] = [];
      const iterator = event?.iterator();
      for (let next = iterator?.next(); next && instants.length < 20; next = iterator?.next()) instants.push(next.toJSDate().toISOString());
      expect(instants).toHaveLength(6);
      expect(instants).toContain(before);
      expect(instants).toContain(after);
      // The class lasts its 90 minutes on both sides of the change.
      expect(event?.duration.toSeconds()).toBe(90 * 60);
      ICAL.TimezoneService.reset();
    },
  );

  it('exports a task reminder as a VALARM that many minutes before the due time, and none without one', async () => {
    const user = await signUp(t);
    await created(user, '/api/tasks', { title: 'Essay', dueDate: '2030-01-15T14:00:00.000Z', reminderOffsetMinutes: 60 });
    await created(user, '/api/tasks', { title: 'Reading', dueDate: '2030-01-16T14:00:00.000Z' });
    const { url } = (await t.request({ method: 'GET', url: '/api/calendar/feed', token: user.token })).json<{ url: string }>();
    const text = (await t.request({ method: 'GET', url: url.slice(url.indexOf('/api/')) })).body;
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    const essay = events.find((event) => event.getFirstPropertyValue('summary') === 'Essay');
    const alarms = essay?.getAllSubcomponents('valarm') ?? [];
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect((alarms[0]?.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-60 * 60);
    expect(alarms[0]?.getFirstPropertyValue('description')).toBe('Essay');
    const reading = events.find((event) => event.getFirstPropertyValue('summary') === 'Reading');
    expect(reading?.getAllSubcomponents('valarm')).toEqual([]);
  });
});
