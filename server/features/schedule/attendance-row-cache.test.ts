import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { occurrenceKey } from '../../../common/domain/timetable';
import { DATE_MAX, DATE_MIN } from '../../../common/schemas/bounds';
import { attendanceRecordResponseSchema, type AttendanceRecord } from '../../../common/schemas/schedule.schema';
import { clearListBodyCache, jsonOf } from '../../lib/conditional-get';
import { rowTextCache } from '../../lib/row-cache';
import { signUp, type SignedUpUser } from '../../test/factories';
import { counted, expectRebuiltAfterWrite } from '../../test/row-cache-counts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listAttendance, renderAttendanceJson } from './attendance.service';

/** GET /api/attendance from rendered rows (docs/decisions/233-attendance-from-rendered-rows.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

type Filter = { courseId?: string; from?: string; to?: string };
const attendanceList = z.array(attendanceRecordResponseSchema);

/** The body GET /api/attendance sent before decision 233: the service's objects through the route's schema. */
const oldBody = async (user: { id: string }, filter: Filter = {}) => jsonOf(attendanceList, await listAttendance(t.db, user.id, filter));
const newBody = async (user: { id: string }, filter: Filter = {}) => (await renderAttendanceJson(t.db, user.id, filter)).toString();

const query = (filter: Filter) => new URLSearchParams(filter as Record<string, string>).toString();

async function get(user: SignedUpUser, filter: Filter = {}, headers: Record<string, string> = {}) {
  const response = await t.request({ method: 'GET', url: `/api/attendance?${query(filter)}`, token: user.token, headers });
  // A conditional read may answer 304; the caller looks.
  if (headers['if-none-match'] === undefined) expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function setTimeZone(user: SignedUpUser, timeZone: string) {
  const response = await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
  expect(response.statusCode, response.body).toBe(200);
}

/** A course meeting Mondays 09:00 and Wednesdays 14:00 from 1 September to 31 December 2025 (all in the past). */
async function addCourse(user: SignedUpUser, name: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/courses',
    token: user.token,
    payload: {
      name,
      color: '#10b981',
      startDate: '2025-09-01',
      endDate: '2025-12-31',
      timeSlots: [
        { day: 1, startTime: '09:00', endTime: '10:30' },
        { day: 3, startTime: '14:00', endTime: '15:30' },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** Marks one class through the API (POST upserts: 201 new, 200 changed); answers the record without the rewards. */
async function mark(user: SignedUpUser, courseId: string, date: string, slotIndex: number, status: 'attended' | 'missed') {
  const response = await t.request({
    method: 'POST',
    url: '/api/attendance',
    token: user.token,
    payload: { courseId, date, slotIndex, status },
  });
  expect([200, 201], response.body).toContain(response.statusCode);
  const { rewards: _rewards, ...record } = response.json<AttendanceRecord & { rewards: unknown }>();
  return record;
}

/**
 * `count` marks by SQL over the given courses: every course marked at each date and slot (ties that only
 * the id orders), dates three days apart from 1999-12-25, slots 0–5, both statuses; and the range's edges.
 */
async function insertMarks(user: SignedUpUser, courseIds: string[], count: number): Promise<void> {
  await t.db.execute(sql`
    INSERT INTO attendance (user_id, course_id, date, slot_index, status)
    SELECT ${user.id}, (${`{${courseIds.join(',')}}`}::uuid[])[1 + n % ${courseIds.length}::int],
           DATE '1999-12-25' + (n / ${courseIds.length}::int) * 3, (n / ${courseIds.length}::int) % 6,
           CASE WHEN n % 7 IN (0, 3) THEN 'missed' ELSE 'attended' END
    FROM generate_series(0, ${count - 1}::int) AS n`);
  await t.db.execute(sql`
    INSERT INTO attendance (user_id, course_id, date, slot_index, status)
    VALUES (${user.id}, ${courseIds[0]}, ${DATE_MIN}, 0, 'attended'), (${user.id}, ${courseIds[0]}, ${DATE_MAX}, 9, 'missed'),
           (${user.id}, ${courseIds[0]}, '2024-02-29', 2, 'attended')`);
}

describe('GET /api/attendance from rendered rows', () => {
  it('sends the bytes the route sent before for every filter, in several time zones, from a cold and a warm cache', async () => {
    const user = await signUp(t);
    expect((await get(user)).body).toBe('[]');
    const [physics, art, music] = [await addCourse(user, 'Physics'), await addCourse(user, 'Art'), await addCourse(user, 'Music')];
    const marked = await mark(user, physics, '2025-09-01', 0, 'attended');
    await mark(user, art, '2025-09-03', 1, 'missed');
    await insertMarks(user, [physics, art, music], 600);
    const filters: Filter[] = [
      {},
      { courseId: physics },
      { courseId: music },
      { from: '2001-01-01' },
      { to: '2000-02-29' },
      { from: '2000-02-29', to: '2000-02-29' },
      { courseId: art, from: '2000-01-01', to: '2000-06-30' },
      { from: '2024-02-29', to: '2025-09-30' },
      { from: DATE_MAX },
      { to: DATE_MIN },
      { from: '2100-01-01', to: '2100-12-31' },
      { courseId: '00000000-0000-4000-8000-000000000000' },
    ];
    const whole = JSON.parse(await oldBody(user)) as AttendanceRecord[];
    expect(whole).toHaveLength(605);
    // The record as the POST answered it, and the occurrence key as the domain writes it.
    expect(whole.find((record) => record.id === marked.id)).toEqual(marked);
    expect(whole.every((record) => record.occurrenceKey === occurrenceKey(record.courseId, record.date, record.slotIndex))).toBe(true);
    expect(whole[0]!.date).toBe(DATE_MIN);
    expect(whole.at(-1)!.date).toBe(DATE_MAX);

    rowTextCache.clear();
    clearListBodyCache();
    const cold = await counted(() => get(user));
    expect(cold.built).toBe(605);
    expect(cold.result.body).toBe(await oldBody(user));
    expect(cold.result.headers['content-type']).toBe('application/json; charset=utf-8');
    // The dates are local dates: the user's zone changes nothing, neither the keys nor the texts.
    for (const timeZone of ['Pacific/Kiritimati', 'America/St_Johns', 'Asia/Kathmandu', 'UTC']) {
      await setTimeZone(user, timeZone);
      for (const filter of filters) {
        const expected = await oldBody(user, filter);
        expect(await newBody(user, filter), `${timeZone} ${query(filter)}`).toBe(expected);
        expect((await get(user, filter)).body, `${timeZone} ${query(filter)}`).toBe(expected);
      }
    }
    expect(JSON.parse(await oldBody(user, { courseId: physics }))).toHaveLength(204);
    // Three courses at one date and slot: ordered by id.
    expect(JSON.parse(await oldBody(user, { from: '2000-02-29', to: '2000-02-29' }))).toHaveLength(3);
    // Every filter read the same rows' texts: all 605 built once.
    const warm = await counted(() => newBody(user));
    expect(warm.built).toBe(0);
    expect(warm.reused).toBe(605);
  });

  it('after a mark renders that mark only; a deleted mark leaves the list; a change by hand shows at once', async () => {
    const user = await signUp(t);
    const [physics, art] = [await addCourse(user, 'Physics'), await addCourse(user, 'Art')];
    const marks = [
      await mark(user, physics, '2025-09-01', 0, 'attended'),
      await mark(user, art, '2025-09-01', 0, 'attended'),
      await mark(user, physics, '2025-09-03', 1, 'missed'),
      await mark(user, physics, '2025-09-08', 0, 'attended'),
    ];
    expect((await get(user)).json<AttendanceRecord[]>().map((record) => record.date)).toEqual([
      '2025-09-01',
      '2025-09-01',
      '2025-09-03',
      '2025-09-08',
    ]);

    // The calendar's write: the same occurrence marked again with the other status (an upsert, 200).
    const changed = await mark(user, physics, '2025-09-03', 1, 'attended');
    expect(changed).toEqual({ ...marks[2], status: 'attended' });
    const read = await counted(() => get(user));
    expectRebuiltAfterWrite(read, 1, 4);
    expect(read.result.body).toBe(await oldBody(user));
    expect(read.result.json<AttendanceRecord[]>().find((record) => record.id === changed.id)).toEqual(changed);

    const added = await mark(user, art, '2025-09-08', 0, 'missed');
    const afterAdd = await counted(() => get(user));
    expectRebuiltAfterWrite(afterAdd, 1, 5);
    expect(afterAdd.result.body).toBe(await oldBody(user));
    expect(afterAdd.result.json<AttendanceRecord[]>().map((record) => record.id)).toContain(added.id);

    const removed = await t.request({ method: 'DELETE', url: `/api/attendance/${marks[0]!.id}`, token: user.token });
    expect(removed.statusCode).toBe(204);
    const afterDelete = await counted(() => get(user));
    expect(afterDelete.built).toBe(0);
    expect(afterDelete.result.json<AttendanceRecord[]>().map((record) => record.id)).not.toContain(marks[0]!.id);
    expect(afterDelete.result.body).toBe(await oldBody(user));

    // A row changed outside the app shows in the rendered rows at once (a new version of the row).
    await t.db.execute(sql`UPDATE attendance SET status = 'missed' WHERE id = ${marks[3]!.id}`);
    const edited = await counted(() => newBody(user));
    expectRebuiltAfterWrite(edited, 1, 4);
    expect(edited.result).toBe(await oldBody(user));
  });

  it("never shows another user's marks, even with both users' rows in the cache", async () => {
    const [alice, bob] = await Promise.all([signUp(t), signUp(t)]);
    const [aliceCourse, bobCourse] = [await addCourse(alice, 'Physics'), await addCourse(bob, 'Physics')];
    const aliceMarks = [
      await mark(alice, aliceCourse, '2025-09-01', 0, 'attended'),
      await mark(alice, aliceCourse, '2025-09-08', 0, 'missed'),
    ];
    const bobMarks = [await mark(bob, bobCourse, '2025-09-01', 0, 'attended')];
    await get(alice);
    await get(bob);
    expect((await get(alice)).json<AttendanceRecord[]>()).toEqual(aliceMarks);
    expect((await get(bob)).json<AttendanceRecord[]>()).toEqual(bobMarks);
    // Another user's course id as the filter: nothing.
    expect((await get(alice, { courseId: bobCourse })).body).toBe('[]');
    // A mark moved to the other user by hand keeps its id and its text's key, yet leaves the first list.
    await t.db.execute(sql`UPDATE attendance SET user_id = ${bob.id} WHERE id = ${aliceMarks[0]!.id}`);
    expect(JSON.parse(await newBody(alice))).toEqual([aliceMarks[1]]);
    expect(await newBody(bob)).toBe(await oldBody(bob));
    const bobIds = JSON.parse(await newBody(bob)).map((record: AttendanceRecord) => record.id);
    expect(bobIds.sort()).toEqual([aliceMarks[0]!.id, bobMarks[0]!.id].sort());
  });

  it('keeps an ETag and 304 per data version and filter; every write that changes the list gives a new one', async () => {
    const user = await signUp(t);
    const [physics, art] = [await addCourse(user, 'Physics'), await addCourse(user, 'Art')];
    const first = await mark(user, physics, '2025-09-01', 0, 'attended');
    await mark(user, art, '2025-09-03', 1, 'attended');
    const response = await get(user);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    let etag = response.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await get(user, {}, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another filter is another variant of the list.
    const filtered = await get(user, { courseId: physics });
    expect(filtered.headers.etag).not.toBe(etag);
    expect((await get(user, { courseId: physics }, { 'if-none-match': etag })).statusCode).toBe(200);

    /** A write, then the held ETag answers the new list (200), whose ETag differs. */
    const afterWrite = async (write: () => Promise<unknown>, expected: (records: AttendanceRecord[]) => void) => {
      await write();
      const next = await get(user, {}, { 'if-none-match': etag });
      expect(next.statusCode).toBe(200);
      expect(next.headers.etag).not.toBe(etag);
      expect(next.body).toBe(await oldBody(user));
      expected(next.json<AttendanceRecord[]>());
      etag = next.headers.etag as string;
      expect((await get(user, {}, { 'if-none-match': etag })).statusCode).toBe(304);
    };
    await afterWrite(
      () => mark(user, physics, '2025-09-01', 0, 'missed'),
      (records) => expect(records[0]).toEqual({ ...first, status: 'missed' }),
    );
    await afterWrite(
      () => mark(user, physics, '2025-09-08', 0, 'attended'),
      (records) => expect(records).toHaveLength(3),
    );
    await afterWrite(
      () => t.request({ method: 'DELETE', url: `/api/attendance/${first.id}`, token: user.token }),
      (records) => expect(records.map((record) => record.id)).not.toContain(first.id),
    );
    // Deleting a course deletes its marks (ON DELETE CASCADE): the cascade raises the version too.
    await afterWrite(
      async () => expect((await t.request({ method: 'DELETE', url: `/api/courses/${physics}`, token: user.token })).statusCode).toBe(204),
      (records) => expect(records.map((record) => record.courseId)).toEqual([art]),
    );
    // The same by SQL outside the app: the triggers (the course's, its marks') raise the version.
    await afterWrite(
      () => t.db.execute(sql`DELETE FROM courses WHERE id = ${art}`),
      (records) => expect(records).toEqual([]),
    );
  });
});
