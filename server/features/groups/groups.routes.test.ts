import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf, startOfLocalDay } from '../../../common/domain/local-time';
import { GROUP_MEMBERS_MAX, GROUP_SHARES_PER_DAY } from '../../../common/schemas/groups.schema';
import {
  adminAuditLog,
  classGroupItems,
  classGroupMembers,
  classGroupNotices,
  classGroups,
  courses,
  pointsLedger,
  rateLimitCounters,
  tasks,
  users,
} from '../../db/schema';
import { InstanceEvents, type InstanceEventPayload } from '../../lib/instance-events';
import { publishUserChange } from '../../lib/live-changes';
import { groupSharesKey } from './group-items.service';
import { inviteLookupsKey } from './groups.service';
import { setRoleByUsername } from '../admin/roles.service';
import { signUp, uniqueUsername, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Class groups (docs/api.md "Class groups", docs/decisions/211-classmates-groups.md): every route for
 * anonymous, non-member, member, moderator and owner; invites; joining; the class's changes reaching every
 * member; shared items; reports; leaving and closing; privacy between members.
 */
let t: TestApp;
let owner: SignedUpUser;
let moderator: SignedUpUser;
let member: SignedUpUser;
let outsider: SignedUpUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, moderator, member, outsider] = await Promise.all([signUp(t), signUp(t), signUp(t), signUp(t)]);
});

type Caller = SignedUpUser | undefined;
const request = (caller: Caller, method: string, url: string, payload?: object) =>
  t.request({
    method: method as 'GET',
    url,
    ...(caller ? { token: caller.token } : {}),
    ...(payload !== undefined ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

async function ok<T = Record<string, unknown>>(caller: Caller, method: string, url: string, payload?: object, status = 200): Promise<T> {
  const response = await request(caller, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : null) as T;
}

const SLOTS = [
  { day: 1, startTime: '09:00', endTime: '10:30' },
  { day: 3, startTime: '13:00', endTime: '14:00' },
];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

type Group = {
  id: string;
  ownerCourseId: string;
  code: string;
  members: Record<'moderator' | 'member' | 'member2', { user: SignedUpUser; membershipId: string; courseId: string }>;
  itemId: string;
  reportId: string;
};

async function makeCourse(user: SignedUpUser, name = 'Chemistry'): Promise<string> {
  const course = await ok<{ id: string }>(
    user,
    'POST',
    '/api/courses',
    { name, color: '#112233', instructor: 'Dr. Curie', room: 'A1', timeSlots: SLOTS },
    201,
  );
  return course.id;
}

async function join(user: SignedUpUser, code: string, displayName: string, color?: string) {
  return ok<{ groupId: string; courseId: string }>(
    user,
    'POST',
    `/api/group-invites/${code}/join`,
    { displayName, ...(color ? { color } : {}) },
    201,
  );
}

/**
 * A group of the owner's course, with a moderator, a member and a second member (a fresh account, who posted
 * one item that the member reported).
 */
async function fresh(): Promise<Group> {
  // The same accounts join many groups here: their invite look-ups would reach the per-minute limit.
  await t.db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, [moderator.id, member.id].map(inviteLookupsKey)));
  const ownerCourseId = await makeCourse(owner);
  const group = await ok<{ id: string; invite: { code: string } }>(
    owner,
    'POST',
    `/api/courses/${ownerCourseId}/group`,
    { displayName: 'Ms. Owner' },
    201,
  );
  const code = group.invite.code;
  const member2 = await signUp(t);
  const joined = {
    moderator: await join(moderator, code, 'Mo'),
    member: await join(member, code, 'Mem'),
    member2: await join(member2, code, 'Mem Two'),
  };
  const list = await ok<{ id: string; displayName: string }[]>(owner, 'GET', `/api/groups/${group.id}/members`);
  const idOf = (name: string) => list.find((entry) => entry.displayName === name)!.id;
  await ok(owner, 'PATCH', `/api/groups/${group.id}/members/${idOf('Mo')}`, { role: 'moderator' });
  const posted = await ok<{ shared: { itemId: string } }>(
    member2,
    'POST',
    '/api/tasks',
    { title: 'Worksheet 3', dueDate: inDays(3), courseId: joined.member2.courseId, taskType: 'assignment', shareWithGroup: true },
    201,
  );
  const report = await ok<{ id: string }>(
    member,
    'POST',
    `/api/groups/${group.id}/items/${posted.shared.itemId}/reports`,
    { reason: 'wrong' },
    201,
  );
  return {
    id: group.id,
    ownerCourseId,
    code,
    members: {
      moderator: { user: moderator, membershipId: idOf('Mo'), courseId: joined.moderator.courseId },
      member: { user: member, membershipId: idOf('Mem'), courseId: joined.member.courseId },
      member2: { user: member2, membershipId: idOf('Mem Two'), courseId: joined.member2.courseId },
    },
    itemId: posted.shared.itemId,
    reportId: report.id,
  };
}

/** The day's shares `user` has made, as the share counter holds them. */
async function setShares(user: SignedUpUser, count: number): Promise<void> {
  const row = { key: groupSharesKey(user.id), count, resetAt: new Date(Date.now() + 86_400_000) };
  await t.db
    .insert(rateLimitCounters)
    .values(row)
    .onConflictDoUpdate({ target: rateLimitCounters.key, set: { count: row.count, resetAt: row.resetAt } });
}

async function courseRow(id: string) {
  const [row] = await t.db.select().from(courses).where(eq(courses.id, id));
  return row;
}

type Role = 'outsider' | 'member' | 'moderator' | 'owner';
const ROLES: Role[] = ['outsider', 'member', 'moderator', 'owner'];
const callerOf = (role: Role): SignedUpUser => ({ outsider, member, moderator, owner })[role];

type Cell = { status: number; effect?: (group: Group, body: unknown) => Promise<void> | void };
type RouteCase = {
  method: string;
  path: (group: Group) => string;
  payload?: (group: Group) => object;
  /** Whether a cell changes the group (then each cell gets a fresh one). */
  writes: boolean;
  cells: Record<Role, Cell>;
};

const notMember: Cell = { status: 404 };
const refused: Cell = { status: 403 };

const ROUTE_CASES: Record<string, RouteCase> = {
  'GET /api/groups/:id': {
    method: 'GET',
    path: (g) => `/api/groups/${g.id}`,
    writes: false,
    cells: {
      outsider: notMember,
      member: {
        status: 200,
        effect: (g, body) => {
          expect(body).toMatchObject({
            id: g.id,
            role: 'member',
            memberCount: 4,
            displayName: 'Mem',
            invite: null,
            courseId: g.members.member.courseId,
          });
        },
      },
      moderator: { status: 200, effect: (_g, body) => expect((body as { invite: { code: string } }).invite.code).toHaveLength(8) },
      owner: {
        status: 200,
        effect: (g, body) => expect(body).toMatchObject({ role: 'owner', courseId: g.ownerCourseId, displayName: 'Ms. Owner' }),
      },
    },
  },
  'PATCH /api/groups/:id': {
    method: 'PATCH',
    path: (g) => `/api/groups/${g.id}`,
    payload: () => ({ room: 'Lab 7' }),
    writes: true,
    cells: {
      outsider: notMember,
      member: { status: 403, effect: async (g) => expect((await courseRow(g.members.member.courseId))!.room).toBe('A1') },
      moderator: { status: 200, effect: async (g) => expect((await courseRow(g.members.member.courseId))!.room).toBe('Lab 7') },
      owner: { status: 200, effect: async (g) => expect((await courseRow(g.members.member2.courseId))!.room).toBe('Lab 7') },
    },
  },
  'PUT /api/groups/:id/cancelled-lessons': {
    method: 'PUT',
    path: (g) => `/api/groups/${g.id}/cancelled-lessons`,
    payload: () => ({ date: '2030-03-04', slotIndex: 0, cancelled: true }),
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: {
        status: 200,
        effect: async (g) =>
          expect((await courseRow(g.members.member.courseId))!.cancelledLessons).toEqual([{ date: '2030-03-04', slotIndex: 0 }]),
      },
      owner: { status: 200, effect: (_g, body) => expect((body as { cancelledLessons: unknown[] }).cancelledLessons).toHaveLength(1) },
    },
  },
  'POST /api/groups/:id/invite': {
    method: 'POST',
    path: (g) => `/api/groups/${g.id}/invite`,
    payload: () => ({ expiresInDays: 2 }),
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: { status: 200, effect: (g, body) => expect((body as { code: string }).code).not.toBe(g.code) },
      owner: {
        status: 200,
        effect: (_g, body) => {
          const { expiresAt, url, code } = body as { expiresAt: string; url: string; code: string };
          expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(47 * 3_600_000);
          expect(url).toMatch(new RegExp(`/join/${code}$`));
        },
      },
    },
  },
  'DELETE /api/groups/:id/invite': {
    method: 'DELETE',
    path: (g) => `/api/groups/${g.id}/invite`,
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: { status: 204, effect: async (g) => expect((await ok(owner, 'GET', `/api/groups/${g.id}`)).invite).toBeNull() },
      owner: {
        status: 204,
        effect: async (g) => expect((await request(outsider, 'GET', `/api/group-invites/${g.code}`)).statusCode).toBe(404),
      },
    },
  },
  'GET /api/groups/:id/members': {
    method: 'GET',
    path: (g) => `/api/groups/${g.id}/members`,
    writes: false,
    cells: {
      outsider: notMember,
      member: {
        status: 200,
        effect: (_g, body) => {
          const list = body as Record<string, unknown>[];
          expect(list).toHaveLength(4);
          for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['displayName', 'id', 'isMe', 'joinedAt', 'role']);
          expect(list.filter((entry) => entry.isMe).map((entry) => entry.displayName)).toEqual(['Mem']);
        },
      },
      moderator: { status: 200 },
      owner: { status: 200, effect: (_g, body) => expect((body as { role: string }[])[0]!.role).toBe('owner') },
    },
  },
  'PATCH /api/groups/:id/members/:memberId': {
    method: 'PATCH',
    path: (g) => `/api/groups/${g.id}/members/${g.members.member2.membershipId}`,
    payload: () => ({ role: 'moderator' }),
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: refused,
      owner: { status: 200, effect: (_g, body) => expect(body).toMatchObject({ role: 'moderator', displayName: 'Mem Two', isMe: false }) },
    },
  },
  'DELETE /api/groups/:id/members/:memberId': {
    method: 'DELETE',
    path: (g) => `/api/groups/${g.id}/members/${g.members.member2.membershipId}`,
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: {
        status: 204,
        effect: async (g) => {
          // Removed: their class stays, unlinked, and their posted item's copy is their own.
          expect((await courseRow(g.members.member2.courseId))!.groupId).toBeNull();
          expect((await request(g.members.member2.user, 'GET', `/api/groups/${g.id}`)).statusCode).toBe(404);
        },
      },
      owner: {
        status: 204,
        effect: async (g) => expect((await ok<unknown[]>(owner, 'GET', `/api/groups/${g.id}/members`)).length).toBe(3),
      },
    },
  },
  'PATCH /api/groups/:id/membership': {
    method: 'PATCH',
    path: (g) => `/api/groups/${g.id}/membership`,
    payload: () => ({ displayName: '  New name ' }),
    writes: true,
    cells: {
      outsider: notMember,
      member: { status: 200, effect: (_g, body) => expect(body).toMatchObject({ displayName: 'New name', isMe: true, role: 'member' }) },
      moderator: { status: 200, effect: (_g, body) => expect(body).toMatchObject({ displayName: 'New name', role: 'moderator' }) },
      owner: { status: 200, effect: (_g, body) => expect(body).toMatchObject({ displayName: 'New name', role: 'owner' }) },
    },
  },
  'DELETE /api/groups/:id/membership': {
    method: 'DELETE',
    path: (g) => `/api/groups/${g.id}/membership`,
    writes: true,
    cells: {
      outsider: notMember,
      member: { status: 204, effect: async (g) => expect((await courseRow(g.members.member.courseId))!.groupId).toBeNull() },
      moderator: { status: 204, effect: async (g) => expect((await ok(owner, 'GET', `/api/groups/${g.id}`)).memberCount).toBe(3) },
      owner: { status: 409, effect: (_g, body) => expect(body).toMatchObject({ code: 'last_owner' }) },
    },
  },
  'DELETE /api/groups/:id': {
    method: 'DELETE',
    path: (g) => `/api/groups/${g.id}`,
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: refused,
      owner: {
        status: 204,
        effect: async (g) => {
          expect(await t.db.select().from(classGroups).where(eq(classGroups.id, g.id))).toEqual([]);
          expect((await courseRow(g.members.member.courseId))!.groupId).toBeNull();
          // Every copy stays its owner's, unlinked.
          const [copy] = await t.db
            .select()
            .from(tasks)
            .where(and(eq(tasks.userId, member.id), eq(tasks.courseId, g.members.member.courseId)));
          expect(copy).toMatchObject({ title: 'Worksheet 3', groupItemId: null });
        },
      },
    },
  },
  'GET /api/groups/:id/items': {
    method: 'GET',
    path: (g) => `/api/groups/${g.id}/items`,
    writes: false,
    cells: {
      outsider: notMember,
      member: {
        status: 200,
        effect: (g, body) =>
          expect(body).toEqual([
            expect.objectContaining({ id: g.itemId, title: 'Worksheet 3', postedBy: 'Mem Two', postedByMe: false, canEdit: false }),
          ]),
      },
      moderator: { status: 200, effect: (_g, body) => expect((body as { canEdit: boolean }[])[0]!.canEdit).toBe(true) },
      owner: { status: 200, effect: (_g, body) => expect((body as { canEdit: boolean }[])[0]!.canEdit).toBe(true) },
    },
  },
  'DELETE /api/groups/:id/items/:itemId': {
    method: 'DELETE',
    path: (g) => `/api/groups/${g.id}/items/${g.itemId}`,
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: {
        status: 204,
        effect: async (g) =>
          expect(
            await t.db
              .select()
              .from(tasks)
              .where(and(eq(tasks.userId, member.id), eq(tasks.courseId, g.members.member.courseId))),
          ).toEqual([]),
      },
      owner: { status: 204, effect: async (g) => expect(await ok<unknown[]>(member, 'GET', `/api/groups/${g.id}/items`)).toEqual([]) },
    },
  },
  'POST /api/groups/:id/items/:itemId/reports': {
    method: 'POST',
    path: (g) => `/api/groups/${g.id}/items/${g.itemId}/reports`,
    payload: () => ({ reason: 'spam', note: 'Not our class' }),
    writes: true,
    cells: {
      outsider: notMember,
      member: {
        status: 201,
        // The member had reported it already: their open report is updated, not doubled.
        effect: async (g, body) => {
          expect((body as { id: string }).id).toBe(g.reportId);
          expect(await ok(moderator, 'GET', `/api/groups/${g.id}/reports`)).toEqual([
            expect.objectContaining({ id: g.reportId, reason: 'spam', note: 'Not our class' }),
          ]);
        },
      },
      moderator: {
        status: 201,
        effect: async (g) => expect(await ok<unknown[]>(owner, 'GET', `/api/groups/${g.id}/reports`)).toHaveLength(2),
      },
      owner: { status: 201, effect: (_g, body) => expect(Object.keys(body as object)).toEqual(['id']) },
    },
  },
  'GET /api/groups/:id/reports': {
    method: 'GET',
    path: (g) => `/api/groups/${g.id}/reports`,
    writes: false,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: {
        status: 200,
        effect: (g, body) => {
          expect(body).toEqual([
            expect.objectContaining({ id: g.reportId, itemId: g.itemId, itemTitle: 'Worksheet 3', reason: 'wrong', note: null }),
          ]);
          // The reporter is never shown.
          expect(JSON.stringify(body)).not.toContain(member.id);
        },
      },
      owner: { status: 200 },
    },
  },
  'POST /api/groups/:id/reports/:reportId/resolve': {
    method: 'POST',
    path: (g) => `/api/groups/${g.id}/reports/${g.reportId}/resolve`,
    payload: () => ({ action: 'dismiss' }),
    writes: true,
    cells: {
      outsider: notMember,
      member: refused,
      moderator: { status: 204, effect: async (g) => expect(await ok<unknown[]>(owner, 'GET', `/api/groups/${g.id}/reports`)).toEqual([]) },
      owner: { status: 204, effect: async (g) => expect(await ok<unknown[]>(member, 'GET', `/api/groups/${g.id}/items`)).toHaveLength(1) },
    },
  },
};

/**
 * The dates of one class's lessons (its slot 0's recurring event, UID `class-<course>-0@studypilot`) up to
 * `until`, as a calendar app shows the feed: parsed and expanded by ical.js, EXDATEs applied.
 */
function lessonDates(text: string, courseId: string, until: string): string[] {
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const dates: string[] = [];
  for (const event of events.filter((entry) => entry.uid === `class-${courseId}-0@studypilot`)) {
    const iterator = event.iterator();
    for (let next = iterator.next(); next && next.toString().slice(0, 10) <= until; next = iterator.next()) {
      dates.push(next.toString().slice(0, 10));
    }
  }
  return dates;
}

describe('every group route × anonymous, non-member, member, moderator, owner', () => {
  let shared: Group;
  beforeAll(async () => {
    shared = await fresh();
  });

  for (const [key, route] of Object.entries(ROUTE_CASES)) {
    it(`${key}: anonymous 401`, async () => {
      const response = await request(undefined, route.method, route.path(shared), route.payload?.(shared));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    });
    for (const role of ROLES) {
      const cell = route.cells[role];
      it(`${key} as ${role === 'outsider' ? 'a non-member' : `the ${role}`}: ${cell.status}`, async () => {
        const group = route.writes ? await fresh() : shared;
        const response = await request(callerOf(role), route.method, route.path(group), route.payload?.(group));
        expect(response.statusCode, response.body).toBe(cell.status);
        const body = response.body ? response.json() : null;
        if (cell.status === 404) expect(body).toMatchObject({ code: 'not_found' });
        if (cell.status === 403) expect(body).toMatchObject({ code: 'forbidden' });
        await cell.effect?.(group, body);
      });
    }
  }

  it('GET /api/groups: each caller lists only their groups, with their role and their course', async () => {
    expect((await request(undefined, 'GET', '/api/groups')).statusCode).toBe(401);
    expect(await ok(outsider, 'GET', '/api/groups')).toEqual([]);
    const listed = await ok<{ id: string; role: string; courseId: string; memberCount: number }[]>(member, 'GET', '/api/groups');
    expect(listed.find((entry) => entry.id === shared.id)).toEqual({
      id: shared.id,
      name: 'Chemistry',
      instructor: 'Dr. Curie',
      role: 'member',
      memberCount: 4,
      courseId: shared.members.member.courseId,
    });
    expect((await ok<{ id: string; role: string }[]>(moderator, 'GET', '/api/groups')).find((entry) => entry.id === shared.id)?.role).toBe(
      'moderator',
    );
  });

  it("POST /api/courses/:id/group: 401 anonymous, 404 for another user's course, 201 once, then 409 already_shared", async () => {
    const courseId = await makeCourse(owner, 'Biology');
    expect((await request(undefined, 'POST', `/api/courses/${courseId}/group`)).statusCode).toBe(401);
    expect((await request(outsider, 'POST', `/api/courses/${courseId}/group`, { displayName: 'Intruder' })).statusCode).toBe(404);
    // The creator names themselves, as a joiner does: no body (or no name) is a 400, never a default name.
    expect((await t.request({ method: 'POST', url: `/api/courses/${courseId}/group`, token: owner.token })).statusCode).toBe(400);
    expect((await request(owner, 'POST', `/api/courses/${courseId}/group`, {})).statusCode).toBe(400);
    const created = await request(owner, 'POST', `/api/courses/${courseId}/group`, { displayName: 'Ms. Okafor' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Biology',
      room: 'A1',
      role: 'owner',
      memberCount: 1,
      courseId,
      displayName: 'Ms. Okafor',
    });
    expect(created.json().timeSlots).toEqual(SLOTS.map((slot) => ({ ...slot, week: null, cycleDay: null })));
    expect((await courseRow(courseId))!.groupId).toBe(created.json().id);
    const again = await request(owner, 'POST', `/api/courses/${courseId}/group`, { displayName: 'Ms. Okafor' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_shared' });
    const bad = await request(owner, 'POST', `/api/courses/${await makeCourse(owner)}/group`, { displayName: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it('GET /api/group-invites/:code and its join: 401 anonymous; a stranger previews and joins (201), a member gets 200', async () => {
    const group = await fresh();
    expect((await request(undefined, 'GET', `/api/group-invites/${group.code}`)).statusCode).toBe(401);
    expect((await request(undefined, 'POST', `/api/group-invites/${group.code}/join`, { displayName: 'X' })).statusCode).toBe(401);
    const stranger = await signUp(t);
    expect(await ok(stranger, 'GET', `/api/group-invites/${group.code}`)).toEqual({
      name: 'Chemistry',
      instructor: 'Dr. Curie',
      timeSlots: SLOTS.map((slot) => ({ ...slot, week: null, cycleDay: null })),
      memberCount: 4,
      alreadyMember: false,
      groupId: null,
    });
    expect(await ok(member, 'GET', `/api/group-invites/${group.code}`)).toMatchObject({ alreadyMember: true, groupId: group.id });
    const joined = await join(stranger, group.code, 'Newbie');
    expect(joined.groupId).toBe(group.id);
    const again = await ok(stranger, 'POST', `/api/group-invites/${group.code}/join`, { displayName: 'Newbie' }, 200);
    expect(again).toEqual(joined);
    expect((await request(stranger, 'POST', `/api/group-invites/${group.code}/join`, { displayName: 'x'.repeat(41) })).statusCode).toBe(
      400,
    );
  });
});

describe('invites', () => {
  it('rotating stops the old code; a code is case-insensitive; expired and revoked codes are 404 invite_not_found', async () => {
    const group = await fresh();
    const stranger = await signUp(t);
    const rotated = await ok<{ code: string }>(owner, 'POST', `/api/groups/${group.id}/invite`, {});
    const old = await request(stranger, 'GET', `/api/group-invites/${group.code}`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'invite_not_found' });
    expect(rotated.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(await ok(stranger, 'GET', `/api/group-invites/${rotated.code.toLowerCase()}`)).toMatchObject({ name: 'Chemistry' });
    await join(stranger, rotated.code.toLowerCase(), 'Lower');

    await t.db
      .update(classGroups)
      .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(classGroups.id, group.id));
    const expired = await request(outsider, 'GET', `/api/group-invites/${rotated.code}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'invite_not_found' });
    expect((await ok(owner, 'GET', `/api/groups/${group.id}`)).invite).toBeNull();

    const next = await ok<{ code: string }>(moderator, 'POST', `/api/groups/${group.id}/invite`);
    await ok(moderator, 'DELETE', `/api/groups/${group.id}/invite`, undefined, 204);
    const revoked = await request(outsider, 'POST', `/api/group-invites/${next.code}/join`, { displayName: 'Late' });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toMatchObject({ code: 'invite_not_found' });
    expect((await request(outsider, 'GET', '/api/group-invites/nonsense')).json()).toMatchObject({ code: 'invite_not_found' });
    expect((await request(owner, 'POST', `/api/groups/${group.id}/invite`, { expiresInDays: 31 })).statusCode).toBe(400);
  });

  it('look-ups are rate-limited per user: the 31st in a minute answers 429 with Retry-After', async () => {
    const guesser = await signUp(t);
    for (let index = 0; index < 30; index++)
      expect((await request(guesser, 'GET', `/api/group-invites/AAAA${index}`)).statusCode).toBe(404);
    const limited = await request(guesser, 'GET', '/api/group-invites/AAAAAAAA');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not limited by it.
    expect((await request(outsider, 'GET', '/api/group-invites/AAAAAAAA')).statusCode).toBe(404);
  });
});

describe('the class in every timetable', () => {
  it("joining adds the class with its slots in the joiner's colour; a moderator's slot and room change reach it and keep the colour", async () => {
    const group = await fresh();
    const joiner = await signUp(t);
    const { courseId } = await join(joiner, group.code, 'Teal', '#00aaaa');
    const [mine] = (await ok<Record<string, unknown>[]>(joiner, 'GET', '/api/courses')).filter((course) => course.id === courseId);
    expect(mine).toMatchObject({
      name: 'Chemistry',
      instructor: 'Dr. Curie',
      room: 'A1',
      color: '#00aaaa',
      groupId: group.id,
      cancelledLessons: [],
      timeSlots: SLOTS.map((slot) => ({ ...slot, week: null, cycleDay: null })),
    });
    const moved = [SLOTS[0], { day: 4, startTime: '13:00', endTime: '14:00' }];
    await ok(moderator, 'PATCH', `/api/groups/${group.id}`, { room: 'B2', timeSlots: moved });
    const after = (await ok<Record<string, unknown>[]>(joiner, 'GET', '/api/courses')).find((course) => course.id === courseId);
    expect(after).toMatchObject({
      room: 'B2',
      color: '#00aaaa',
      timeSlots: [expect.objectContaining({ day: 1 }), expect.objectContaining({ day: 4 })],
    });
    // The owner's own course follows too.
    expect((await courseRow(group.ownerCourseId))!.room).toBe('B2');
  });

  it("a member's PATCH of a shared field of the linked class is 403 shared_field; private fields and unchanged values pass", async () => {
    const group = await fresh();
    const url = `/api/courses/${group.members.member.courseId}`;
    const refusedName = await request(member, 'PATCH', url, { name: 'My chemistry' });
    expect(refusedName.statusCode).toBe(403);
    expect(refusedName.json()).toMatchObject({ code: 'shared_field', message: "This is set by the class group's moderators" });
    expect((await request(member, 'PATCH', url, { timeSlots: [SLOTS[0]] })).json()).toMatchObject({ code: 'shared_field' });
    const saved = await ok(member, 'PATCH', url, {
      name: 'Chemistry',
      room: 'A1',
      timeSlots: SLOTS,
      color: '#abcdef',
      credits: 5,
      targetGrade: 80,
    });
    expect(saved).toMatchObject({ color: '#abcdef', credits: 5, targetGrade: 80, name: 'Chemistry' });
  });

  it("a cancelled lesson leaves the member's calendar feed (EXDATE) and their course's cancelledLessons; restoring brings it back", async () => {
    const group = await fresh();
    const feed = await ok<{ url: string }>(member, 'GET', '/api/calendar/feed');
    const ics = async () => (await t.request({ method: 'GET', url: new URL(feed.url).pathname + new URL(feed.url).search })).body;
    // A Monday within the weekly span: 2 weeks from the coming Monday.
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7) + 14);
    const date = monday.toISOString().slice(0, 10);
    expect(await ics()).not.toContain(`EXDATE;TZID=UTC:${date.replaceAll('-', '')}T090000`);
    const noSlot = await request(owner, 'PUT', `/api/groups/${group.id}/cancelled-lessons`, { date, slotIndex: 2, cancelled: true });
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json()).toMatchObject({ code: 'validation_error', issues: [{ path: 'slotIndex' }] });
    await ok(owner, 'PUT', `/api/groups/${group.id}/cancelled-lessons`, { date, slotIndex: 0, cancelled: true });
    const course = (await ok<{ id: string; cancelledLessons: unknown[] }[]>(member, 'GET', '/api/courses')).find(
      (entry) => entry.id === group.members.member.courseId,
    );
    expect(course!.cancelledLessons).toEqual([{ date, slotIndex: 0 }]);
    expect(await ics()).toMatch(new RegExp(`EXDATE[^\\r\\n]*${date.replaceAll('-', '')}T090000`));
    // As a calendar app sees it: the feed parsed and the class's recurrence expanded (EXDATEs applied).
    expect(lessonDates(await ics(), group.members.member.courseId, date)).not.toContain(date);
    await ok(owner, 'PUT', `/api/groups/${group.id}/cancelled-lessons`, { date, slotIndex: 0, cancelled: false });
    expect(await ics()).not.toMatch(new RegExp(`EXDATE[^\\r\\n]*${date.replaceAll('-', '')}T090000`));
    expect(lessonDates(await ics(), group.members.member.courseId, date)).toContain(date);
    // The notification centre told the member, not the moderator who did it.
    const notices = await ok<{ items: { kind: string; data: Record<string, unknown> }[] }>(member, 'GET', '/api/notifications');
    expect(notices.items.find((item) => item.kind === 'lesson_cancelled')?.data).toMatchObject({
      subject: 'Chemistry',
      groupId: group.id,
      actorName: 'Ms. Owner',
    });
    const own = await ok<{ items: { kind: string; data: Record<string, unknown> }[] }>(owner, 'GET', '/api/notifications');
    expect(own.items.filter((item) => item.kind === 'lesson_cancelled' && item.data.groupId === group.id)).toEqual([]);
  });
});

describe('shared items', () => {
  const tasksOf = async (user: SignedUpUser) => ok<Record<string, unknown>[]>(user, 'GET', '/api/tasks');

  it('posting fans out a copy to every member; completion and points stay private; the poster sees shared.postedByMe', async () => {
    const group = await fresh();
    const posted = await ok<Record<string, unknown>>(
      owner,
      'POST',
      '/api/tasks',
      {
        title: 'Lab report',
        dueDate: inDays(5),
        courseId: group.ownerCourseId,
        taskType: 'project',
        priority: 'high',
        shareWithGroup: true,
      },
      201,
    );
    expect(posted.shared).toMatchObject({ groupId: group.id, postedBy: 'Ms. Owner', postedByMe: true, canEdit: true });
    const itemId = (posted.shared as { itemId: string }).itemId;
    const copies = await t.db.select().from(tasks).where(eq(tasks.groupItemId, itemId));
    expect(copies.map((copy) => copy.userId).sort()).toEqual([owner.id, moderator.id, member.id, group.members.member2.user.id].sort());
    // Each copy lands in its owner's linked course, with its private fields at their defaults.
    const memberCopy = copies.find((copy) => copy.userId === member.id)!;
    expect(memberCopy).toMatchObject({
      courseId: group.members.member.courseId,
      title: 'Lab report',
      taskType: 'project',
      priority: 'medium',
    });
    const listed = (await tasksOf(member)).find((task) => task.id === memberCopy.id);
    expect(listed!.shared).toEqual({ itemId, groupId: group.id, postedBy: 'Ms. Owner', postedByMe: false, canEdit: false });

    const [before] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, owner.id));
    await ok(member, 'PATCH', `/api/tasks/${memberCopy.id}`, { completed: true });
    const ownerCopy = (await tasksOf(owner)).find((task) => task.id === posted.id)!;
    expect(ownerCopy.completed).toBe(false);
    const [after] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, owner.id));
    expect(after!.points).toBe(before!.points);
    // The group's view of the item tells nothing of anyone's completion.
    const items = await ok<Record<string, unknown>[]>(owner, 'GET', `/api/groups/${group.id}/items`);
    expect(Object.keys(items.find((item) => item.id === itemId)!).sort()).toEqual(
      ['canEdit', 'createdAt', 'description', 'dueDate', 'id', 'postedBy', 'postedByMe', 'taskType', 'title', 'updatedAt'].sort(),
    );
    // And the others got a notice in their bell.
    const bell = await ok<{ items: { kind: string; data: Record<string, unknown> }[] }>(moderator, 'GET', '/api/notifications');
    expect(bell.items.find((item) => item.kind === 'item_posted' && item.data.subject === 'Lab report')?.data).toMatchObject({
      actorName: 'Ms. Owner',
      groupId: group.id,
    });
  });

  it("the poster's edit reaches every copy; a member's edit of a shared field is 403 shared_item_readonly; private fields are theirs", async () => {
    const group = await fresh();
    const memberCopy = (await tasksOf(member)).find((task) => (task.shared as { itemId: string } | null)?.itemId === group.itemId)!;
    const refusedEdit = await request(member, 'PATCH', `/api/tasks/${memberCopy.id}`, { title: 'Mine now' });
    expect(refusedEdit.statusCode).toBe(403);
    expect(refusedEdit.json()).toMatchObject({ code: 'shared_item_readonly' });
    // The whole form sent back unchanged, with a private field changed, passes.
    const privateEdit = await ok(member, 'PATCH', `/api/tasks/${memberCopy.id}`, {
      title: memberCopy.title,
      dueDate: memberCopy.dueDate,
      taskType: memberCopy.taskType,
      priority: 'high',
      reminderOffsetMinutes: 60,
    });
    expect(privateEdit).toMatchObject({ priority: 'high', reminderOffsetMinutes: 60 });

    const posterCopy = (await tasksOf(group.members.member2.user)).find(
      (task) => (task.shared as { itemId: string } | null)?.itemId === group.itemId,
    )!;
    const newDue = inDays(6);
    await ok(group.members.member2.user, 'PATCH', `/api/tasks/${posterCopy.id}`, { title: 'Worksheet 3 (corrected)', dueDate: newDue });
    const copies = await t.db.select().from(tasks).where(eq(tasks.groupItemId, group.itemId));
    expect(copies).toHaveLength(4);
    for (const copy of copies) expect(copy).toMatchObject({ title: 'Worksheet 3 (corrected)', dueDate: new Date(newDue) });
    // The member's private reminder and priority stayed.
    expect(copies.find((copy) => copy.userId === member.id)).toMatchObject({ priority: 'high', reminderOffsetMinutes: 60 });

    // A moderator edits any item, through their own copy.
    const modCopy = copies.find((copy) => copy.userId === moderator.id)!;
    await ok(moderator, 'PATCH', `/api/tasks/${modCopy.id}`, { description: 'Pages 4-6', dueDate: null });
    const [memberAfter] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, member.id)));
    // No due date any more: the member's reminder went with it.
    expect(memberAfter).toMatchObject({ description: 'Pages 4-6', dueDate: null, reminderOffsetMinutes: null });
    const bell = await ok<{ items: { kind: string; data: Record<string, unknown> }[] }>(member, 'GET', '/api/notifications');
    expect(bell.items.some((item) => item.kind === 'item_changed' && item.data.actorName === 'Mo')).toBe(true);
  });

  it('a member hides a shared item by deleting their copy; the others keep theirs', async () => {
    const group = await fresh();
    const [copy] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, member.id)));
    await ok(member, 'DELETE', `/api/tasks/${copy!.id}`, undefined, 204);
    expect(await t.db.select().from(tasks).where(eq(tasks.groupItemId, group.itemId))).toHaveLength(3);
    expect(await ok<unknown[]>(member, 'GET', `/api/groups/${group.id}/items`)).toHaveLength(1);
  });

  it("a moderator's removal deletes the open copies and keeps the completed ones, unlinked", async () => {
    const group = await fresh();
    const [done] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, member.id)));
    await ok(member, 'PATCH', `/api/tasks/${done!.id}`, { completed: true });
    await ok(moderator, 'DELETE', `/api/groups/${group.id}/items/${group.itemId}`, undefined, 204);
    expect(await t.db.select().from(tasks).where(eq(tasks.groupItemId, group.itemId))).toEqual([]);
    const kept = (await tasksOf(member)).find((task) => task.id === done!.id);
    expect(kept).toMatchObject({ completed: true, shared: null, title: 'Worksheet 3' });
    expect((await request(owner, 'DELETE', `/api/groups/${group.id}/items/${group.itemId}`)).statusCode).toBe(404);
  });

  it('the poster removes their own item without a role', async () => {
    const group = await fresh();
    await ok(group.members.member2.user, 'DELETE', `/api/groups/${group.id}/items/${group.itemId}`, undefined, 204);
    expect(await ok<unknown[]>(owner, 'GET', `/api/groups/${group.id}/items`)).toEqual([]);
  });

  it('a new member gets copies of the items due from today on (and undated ones), not of past ones', async () => {
    const group = await fresh();
    await t.db.insert(classGroupItems).values([
      {
        groupId: group.id,
        postedBy: owner.id,
        posterName: 'Ms. Owner',
        title: 'Old quiz',
        dueDate: new Date(Date.now() - 3 * 86_400_000),
        taskType: 'quiz',
      },
      { groupId: group.id, postedBy: owner.id, posterName: 'Ms. Owner', title: 'Reading list', dueDate: null, taskType: 'reading' },
    ]);
    const joiner = await signUp(t);
    const { courseId } = await join(joiner, group.code, 'Late joiner');
    const mine = await tasksOf(joiner);
    expect(mine.map((task) => task.title).sort()).toEqual(['Reading list', 'Worksheet 3']);
    for (const task of mine) expect(task.courseId).toBe(courseId);
  });

  it.each(['Pacific/Honolulu', 'Asia/Tokyo'])(
    "a joiner in %s gets the items due from the start of their own local today, not from UTC's",
    async (timeZone) => {
      const group = await fresh();
      const today = localDateOf(new Date(), timeZone);
      const startOfToday = Date.parse(startOfLocalDay(today, timeZone));
      await t.db.insert(classGroupItems).values(
        [
          ['Due late yesterday', startOfToday - 60_000],
          ['Due early today', startOfToday + 60_000],
        ].map(([title, due]) => ({
          groupId: group.id,
          postedBy: owner.id,
          posterName: 'Ms. Owner',
          title: title as string,
          dueDate: new Date(due as number),
          taskType: 'assignment',
        })),
      );
      const joiner = await signUp(t);
      await t.db.update(users).set({ timeZone }).where(eq(users.id, joiner.id));
      await join(joiner, group.code, 'Far away');
      const titles = (await tasksOf(joiner)).map((task) => task.title);
      expect(titles).toContain('Due early today');
      expect(titles).not.toContain('Due late yesterday');
    },
  );

  it('shareWithGroup needs a group-linked course of the poster: otherwise 400 on shareWithGroup', async () => {
    const plainCourse = await makeCourse(outsider, 'Art');
    for (const payload of [
      { title: 'A', dueDate: inDays(1), shareWithGroup: true },
      { title: 'A', dueDate: inDays(1), courseId: plainCourse, shareWithGroup: true },
    ]) {
      const response = await request(outsider, 'POST', '/api/tasks', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', issues: [expect.objectContaining({ path: 'shareWithGroup' })] });
    }
    const group = await fresh();
    // Another member's linked course is theirs: 404 like any other user's course.
    const stolen = await request(outsider, 'POST', '/api/tasks', {
      title: 'A',
      dueDate: inDays(1),
      courseId: group.members.member.courseId,
      shareWithGroup: true,
    });
    expect(stolen.statusCode).toBe(404);
    const repeating = await request(owner, 'POST', '/api/tasks', {
      title: 'Weekly',
      dueDate: inDays(1),
      courseId: group.ownerCourseId,
      shareWithGroup: true,
      recurrence: { frequency: 'daily', until: inDays(5).slice(0, 10) },
    });
    expect(repeating.statusCode).toBe(400);
  });

  it(`${GROUP_SHARES_PER_DAY} shared items a day per member, then 429 share_limit`, async () => {
    const group = await fresh();
    const poster = group.members.member2.user;
    // fresh()'s post was their first share; the counter says they made the rest of the day's.
    await setShares(poster, GROUP_SHARES_PER_DAY);
    const limited = await request(poster, 'POST', '/api/tasks', {
      title: 'One too many',
      dueDate: inDays(2),
      courseId: group.members.member2.courseId,
      shareWithGroup: true,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'share_limit', message: 'You can share up to 50 items a day with a class group' });
    // Nothing was written: no task, no item.
    expect(
      await t.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.userId, poster.id), eq(tasks.title, 'One too many'))),
    ).toEqual([]);
    // A private task is still fine.
    await ok(poster, 'POST', '/api/tasks', { title: 'Private', dueDate: inDays(2), courseId: group.members.member2.courseId }, 201);
    // The refused post counted nothing.
    expect(
      (
        await t.db
          .select()
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.key, groupSharesKey(poster.id)))
      )[0]!.count,
    ).toBe(GROUP_SHARES_PER_DAY);
  });

  it('a removed or hidden item gives no share back: the day’s count only grows', async () => {
    const group = await fresh();
    const poster = group.members.member2.user;
    await setShares(poster, GROUP_SHARES_PER_DAY - 1);
    const share = { title: 'Last one', dueDate: inDays(2), courseId: group.members.member2.courseId, shareWithGroup: true };
    const last = await ok<{ shared: { itemId: string } }>(poster, 'POST', '/api/tasks', share, 201);
    await ok(poster, 'DELETE', `/api/groups/${group.id}/items/${last.shared.itemId}`, undefined, 204);
    await ok(poster, 'DELETE', `/api/groups/${group.id}/items/${group.itemId}`, undefined, 204);
    const again = await request(poster, 'POST', '/api/tasks', share);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'share_limit' });
  });

  it('two posts at the 49th share, to two groups at once: one passes, the other is 429 share_limit', async () => {
    const poster = await signUp(t);
    const courseIds = [await makeCourse(poster, 'Biology'), await makeCourse(poster, 'Physics')];
    for (const courseId of courseIds) await ok(poster, 'POST', `/api/courses/${courseId}/group`, { displayName: 'Poster' }, 201);
    await setShares(poster, GROUP_SHARES_PER_DAY - 1);
    const answers = await Promise.all(
      courseIds.map((courseId) =>
        request(poster, 'POST', '/api/tasks', { title: 'Race', dueDate: inDays(2), courseId, shareWithGroup: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429]);
    expect(await t.db.select().from(classGroupItems).where(eq(classGroupItems.postedBy, poster.id))).toHaveLength(1);
  });

  it('removing an item takes back the points a deleted copy earned (completed, then reopened)', async () => {
    const group = await fresh();
    const [copy] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, member.id)));
    const pointsOf = async () => (await t.db.select({ points: users.points }).from(users).where(eq(users.id, member.id)))[0]!.points;
    await ok(member, 'PATCH', `/api/tasks/${copy!.id}`, { completed: true });
    await ok(member, 'PATCH', `/api/tasks/${copy!.id}`, { completed: false });
    const [award] = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, member.id), eq(pointsLedger.reason, 'task'), eq(pointsLedger.sourceId, copy!.id)));
    expect(award!.amount).toBeGreaterThan(0);
    const before = await pointsOf();
    await ok(moderator, 'DELETE', `/api/groups/${group.id}/items/${group.itemId}`, undefined, 204);
    expect(await t.db.select().from(tasks).where(eq(tasks.id, copy!.id))).toEqual([]);
    // The task's own award goes, as when the student deletes a task (decision 076).
    expect(await pointsOf()).toBe(before - award!.amount);
    const reversals = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, member.id), eq(pointsLedger.sourceId, `task:${copy!.id}`)));
    expect(reversals).toEqual([expect.objectContaining({ reason: 'reversal' })]);
  });

  it('a moderator demoted while their edit waits for the group is refused: the role is read under the lock', async () => {
    const group = await fresh();
    const [copy] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, moderator.id)));
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      // The owner's demotion, holding the group's row as every group write does.
      await locker.query('SELECT id FROM class_groups WHERE id = $1 FOR UPDATE', [group.id]);
      await locker.query(`UPDATE class_group_members SET role = 'member' WHERE id = $1`, [group.members.moderator.membershipId]);
      const edit = request(moderator, 'PATCH', `/api/tasks/${copy!.id}`, { title: 'Edited while demoted' });
      const started = performance.now();
      while (
        (
          await locker.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0]!.n === 0
      ) {
        if (performance.now() - started > 5000) throw new Error('the edit never waited for the group');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await locker.query('COMMIT');
      const answer = await edit;
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'shared_item_readonly' });
    } finally {
      await locker.end();
    }
    expect((await t.db.select().from(classGroupItems).where(eq(classGroupItems.id, group.itemId)))[0]!.title).toBe('Worksheet 3');
  });

  it('leaving and joining again (or hiding, then leaving and joining again) copies no item twice', async () => {
    const group = await fresh();
    // (The shared accounts have copies of other groups' "Worksheet 3" too: counted before and after.)
    const copiesOf = async (userId: string) =>
      (
        await t.db
          .select()
          .from(tasks)
          .where(and(eq(tasks.userId, userId), eq(tasks.title, 'Worksheet 3')))
      ).map((task) => task.id);
    // The member keeps their copy when leaving, and gets no second one on the way back.
    const before = await copiesOf(member.id);
    await ok(member, 'DELETE', `/api/groups/${group.id}/membership`, undefined, 204);
    await join(member, group.code, 'Mem again');
    expect((await copiesOf(member.id)).sort()).toEqual(before.sort());
    expect(
      await t.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, member.id))),
    ).toEqual([]);
    // The moderator hides theirs (deletes the copy), leaves and comes back: still hidden.
    const [hidden] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, moderator.id)));
    await ok(moderator, 'DELETE', `/api/tasks/${hidden!.id}`, undefined, 204);
    await ok(moderator, 'DELETE', `/api/groups/${group.id}/membership`, undefined, 204);
    await join(moderator, group.code, 'Mo again');
    expect(
      await t.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, moderator.id))),
    ).toEqual([]);
    // A newcomer still gets their copy.
    const newcomer = await signUp(t);
    await join(newcomer, group.code, 'New');
    expect(
      await t.db
        .select()
        .from(tasks)
        .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, newcomer.id))),
    ).toHaveLength(1);
  });
});

describe('membership', () => {
  it(`a group has at most ${GROUP_MEMBERS_MAX} members: the next join is 409 group_full`, async () => {
    const group = await fresh();
    const fillers = await t.db
      .insert(users)
      .values(Array.from({ length: GROUP_MEMBERS_MAX - 4 }, () => ({ username: uniqueUsername('filler'), trialEndDate: new Date() })))
      .returning({ id: users.id });
    await t.db
      .insert(classGroupMembers)
      .values(fillers.map((filler, index) => ({ groupId: group.id, userId: filler.id, role: 'member', displayName: `F${index}` })));
    const late = await signUp(t);
    const full = await request(late, 'POST', `/api/group-invites/${group.code}/join`, { displayName: 'Late' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'group_full', message: 'This class group is full (100 members)' });
    expect(await t.db.select().from(courses).where(eq(courses.userId, late.id))).toEqual([]);
    // Posting to a full group fans out to all 100 in one statement.
    const posted = await ok<{ shared: { itemId: string } }>(
      owner,
      'POST',
      '/api/tasks',
      { title: 'Everyone', dueDate: inDays(2), courseId: group.ownerCourseId, shareWithGroup: true },
      201,
    );
    expect(await t.db.select().from(tasks).where(eq(tasks.groupItemId, posted.shared.itemId))).toHaveLength(GROUP_MEMBERS_MAX);
  });

  it('the last owner hands over first (409 last_owner), then leaves; roles change only by an owner; the last one may not step down', async () => {
    const group = await fresh();
    const left = await request(owner, 'DELETE', `/api/groups/${group.id}/membership`);
    expect(left.json()).toMatchObject({ code: 'last_owner', message: 'Hand the group to another member first, or close it' });
    const own = (await ok<{ id: string; isMe: boolean }[]>(owner, 'GET', `/api/groups/${group.id}/members`)).find((entry) => entry.isMe)!;
    const stepDown = await request(owner, 'PATCH', `/api/groups/${group.id}/members/${own.id}`, { role: 'member' });
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json()).toMatchObject({ code: 'last_owner' });
    await ok(owner, 'PATCH', `/api/groups/${group.id}/members/${group.members.moderator.membershipId}`, { role: 'owner' });
    await ok(owner, 'DELETE', `/api/groups/${group.id}/membership`, undefined, 204);
    expect((await courseRow(group.ownerCourseId))!.groupId).toBeNull();
    expect((await ok(moderator, 'GET', `/api/groups/${group.id}`)).role).toBe('owner');
    // A moderator may not remove an owner; an owner may.
    const other = await fresh();
    const ownerMembership = (await ok<{ id: string; role: string }[]>(moderator, 'GET', `/api/groups/${other.id}/members`)).find(
      (entry) => entry.role === 'owner',
    )!;
    expect((await request(moderator, 'DELETE', `/api/groups/${other.id}/members/${ownerMembership.id}`)).statusCode).toBe(403);
    expect((await request(member, 'DELETE', `/api/groups/${other.id}/members/${other.members.moderator.membershipId}`)).statusCode).toBe(
      403,
    );
    expect((await request(owner, 'DELETE', `/api/groups/${other.id}/members/${other.members.moderator.membershipId}`)).statusCode).toBe(
      204,
    );
    // An unknown member id of this group: 404.
    expect((await request(owner, 'DELETE', `/api/groups/${other.id}/members/${group.members.member.membershipId}`)).statusCode).toBe(404);
  });

  it("a member who leaves or is removed no longer sees the group's notices", async () => {
    const group = await fresh();
    const noticesOf = (userId: string) =>
      t.db
        .select()
        .from(classGroupNotices)
        .where(and(eq(classGroupNotices.userId, userId), eq(classGroupNotices.groupId, group.id)));
    const bellHas = async (user: SignedUpUser) =>
      (await ok<{ items: { data: Record<string, unknown> }[] }>(user, 'GET', '/api/notifications')).items.some(
        (item) => item.data.groupId === group.id,
      );
    expect(await noticesOf(member.id)).not.toEqual([]);
    expect(await bellHas(member)).toBe(true);
    await ok(member, 'DELETE', `/api/groups/${group.id}/membership`, undefined, 204);
    expect(await noticesOf(member.id)).toEqual([]);
    expect(await bellHas(member)).toBe(false);

    expect(await noticesOf(moderator.id)).not.toEqual([]);
    await ok(owner, 'DELETE', `/api/groups/${group.id}/members/${group.members.moderator.membershipId}`, undefined, 204);
    expect(await noticesOf(moderator.id)).toEqual([]);
    expect(await bellHas(moderator)).toBe(false);
  });

  it('fewer slots drop the cancelled lessons of the slots removed, for the group and every linked course', async () => {
    const group = await fresh();
    await ok(owner, 'PUT', `/api/groups/${group.id}/cancelled-lessons`, { date: '2030-01-07', slotIndex: 0, cancelled: true });
    await ok(owner, 'PUT', `/api/groups/${group.id}/cancelled-lessons`, { date: '2030-01-09', slotIndex: 1, cancelled: true });
    const updated = await ok<{ timeSlots: unknown[]; cancelledLessons: unknown[] }>(owner, 'PATCH', `/api/groups/${group.id}`, {
      timeSlots: [SLOTS[0]],
    });
    expect(updated.timeSlots).toHaveLength(1);
    expect(updated.cancelledLessons).toEqual([{ date: '2030-01-07', slotIndex: 0 }]);
    expect((await courseRow(group.members.member.courseId))!.cancelledLessons).toEqual([{ date: '2030-01-07', slotIndex: 0 }]);
    // Slot 1 added back is a new slot: nothing cancelled on it.
    const again = await ok<{ cancelledLessons: unknown[] }>(owner, 'PATCH', `/api/groups/${group.id}`, { timeSlots: SLOTS });
    expect(again.cancelledLessons).toEqual([{ date: '2030-01-07', slotIndex: 0 }]);
  });

  it('the only member leaving closes the group', async () => {
    const courseId = await makeCourse(outsider, 'Solo');
    const group = await ok<{ id: string }>(outsider, 'POST', `/api/courses/${courseId}/group`, { displayName: 'Poster' }, 201);
    await ok(outsider, 'DELETE', `/api/groups/${group.id}/membership`, undefined, 204);
    expect(await t.db.select().from(classGroups).where(eq(classGroups.id, group.id))).toEqual([]);
    expect((await courseRow(courseId))!.groupId).toBeNull();
  });
});

describe('reports to moderators and the admin inbox', () => {
  it('an admin sees the open reports with the group and the item, resolves one by removing the item, audit-logged', async () => {
    const group = await fresh();
    const admin = await signUp(t);
    await setRoleByUsername(t.db, admin.username, 'admin');
    expect((await request(member, 'GET', '/api/admin/group-reports')).statusCode).toBe(403);
    const inbox = await ok<Record<string, unknown>[]>(admin, 'GET', '/api/admin/group-reports');
    expect(inbox.find((entry) => entry.id === group.reportId)).toEqual({
      id: group.reportId,
      itemId: group.itemId,
      itemTitle: 'Worksheet 3',
      itemDescription: null,
      posterName: 'Mem Two',
      reason: 'wrong',
      note: null,
      createdAt: expect.any(String),
      groupId: group.id,
      groupName: 'Chemistry',
    });
    expect(
      (await request(member, 'POST', `/api/admin/group-reports/${group.reportId}/resolve`, { action: 'remove_item' })).statusCode,
    ).toBe(403);
    await ok(admin, 'POST', `/api/admin/group-reports/${group.reportId}/resolve`, { action: 'remove_item' }, 204);
    expect(await ok<unknown[]>(member, 'GET', `/api/groups/${group.id}/items`)).toEqual([]);
    expect(
      (await ok<Record<string, unknown>[]>(admin, 'GET', '/api/admin/group-reports')).some((entry) => entry.id === group.reportId),
    ).toBe(false);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.actorId, admin.id), eq(adminAuditLog.action, 'group_report.resolve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ status: 'removed' });
    expect((await request(admin, 'POST', `/api/admin/group-reports/${group.reportId}/resolve`, { action: 'dismiss' })).statusCode).toBe(
      404,
    );
  });

  it('a moderator removing the item through a report deletes the open copies', async () => {
    const group = await fresh();
    await ok(owner, 'POST', `/api/groups/${group.id}/reports/${group.reportId}/resolve`, { action: 'remove_item' }, 204);
    expect(await t.db.select().from(tasks).where(eq(tasks.groupItemId, group.itemId))).toEqual([]);
  });
});

describe('privacy between members', () => {
  it("no group answer carries another member's username, email, user id, completion or grades", async () => {
    const group = await fresh();
    const [copy] = await t.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.groupItemId, group.itemId), eq(tasks.userId, member.id)));
    await ok(member, 'PATCH', `/api/tasks/${copy!.id}`, { completed: true });
    const answers = [
      await ok(owner, 'GET', `/api/groups/${group.id}`),
      await ok(owner, 'GET', `/api/groups/${group.id}/members`),
      await ok(owner, 'GET', `/api/groups/${group.id}/items`),
      await ok(owner, 'GET', `/api/groups/${group.id}/reports`),
      await ok(owner, 'GET', '/api/groups'),
      await ok(owner, 'GET', `/api/group-invites/${group.code}`),
      await ok(owner, 'GET', '/api/tasks'),
    ];
    const text = JSON.stringify(answers);
    for (const other of [member, moderator, group.members.member2.user]) {
      expect(text).not.toContain(other.username);
      expect(text).not.toContain(other.id);
    }
    for (const field of ['"username"', '"email"', '"userId"', '"completedAt"', '"grade', '"score"']) {
      expect(JSON.stringify(answers.slice(0, 6))).not.toContain(field);
    }
  });
});

describe('account deletion and export', () => {
  it('the export holds the groups a student belongs to and the items they posted', async () => {
    const group = await fresh();
    const poster = group.members.member2.user;
    const response = await t.request({ method: 'GET', url: '/api/account/export/json', token: poster.token });
    expect(response.statusCode).toBe(200);
    const document = (JSON.parse(response.body) as { tables: Record<string, Record<string, unknown>[]> }).tables;
    expect(document.class_group_members).toEqual([expect.objectContaining({ groupId: group.id, displayName: 'Mem Two', role: 'member' })]);
    expect(document.class_group_items).toEqual([
      expect.objectContaining({ id: group.itemId, title: 'Worksheet 3', posterName: 'Mem Two' }),
    ]);
    expect(document.courses).toEqual([expect.objectContaining({ groupId: group.id })]);
  });

  it('deleting the owner hands the group to the earliest moderator, keeps their items as a former member’s, and leaves no row naming them', async () => {
    const leaving = await signUp(t);
    const courseId = await makeCourse(leaving, 'History');
    const group = await ok<{ id: string; invite: { code: string } }>(
      leaving,
      'POST',
      `/api/courses/${courseId}/group`,
      { displayName: 'Prof' },
      201,
    );
    const stayer = await signUp(t);
    const laterModerator = await signUp(t);
    await join(stayer, group.invite.code, 'Stayer');
    await join(laterModerator, group.invite.code, 'Mod');
    const list = await ok<{ id: string; displayName: string }[]>(leaving, 'GET', `/api/groups/${group.id}/members`);
    await ok(leaving, 'PATCH', `/api/groups/${group.id}/members/${list.find((entry) => entry.displayName === 'Mod')!.id}`, {
      role: 'moderator',
    });
    const posted = await ok<{ shared: { itemId: string } }>(
      leaving,
      'POST',
      '/api/tasks',
      { title: 'Essay', dueDate: inDays(4), courseId, shareWithGroup: true },
      201,
    );
    // A report by the leaving account, and a notice it caused.
    await ok(leaving, 'POST', `/api/groups/${group.id}/items/${posted.shared.itemId}/reports`, { reason: 'other', note: 'typo' }, 201);
    await ok(leaving, 'PUT', `/api/groups/${group.id}/cancelled-lessons`, { date: '2030-01-07', slotIndex: 0, cancelled: true });
    // A group it was the only member of.
    const solo = await ok<{ id: string }>(
      leaving,
      'POST',
      `/api/courses/${await makeCourse(leaving, 'Solo')}/group`,
      { displayName: 'Solo' },
      201,
    );

    const cachedList = await t.request({ method: 'GET', url: '/api/tasks', token: stayer.token });
    expect(cachedList.headers.etag).toBeDefined();

    await ok(leaving, 'DELETE', '/api/user/delete', undefined, 204);

    // The stayer's cached task list is out of date now: not a 304.
    const reread = await t.request({
      method: 'GET',
      url: '/api/tasks',
      token: stayer.token,
      headers: { 'if-none-match': String(cachedList.headers.etag) },
    });
    expect(reread.statusCode).toBe(200);

    expect((await ok(laterModerator, 'GET', `/api/groups/${group.id}`)).role).toBe('owner');
    expect((await ok(stayer, 'GET', `/api/groups/${group.id}`)).role).toBe('member');
    const items = await ok<Record<string, unknown>[]>(stayer, 'GET', `/api/groups/${group.id}/items`);
    expect(items).toEqual([expect.objectContaining({ title: 'Essay', postedBy: null, postedByMe: false })]);
    const stayerTask = (await ok<Record<string, unknown>[]>(stayer, 'GET', '/api/tasks')).find((task) => task.title === 'Essay');
    expect(stayerTask!.shared).toMatchObject({ postedBy: null });
    expect(await t.db.select().from(classGroups).where(eq(classGroups.id, solo.id))).toEqual([]);

    // Every uuid column of every table, and every text column of the group tables, is free of the account.
    const columns = await t.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
      SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' AND (data_type = 'uuid' OR (table_name LIKE 'class_group%' AND data_type IN ('text', 'jsonb')))`);
    expect(columns.rows.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const { table_name: table, column_name: column, data_type: type } of columns.rows) {
      const value = type === 'uuid' ? sql`${leaving.id}::uuid` : sql`${leaving.id}`;
      const target =
        type === 'jsonb' ? sql`${sql.identifier(column)}::text LIKE ${`%${leaving.id}%`}` : sql`${sql.identifier(column)} = ${value}`;
      const result = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${target}`);
      if (Number(result.rows[0]!.n) > 0) found.push(`${table}.${column}`);
    }
    expect(found).toEqual([]);
    // Nor does any group row keep the names it showed.
    const named = await t.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM class_group_items WHERE poster_name = 'Prof')
        + (SELECT count(*) FROM class_group_notices WHERE actor_name = 'Prof')
        + (SELECT count(*) FROM class_group_members WHERE display_name = 'Prof') AS n`);
    expect(Number(named.rows[0]!.n)).toBe(0);
  });
});

describe('what the other members’ live views are told', () => {
  let events: InstanceEvents;
  const heard: InstanceEventPayload<'userChange'>[] = [];
  beforeAll(async () => {
    events = new InstanceEvents({ connectionString: t.databaseUrl, heartbeatMs: 200, timeoutMs: 2000 });
    await events.start();
    await events.waitUntilListening(5000);
    events.on('userChange', (payload) => heard.push(payload));
  });
  afterAll(() => events.stop());

  /**
   * Forgets what was heard so far: a marker published now arrives after every earlier commit's changes
   * (one connection hears notifications in commit order), then the list is cleared.
   */
  const settle = async () => {
    const marker = randomUUID();
    await publishUserChange(t.db, [marker], ['courses']);
    const started = performance.now();
    while (!heard.some((entry) => entry.userIds.includes(marker))) {
      if (performance.now() - started > 3000) throw new Error('the marker never arrived');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    heard.length = 0;
  };

  /** Waits for a change naming `userId` with `topic`. */
  const told = async (userId: string, topic: string) => {
    const started = performance.now();
    while (!heard.some((entry) => entry.userIds.includes(userId) && (entry.topics as string[]).includes(topic))) {
      if (performance.now() - started > 3000) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return true;
  };

  it('a role change tells every member (their lists of members show it)', async () => {
    const group = await fresh();
    await settle();
    await ok(owner, 'PATCH', `/api/groups/${group.id}/members/${group.members.member2.membershipId}`, { role: 'moderator' });
    expect(await told(group.members.member2.user.id, 'tasks')).toBe(true);
    expect(await told(member.id, 'groups')).toBe(true);
    expect(await told(moderator.id, 'groups')).toBe(true);
  });

  it('a dismissed report tells the other moderators (their report list)', async () => {
    const group = await fresh();
    await settle();
    await ok(moderator, 'POST', `/api/groups/${group.id}/reports/${group.reportId}/resolve`, { action: 'dismiss' }, 204);
    expect(await told(owner.id, 'groups')).toBe(true);
    expect(heard.some((entry) => entry.userIds.includes(member.id))).toBe(false);
  });

  it("an account's deletion tells the other members' bells too", async () => {
    const group = await fresh();
    const leaving = await signUp(t);
    await join(leaving, group.code, 'Leaving');
    await settle();
    await ok(leaving, 'DELETE', '/api/user/delete', undefined, 204);
    expect(await told(member.id, 'notifications')).toBe(true);
  });
});
