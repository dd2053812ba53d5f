import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ALREADY_SHARED_MESSAGE,
  CANCELLED_LESSONS_MAX,
  GROUP_FULL_MESSAGE,
  GROUP_ITEMS_MAX,
  GROUP_MEMBERS_MAX,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_EXPIRES_DAYS_DEFAULT,
  INVITE_LOOKUPS_PER_MINUTE,
  INVITE_NOT_FOUND_MESSAGE,
  LAST_OWNER_MESSAGE,
  type AdminGroupReport,
  type CancelledLessonBody,
  type Group,
  type GroupInvite,
  type GroupInvitePreview,
  type GroupItem,
  type GroupJoinBody,
  type GroupJoinResponse,
  type GroupMember,
  type GroupNoticeKind,
  type GroupPatchBody,
  type GroupReport,
  type GroupReportBody,
  type GroupRole,
  type GroupSummary,
  type GroupShareBody,
  type ReportAction,
} from '../../../common/schemas/groups.schema';
import type { TaskType } from '../../../common/schemas/tasks.schema';
import type { Database, DbOrTx, Transaction } from '../../db/client';
import {
  classGroupItemReceipts,
  classGroupItems,
  classGroupMembers,
  classGroupNotices,
  classGroupReports,
  classGroups,
  courses,
  pointsLedger,
  tasks,
  type CancelledLessonRow,
  type CourseTimeSlot,
} from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error';
import { jobsExecutor, type Jobs } from '../../lib/jobs';
import { publishUserChange } from '../../lib/live-changes';
import { PUSH_REPLAN_QUEUE, requestPushPlan, type PushPlanJobData } from '../../lib/push-replan';
import { countInWindow } from '../../plugins/rate-limit-store';
import { writeAudit } from '../admin/audit.service';
import { reminderStateOf, syncTaskReminders } from '../push/task-reminder-jobs';
import { revokeAward } from '../rewards/points.service';

/**
 * Class groups, "Classmates" (issue 39, docs/decisions/211-classmates-groups.md, docs/api.md "Class
 * groups"). Every read and write checks the caller's membership in the group (a non-member gets the 404
 * of an unknown id) and, for moderation, the role (403). Every write runs in one transaction that locks the
 * group's row first (so the member cap, the last owner and the fan-outs see one state) and tells the other
 * members' live views what changed (publishUserChange, sent on commit).
 */

type GroupRow = typeof classGroups.$inferSelect;
type MemberRow = typeof classGroupMembers.$inferSelect;
type ItemRow = typeof classGroupItems.$inferSelect;

const GROUP_NOT_FOUND = 'Class group not found';
const MEMBER_NOT_FOUND = 'Member not found';
const ITEM_NOT_FOUND = 'Shared item not found';
const REPORT_NOT_FOUND = 'Report not found';
const NO_SUCH_SLOT = 'The class has no such lesson slot';
const MODERATORS_ONLY = "Only the class group's moderators can do this";
const OWNERS_ONLY = "Only the class group's owners can do this";
/** The colour of a joined class when the joiner chooses none. */
export const DEFAULT_GROUP_COURSE_COLOR = '#3b82f6';

const RANK: Record<GroupRole, number> = { member: 0, moderator: 1, owner: 2 };
const isModerator = (role: string) => RANK[role as GroupRole] >= RANK.moderator;

/** Where the web's join page lives for an invite code. */
export const inviteUrl = (origin: string, code: string) => `${origin}/join/${code}`;

// ---------- codes ----------
/** A fresh invite code: INVITE_CODE_LENGTH characters drawn uniformly from INVITE_CODE_ALPHABET. */
export function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < INVITE_CODE_LENGTH; index++) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** What a typed code becomes before the lookup: codes are case-insensitive, spaces and dashes ignored. */
export function normalizeInviteCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}

const inviteNotFound = () => new HttpError(404, 'invite_not_found', INVITE_NOT_FOUND_MESSAGE);
const lastOwner = () => new HttpError(409, 'last_owner', LAST_OWNER_MESSAGE);

/** The counter of one user's invite look-ups and joins; account deletion removes it. */
export const inviteLookupsKey = (userId: string) => `group-invites|${userId}`;
const MINUTE_MS = 60_000;

/** GET /api/group-invites/:code and its join: INVITE_LOOKUPS_PER_MINUTE per user, then 429, so codes cannot be guessed. */
export async function countInviteLookup(db: Database, userId: string): Promise<void> {
  const { current, ttl } = await countInWindow(db, inviteLookupsKey(userId), MINUTE_MS);
  if (current > INVITE_LOOKUPS_PER_MINUTE) {
    throw new HttpError(
      429,
      'rate_limited',
      'Too many invite codes tried. Please wait a minute.',
      undefined,
      Math.max(1, Math.ceil(ttl / 1000)),
    );
  }
}

// ---------- membership ----------
/** The group and the caller's membership, the group's row locked for the write; a non-member's 404. */
async function lockMembership(tx: Transaction, groupId: string, userId: string): Promise<{ group: GroupRow; member: MemberRow }> {
  const [row] = await tx
    .select({ group: classGroups, member: classGroupMembers })
    .from(classGroups)
    .innerJoin(classGroupMembers, and(eq(classGroupMembers.groupId, classGroups.id), eq(classGroupMembers.userId, userId)))
    .where(eq(classGroups.id, groupId))
    .for('update', { of: classGroups });
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

async function readMembership(db: DbOrTx, groupId: string, userId: string): Promise<{ group: GroupRow; member: MemberRow }> {
  const [row] = await db
    .select({ group: classGroups, member: classGroupMembers })
    .from(classGroups)
    .innerJoin(classGroupMembers, and(eq(classGroupMembers.groupId, classGroups.id), eq(classGroupMembers.userId, userId)))
    .where(eq(classGroups.id, groupId));
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

function requireModerator(member: MemberRow): void {
  if (!isModerator(member.role)) throw forbidden(MODERATORS_ONLY);
}

function requireOwner(member: MemberRow): void {
  if (member.role !== 'owner') throw forbidden(OWNERS_ONLY);
}

/** The user ids of the group's members but `exceptUserId`. */
async function otherMemberIds(db: DbOrTx, groupId: string, exceptUserId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: classGroupMembers.userId })
    .from(classGroupMembers)
    .where(and(eq(classGroupMembers.groupId, groupId), sql`${classGroupMembers.userId} <> ${exceptUserId}`));
  return rows.map((row) => row.userId);
}

async function allMemberIds(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db.select({ userId: classGroupMembers.userId }).from(classGroupMembers).where(eq(classGroupMembers.groupId, groupId));
  return rows.map((row) => row.userId);
}

/**
 * A notice in every other member's notification centre, in one INSERT … SELECT; answers those members'
 * ids (for their live views).
 */
async function noticeToOthers(
  tx: DbOrTx,
  groupId: string,
  actor: { userId: string; displayName: string },
  kind: GroupNoticeKind,
  subject: string,
): Promise<string[]> {
  const result = await tx.execute<{ user_id: string }>(sql`
    INSERT INTO ${classGroupNotices} (user_id, group_id, kind, subject, actor_id, actor_name)
    SELECT m.user_id, m.group_id, ${kind}, ${subject}, ${actor.userId}::uuid, ${actor.displayName}
    FROM ${classGroupMembers} m WHERE m.group_id = ${groupId} AND m.user_id <> ${actor.userId}
    ORDER BY m.user_id
    RETURNING user_id`);
  return result.rows.map((row) => row.user_id);
}

/** Asks for the class-soon and digest pushes of every member to be planned again (their slots moved), in one insert. */
async function requestPushPlans(jobs: Jobs | null, tx: DbOrTx, userIds: readonly string[]): Promise<void> {
  if (!jobs || userIds.length === 0) return;
  await jobs.boss.insert(
    userIds.map((userId) => ({ name: PUSH_REPLAN_QUEUE, data: { userId } satisfies PushPlanJobData, singletonKey: userId })),
    { db: jobsExecutor(tx) },
  );
}

// ---------- views ----------
function slotsOf(slots: readonly CourseTimeSlot[]): Group['timeSlots'] {
  return slots.map((slot) => ({
    day: slot.day,
    startTime: slot.startTime,
    endTime: slot.endTime,
    week: slot.week ?? null,
    cycleDay: slot.cycleDay ?? null,
  }));
}

async function groupView(db: DbOrTx, group: GroupRow, member: MemberRow, origin: string): Promise<Group> {
  const [counts] = await db
    .execute<{ member_count: number; course_id: string | null }>(
      sql`
    SELECT (SELECT count(*)::int FROM ${classGroupMembers} WHERE group_id = ${group.id}) AS member_count,
      (SELECT id FROM ${courses} WHERE group_id = ${group.id} AND user_id = ${member.userId} ORDER BY created_at LIMIT 1) AS course_id`,
    )
    .then((result) => result.rows);
  const inviteActive = group.inviteCode !== null && group.inviteExpiresAt !== null && group.inviteExpiresAt.getTime() > Date.now();
  return {
    id: group.id,
    name: group.name,
    instructor: group.instructor,
    room: group.room,
    timeSlots: slotsOf(group.timeSlots),
    cancelledLessons: group.cancelledLessons.map((lesson) => ({ date: lesson.date, slotIndex: lesson.slotIndex })),
    role: member.role as GroupRole,
    memberCount: Number(counts?.member_count ?? 0),
    courseId: counts?.course_id ?? null,
    displayName: member.displayName,
    invite: isModerator(member.role) && inviteActive ? inviteOf(group, origin) : null,
    createdAt: group.createdAt.toISOString(),
  };
}

function inviteOf(group: Pick<GroupRow, 'inviteCode' | 'inviteExpiresAt'>, origin: string): GroupInvite {
  return { code: group.inviteCode!, url: inviteUrl(origin, group.inviteCode!), expiresAt: group.inviteExpiresAt!.toISOString() };
}

function memberView(row: MemberRow, userId: string): GroupMember {
  return {
    id: row.id,
    displayName: row.displayName,
    role: row.role as GroupRole,
    joinedAt: row.joinedAt.toISOString(),
    isMe: row.userId === userId,
  };
}

// ---------- invites ----------
/** Writes a fresh code on the locked group (a collision with another group's code draws again). */
async function writeInvite(
  tx: Transaction,
  groupId: string,
  expiresInDays: number,
): Promise<Pick<GroupRow, 'inviteCode' | 'inviteExpiresAt'>> {
  const expiresAt = new Date(Date.now() + expiresInDays * 86_400_000);
  for (let attempt = 0; ; attempt++) {
    const code = newInviteCode();
    const [row] = await tx
      .execute<{ invite_code: string }>(
        sql`
      UPDATE ${classGroups} SET invite_code = ${code}, invite_expires_at = ${expiresAt.toISOString()}::timestamptz
      WHERE id = ${groupId} AND NOT EXISTS (SELECT 1 FROM ${classGroups} other WHERE other.invite_code = ${code})
      RETURNING invite_code`,
      )
      .then((result) => result.rows);
    if (row) return { inviteCode: row.invite_code, inviteExpiresAt: expiresAt };
    if (attempt >= 5) throw new Error('no free invite code after 6 draws');
  }
}

// ---------- sharing a class ----------
/**
 * POST /api/courses/:id/group: the owner's course becomes the first linked course of a new group, whose
 * shared fields it seeds; the caller is its owner, and a first invite (INVITE_EXPIRES_DAYS_DEFAULT days) is made.
 */
export async function shareCourse(db: Database, userId: string, courseId: string, body: GroupShareBody, origin: string): Promise<Group> {
  return db.transaction(async (tx) => {
    const [course] = await tx
      .select()
      .from(courses)
      .where(and(eq(courses.id, courseId), eq(courses.userId, userId)))
      .for('update');
    if (!course) throw notFound('Course not found');
    if (course.groupId !== null) throw new HttpError(409, 'already_shared', ALREADY_SHARED_MESSAGE);
    const [created] = await tx
      .insert(classGroups)
      .values({
        name: course.name,
        instructor: course.instructor,
        room: course.room,
        timeSlots: course.timeSlots,
        cancelledLessons: course.cancelledLessons,
      })
      .returning();
    const [member] = await tx
      .insert(classGroupMembers)
      .values({ groupId: created!.id, userId, role: 'owner', displayName: body.displayName })
      .returning();
    await tx.update(courses).set({ groupId: created!.id }).where(eq(courses.id, course.id));
    const invite = await writeInvite(tx, created!.id, INVITE_EXPIRES_DAYS_DEFAULT);
    return groupView(tx, { ...created!, ...invite }, member!, origin);
  });
}

// ---------- reads ----------
export async function listGroups(db: DbOrTx, userId: string): Promise<GroupSummary[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    instructor: string | null;
    role: GroupRole;
    member_count: number;
    course_id: string | null;
  }>(sql`
    SELECT g.id, g.name, g.instructor, m.role,
      (SELECT count(*)::int FROM ${classGroupMembers} c WHERE c.group_id = g.id) AS member_count,
      (SELECT id FROM ${courses} WHERE group_id = g.id AND user_id = ${userId} ORDER BY created_at LIMIT 1) AS course_id
    FROM ${classGroupMembers} m JOIN ${classGroups} g ON g.id = m.group_id
    WHERE m.user_id = ${userId}
    ORDER BY g.name, g.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    instructor: row.instructor,
    role: row.role,
    memberCount: Number(row.member_count),
    courseId: row.course_id,
  }));
}

export async function getGroup(db: DbOrTx, userId: string, groupId: string, origin: string): Promise<Group> {
  const { group, member } = await readMembership(db, groupId, userId);
  return groupView(db, group, member, origin);
}

export async function listMembers(db: DbOrTx, userId: string, groupId: string): Promise<GroupMember[]> {
  await readMembership(db, groupId, userId);
  const rows = await db
    .select()
    .from(classGroupMembers)
    .where(eq(classGroupMembers.groupId, groupId))
    .orderBy(sql`CASE ${classGroupMembers.role} WHEN 'owner' THEN 0 WHEN 'moderator' THEN 1 ELSE 2 END`, asc(classGroupMembers.joinedAt));
  return rows.map((row) => memberView(row, userId));
}

function itemView(row: ItemRow, userId: string, role: string): GroupItem {
  const postedByMe = row.postedBy === userId;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate ? row.dueDate.toISOString() : null,
    taskType: row.taskType as TaskType,
    postedBy: row.postedBy === null ? null : row.posterName,
    postedByMe,
    canEdit: postedByMe || isModerator(role),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listItems(db: DbOrTx, userId: string, groupId: string): Promise<GroupItem[]> {
  const { member } = await readMembership(db, groupId, userId);
  const rows = await db
    .select()
    .from(classGroupItems)
    .where(eq(classGroupItems.groupId, groupId))
    .orderBy(desc(classGroupItems.createdAt), desc(classGroupItems.id))
    .limit(GROUP_ITEMS_MAX);
  return rows.map((row) => itemView(row, userId, member.role));
}

// ---------- the class itself ----------
/** Copies the group's shared fields into every linked course; answers the courses' owners. */
async function copyToCourses(tx: DbOrTx, group: GroupRow): Promise<string[]> {
  const rows = await tx
    .update(courses)
    .set({
      name: group.name,
      instructor: group.instructor,
      room: group.room,
      timeSlots: group.timeSlots,
      cancelledLessons: group.cancelledLessons,
    })
    .where(eq(courses.groupId, group.id))
    .returning({ userId: courses.userId });
  return [...new Set(rows.map((row) => row.userId))];
}

/**
 * PATCH /api/groups/:id (moderator+): the shared fields, copied to every linked course, a `class_changed`
 * notice. Fewer slots drop the cancelled lessons of the slots removed (their index names no slot any more).
 */
export async function updateGroup(
  db: Database,
  jobs: Jobs | null,
  userId: string,
  groupId: string,
  body: GroupPatchBody,
  origin: string,
): Promise<Group> {
  return db.transaction(async (tx) => {
    const { group, member } = await lockMembership(tx, groupId, userId);
    requireModerator(member);
    const changes: Partial<typeof classGroups.$inferInsert> = {};
    if (body.name !== undefined && body.name !== group.name) changes.name = body.name;
    if (body.instructor !== undefined && body.instructor !== group.instructor) changes.instructor = body.instructor;
    if (body.room !== undefined && body.room !== group.room) changes.room = body.room;
    if (body.timeSlots !== undefined) {
      const slots = body.timeSlots.map((slot) => ({ ...slot, week: slot.week ?? null, cycleDay: slot.cycleDay ?? null }));
      if (JSON.stringify(slots) !== JSON.stringify(slotsOf(group.timeSlots))) {
        changes.timeSlots = slots;
        // A cancellation names a slot by its index: those of slots no longer there go with them.
        const kept = group.cancelledLessons.filter((lesson) => lesson.slotIndex < slots.length);
        if (kept.length !== group.cancelledLessons.length) changes.cancelledLessons = kept;
      }
    }
    if (Object.keys(changes).length === 0) return groupView(tx, group, member, origin);
    const [updated] = await tx.update(classGroups).set(changes).where(eq(classGroups.id, groupId)).returning();
    const owners = await copyToCourses(tx, updated!);
    if (changes.timeSlots) await requestPushPlans(jobs, tx, owners);
    const others = await noticeToOthers(tx, groupId, member, 'class_changed', updated!.name);
    await publishUserChange(tx, others, ['courses', 'notifications', 'groups']);
    return groupView(tx, updated!, member, origin);
  });
}

/**
 * PUT /api/groups/:id/cancelled-lessons (moderator+): cancels (or restores) one lesson for everyone. The
 * list keeps CANCELLED_LESSONS_MAX entries, the oldest dates dropping out first.
 */
export async function setCancelledLesson(
  db: Database,
  jobs: Jobs | null,
  userId: string,
  groupId: string,
  body: CancelledLessonBody,
  origin: string,
): Promise<Group> {
  return db.transaction(async (tx) => {
    const { group, member } = await lockMembership(tx, groupId, userId);
    requireModerator(member);
    if (body.cancelled && body.slotIndex >= group.timeSlots.length) {
      throw badRequest(NO_SUCH_SLOT, [{ path: 'slotIndex', message: NO_SUCH_SLOT }]);
    }
    const same = (lesson: CancelledLessonRow) => lesson.date === body.date && lesson.slotIndex === body.slotIndex;
    const present = group.cancelledLessons.some(same);
    if (present === body.cancelled) return groupView(tx, group, member, origin);
    let lessons = group.cancelledLessons.filter((lesson) => !same(lesson));
    if (body.cancelled) lessons.push({ date: body.date, slotIndex: body.slotIndex });
    lessons.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.slotIndex - b.slotIndex));
    if (lessons.length > CANCELLED_LESSONS_MAX) lessons = lessons.slice(lessons.length - CANCELLED_LESSONS_MAX);
    const [updated] = await tx.update(classGroups).set({ cancelledLessons: lessons }).where(eq(classGroups.id, groupId)).returning();
    const owners = await copyToCourses(tx, updated!);
    await requestPushPlans(jobs, tx, owners);
    const others = await noticeToOthers(tx, groupId, member, body.cancelled ? 'lesson_cancelled' : 'class_changed', updated!.name);
    await publishUserChange(tx, others, ['courses', 'notifications', 'groups']);
    return groupView(tx, updated!, member, origin);
  });
}

// ---------- invites ----------
export async function rotateInvite(
  db: Database,
  userId: string,
  groupId: string,
  expiresInDays: number,
  origin: string,
): Promise<GroupInvite> {
  return db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    requireModerator(member);
    const invite = inviteOf(await writeInvite(tx, groupId, expiresInDays), origin);
    await publishUserChange(tx, await otherMemberIds(tx, groupId, userId), ['groups']);
    return invite;
  });
}

export async function revokeInvite(db: Database, userId: string, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    requireModerator(member);
    await tx.update(classGroups).set({ inviteCode: null, inviteExpiresAt: null }).where(eq(classGroups.id, groupId));
    await publishUserChange(tx, await otherMemberIds(tx, groupId, userId), ['groups']);
  });
}

/** The group a code names now (unknown, expired and revoked codes alike: 404 `invite_not_found`). */
async function groupOfCode(db: DbOrTx, typed: string, lock: boolean): Promise<GroupRow> {
  const code = normalizeInviteCode(typed);
  if (code.length !== INVITE_CODE_LENGTH) throw inviteNotFound();
  const query = db
    .select()
    .from(classGroups)
    .where(and(eq(classGroups.inviteCode, code), sql`${classGroups.inviteExpiresAt} > now()`));
  const [group] = lock ? await query.for('update') : await query;
  if (!group) throw inviteNotFound();
  return group;
}

export async function previewInvite(db: Database, userId: string, code: string): Promise<GroupInvitePreview> {
  await countInviteLookup(db, userId);
  const group = await groupOfCode(db, code, false);
  const [row] = await db
    .select({
      memberCount: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${classGroupMembers.userId} = ${userId})`,
    })
    .from(classGroupMembers)
    .where(eq(classGroupMembers.groupId, group.id));
  const alreadyMember = row?.mine === true;
  return {
    name: group.name,
    instructor: group.instructor,
    timeSlots: slotsOf(group.timeSlots),
    memberCount: Number(row?.memberCount ?? 0),
    alreadyMember,
    groupId: alreadyMember ? group.id : null,
  };
}

/**
 * POST /api/group-invites/:code/join: a membership, the class in the joiner's timetable (an ordinary
 * course linked to the group, in the joiner's colour) and a copy of every item due from the joiner's
 * today on (or undated), in one transaction under the group's lock. Answers `created: false` (200) for a
 * member already.
 */
export async function joinGroup(
  db: Database,
  jobs: Jobs | null,
  user: { id: string; timeZone: string },
  code: string,
  body: GroupJoinBody,
): Promise<GroupJoinResponse & { created: boolean }> {
  await countInviteLookup(db, user.id);
  return db.transaction(async (tx) => {
    const group = await groupOfCode(tx, code, true);
    const [existing] = await tx
      .select({ id: classGroupMembers.id })
      .from(classGroupMembers)
      .where(and(eq(classGroupMembers.groupId, group.id), eq(classGroupMembers.userId, user.id)));
    if (existing) {
      const [course] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.groupId, group.id), eq(courses.userId, user.id)))
        .orderBy(asc(courses.createdAt))
        .limit(1);
      return { groupId: group.id, courseId: course?.id ?? null, created: false };
    }
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(classGroupMembers)
      .where(eq(classGroupMembers.groupId, group.id));
    if (Number(count?.count ?? 0) >= GROUP_MEMBERS_MAX) throw new HttpError(409, 'group_full', GROUP_FULL_MESSAGE);
    await tx.insert(classGroupMembers).values({ groupId: group.id, userId: user.id, role: 'member', displayName: body.displayName });
    const [course] = await tx
      .insert(courses)
      .values({
        userId: user.id,
        name: group.name,
        instructor: group.instructor,
        room: group.room,
        timeSlots: group.timeSlots,
        cancelledLessons: group.cancelledLessons,
        color: body.color ?? DEFAULT_GROUP_COURSE_COLOR,
        groupId: group.id,
      })
      .returning({ id: courses.id });
    // The items still to do: due from the start of the joiner's local today, or undated — and never one
    // the joiner had a copy of before (they left and came back: that copy is theirs, kept or deleted).
    await tx.execute(sql`
      WITH copied AS (
        INSERT INTO ${tasks} (user_id, title, description, due_date, course_id, task_type, group_item_id)
        SELECT ${user.id}, i.title, i.description, i.due_date, ${course!.id}, i.task_type, i.id
        FROM ${classGroupItems} i
        WHERE i.group_id = ${group.id}
          AND (i.due_date IS NULL OR i.due_date >= (date_trunc('day', now() AT TIME ZONE ${user.timeZone}) AT TIME ZONE ${user.timeZone}))
          AND NOT EXISTS (SELECT 1 FROM ${classGroupItemReceipts} r WHERE r.item_id = i.id AND r.user_id = ${user.id})
        RETURNING group_item_id
      )
      INSERT INTO ${classGroupItemReceipts} (item_id, user_id)
      SELECT group_item_id, ${user.id}::uuid FROM copied ON CONFLICT DO NOTHING`);
    await requestPushPlan(jobs, tx, user.id);
    await publishUserChange(tx, await otherMemberIds(tx, group.id, user.id), ['groups']);
    return { groupId: group.id, courseId: course!.id, created: true };
  });
}

// ---------- members ----------
async function findMember(tx: DbOrTx, groupId: string, memberId: string): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(classGroupMembers)
    .where(and(eq(classGroupMembers.id, memberId), eq(classGroupMembers.groupId, groupId)));
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

async function ownerCount(tx: DbOrTx, groupId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(classGroupMembers)
    .where(and(eq(classGroupMembers.groupId, groupId), eq(classGroupMembers.role, 'owner')));
  return Number(row?.count ?? 0);
}

/** PATCH /api/groups/:id/members/:memberId (owner): a role. The last owner cannot step down (409 `last_owner`). */
export async function setMemberRole(
  db: Database,
  userId: string,
  groupId: string,
  memberId: string,
  role: GroupRole,
): Promise<GroupMember> {
  return db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    requireOwner(member);
    const target = await findMember(tx, groupId, memberId);
    if (target.role === role) return memberView(target, userId);
    if (target.role === 'owner' && (await ownerCount(tx, groupId)) <= 1) throw lastOwner();
    const [updated] = await tx.update(classGroupMembers).set({ role }).where(eq(classGroupMembers.id, target.id)).returning();
    // The role decides what the member may edit (a shared task's canEdit): their views read again; every
    // other member's list of members shows the new role.
    await publishUserChange(tx, [target.userId], ['groups', 'tasks']);
    await publishUserChange(
      tx,
      (await otherMemberIds(tx, groupId, userId)).filter((id) => id !== target.userId),
      ['groups'],
    );
    return memberView(updated!, userId);
  });
}

/**
 * The member's class and copies become their own (unlinked: `group_id` and `group_item_id` null), the
 * group's notices leave their notification centre, and the membership goes. Leaving and removal share it
 * (closing deletes the group, whose notices go with it).
 */
async function unlinkMember(tx: DbOrTx, groupId: string, memberUserId: string): Promise<void> {
  await tx
    .update(courses)
    .set({ groupId: null })
    .where(and(eq(courses.groupId, groupId), eq(courses.userId, memberUserId)));
  await tx.execute(sql`
    UPDATE ${tasks} SET group_item_id = NULL
    WHERE user_id = ${memberUserId} AND group_item_id IN (SELECT id FROM ${classGroupItems} WHERE group_id = ${groupId})`);
  await tx.delete(classGroupNotices).where(and(eq(classGroupNotices.groupId, groupId), eq(classGroupNotices.userId, memberUserId)));
  await tx.delete(classGroupMembers).where(and(eq(classGroupMembers.groupId, groupId), eq(classGroupMembers.userId, memberUserId)));
}

/** DELETE /api/groups/:id/members/:memberId (moderator+; only an owner removes a moderator or an owner). */
export async function removeMember(db: Database, userId: string, groupId: string, memberId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    requireModerator(member);
    const target = await findMember(tx, groupId, memberId);
    if (target.userId === userId) {
      await leaveLocked(tx, groupId, member);
      return;
    }
    if (target.role !== 'member') requireOwner(member);
    await unlinkMember(tx, groupId, target.userId);
    await publishUserChange(tx, [target.userId], ['groups', 'courses', 'tasks', 'notifications']);
    await publishUserChange(tx, await otherMemberIds(tx, groupId, userId), ['groups']);
  });
}

/** PATCH /api/groups/:id/membership: one's own display name. */
export async function renameMembership(db: Database, userId: string, groupId: string, displayName: string): Promise<GroupMember> {
  return db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    const [updated] = await tx.update(classGroupMembers).set({ displayName }).where(eq(classGroupMembers.id, member.id)).returning();
    await publishUserChange(tx, await otherMemberIds(tx, groupId, userId), ['groups']);
    return memberView(updated!, userId);
  });
}

/** Leaving under the group's lock: the last owner may not leave others behind; the only member's leaving closes the group. */
async function leaveLocked(tx: Transaction, groupId: string, member: MemberRow): Promise<void> {
  const others = await otherMemberIds(tx, groupId, member.userId);
  if (others.length === 0) {
    await closeLocked(tx, groupId, []);
    return;
  }
  if (member.role === 'owner' && (await ownerCount(tx, groupId)) <= 1) throw lastOwner();
  await unlinkMember(tx, groupId, member.userId);
  await publishUserChange(tx, others, ['groups']);
}

/** DELETE /api/groups/:id/membership. */
export async function leaveGroup(db: Database, userId: string, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    await leaveLocked(tx, groupId, member);
  });
}

/**
 * Deletes the group: the foreign keys unlink every member's course (`group_id` SET NULL) and copies (the
 * items go, `group_item_id` SET NULL), so everyone keeps their class and tasks as their own.
 */
async function closeLocked(tx: DbOrTx, groupId: string, memberIds: readonly string[]): Promise<void> {
  await tx.delete(classGroups).where(eq(classGroups.id, groupId));
  await publishUserChange(tx, memberIds, ['groups', 'courses', 'tasks', 'notifications']);
}

/** DELETE /api/groups/:id (owner). */
export async function closeGroup(db: Database, userId: string, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    requireOwner(member);
    await closeLocked(tx, groupId, await otherMemberIds(tx, groupId, userId));
  });
}

// ---------- shared items ----------
/**
 * Removes an item: the copies not yet completed are deleted (their reminders cancelled, and the points a
 * deleted copy earned once — completed, then reopened — taken back as deleteTask does), the completed
 * ones stay as their owners' own tasks (the item's deletion sets their `group_item_id` null); its reports go with it.
 */
async function removeItemRows(tx: DbOrTx, jobs: Jobs | null, item: ItemRow): Promise<string[]> {
  const removed = await tx
    .delete(tasks)
    .where(and(eq(tasks.groupItemId, item.id), eq(tasks.completed, false)))
    .returning({
      id: tasks.id,
      userId: tasks.userId,
      dueDate: tasks.dueDate,
      reminderOffsetMinutes: tasks.reminderOffsetMinutes,
      completed: tasks.completed,
    });
  await syncTaskReminders(
    jobs,
    tx,
    removed.filter((row) => row.reminderOffsetMinutes !== null).map((row) => ({ before: reminderStateOf(row), after: null })),
  );
  // Only the copies that earned points (one query for any number), in user id order as every
  // multi-user write here locks users' rows.
  if (removed.length > 0) {
    const earned = await tx
      .select({ userId: pointsLedger.userId, sourceId: pointsLedger.sourceId })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.reason, 'task'),
          inArray(
            pointsLedger.sourceId,
            removed.map((row) => row.id),
          ),
          inArray(
            pointsLedger.userId,
            removed.map((row) => row.userId),
          ),
        ),
      )
      .orderBy(asc(pointsLedger.userId));
    for (const award of earned) await revokeAward(tx, { userId: award.userId, reason: 'task', sourceId: award.sourceId });
  }
  await tx.delete(classGroupItems).where(eq(classGroupItems.id, item.id));
  return allMemberIds(tx, item.groupId);
}

async function findItem(tx: DbOrTx, groupId: string, itemId: string): Promise<ItemRow> {
  const [item] = await tx
    .select()
    .from(classGroupItems)
    .where(and(eq(classGroupItems.id, itemId), eq(classGroupItems.groupId, groupId)));
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

/** DELETE /api/groups/:id/items/:itemId (its poster or a moderator). */
export async function removeItem(db: Database, jobs: Jobs | null, userId: string, groupId: string, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    const item = await findItem(tx, groupId, itemId);
    if (item.postedBy !== userId) requireModerator(member);
    const members = await removeItemRows(tx, jobs, item);
    await publishUserChange(
      tx,
      members.filter((id) => id !== userId),
      ['tasks', 'groups'],
    );
  });
}

// ---------- reports ----------
export async function reportItem(
  db: Database,
  userId: string,
  groupId: string,
  itemId: string,
  body: GroupReportBody,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await lockMembership(tx, groupId, userId);
    const item = await findItem(tx, groupId, itemId);
    // One open report per member and item: reporting again updates it (reports stay bounded).
    const [open] = await tx
      .update(classGroupReports)
      .set({ reason: body.reason, note: body.note ?? null })
      .where(and(eq(classGroupReports.itemId, item.id), eq(classGroupReports.reporterId, userId), isNull(classGroupReports.resolvedAt)))
      .returning({ id: classGroupReports.id });
    if (open) return { id: open.id };
    const [row] = await tx
      .insert(classGroupReports)
      .values({ groupId, itemId: item.id, reporterId: userId, reason: body.reason, note: body.note ?? null })
      .returning({ id: classGroupReports.id });
    const moderators = await tx
      .select({ userId: classGroupMembers.userId })
      .from(classGroupMembers)
      .where(and(eq(classGroupMembers.groupId, groupId), sql`${classGroupMembers.role} IN ('owner', 'moderator')`));
    await publishUserChange(
      tx,
      moderators.map((moderator) => moderator.userId).filter((id) => id !== userId),
      ['groups'],
    );
    return { id: row!.id };
  });
}

export async function listReports(db: DbOrTx, userId: string, groupId: string): Promise<GroupReport[]> {
  const { member } = await readMembership(db, groupId, userId);
  requireModerator(member);
  const rows = await db
    .select({
      id: classGroupReports.id,
      itemId: classGroupReports.itemId,
      itemTitle: classGroupItems.title,
      reason: classGroupReports.reason,
      note: classGroupReports.note,
      createdAt: classGroupReports.createdAt,
    })
    .from(classGroupReports)
    .innerJoin(classGroupItems, eq(classGroupItems.id, classGroupReports.itemId))
    .where(and(eq(classGroupReports.groupId, groupId), isNull(classGroupReports.resolvedAt)))
    .orderBy(desc(classGroupReports.createdAt))
    .limit(GROUP_ITEMS_MAX);
  return rows.map((row) => ({ ...row, reason: row.reason as GroupReport['reason'], createdAt: row.createdAt.toISOString() }));
}

/**
 * Dismisses a report, or removes its item (whose reports then go with it). Answers the users whose views
 * changed and how: every member's tasks for a removal, the moderators' report list for a dismissal.
 */
async function resolveReportRow(
  tx: DbOrTx,
  jobs: Jobs | null,
  report: typeof classGroupReports.$inferSelect,
  action: ReportAction,
): Promise<{ userIds: string[]; topics: ('tasks' | 'groups')[] }> {
  if (action === 'remove_item') {
    const item = await findItem(tx, report.groupId, report.itemId);
    return { userIds: await removeItemRows(tx, jobs, item), topics: ['tasks', 'groups'] };
  }
  await tx
    .update(classGroupReports)
    .set({ resolvedAt: new Date(), resolution: 'dismissed' })
    .where(and(eq(classGroupReports.id, report.id), isNull(classGroupReports.resolvedAt)));
  const moderators = await tx
    .select({ userId: classGroupMembers.userId })
    .from(classGroupMembers)
    .where(and(eq(classGroupMembers.groupId, report.groupId), sql`${classGroupMembers.role} IN ('owner', 'moderator')`));
  return { userIds: moderators.map((moderator) => moderator.userId), topics: ['groups'] };
}

export async function resolveReport(
  db: Database,
  jobs: Jobs | null,
  userId: string,
  groupId: string,
  reportId: string,
  action: ReportAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { member } = await lockMembership(tx, groupId, userId);
    requireModerator(member);
    const [report] = await tx
      .select()
      .from(classGroupReports)
      .where(and(eq(classGroupReports.id, reportId), eq(classGroupReports.groupId, groupId), isNull(classGroupReports.resolvedAt)));
    if (!report) throw notFound(REPORT_NOT_FOUND);
    const changed = await resolveReportRow(tx, jobs, report, action);
    await publishUserChange(
      tx,
      changed.userIds.filter((id) => id !== userId),
      changed.topics,
    );
  });
}

/** The admin console's inbox: every open report, the oldest first (at most GROUP_ITEMS_MAX). */
export async function listAdminReports(db: DbOrTx): Promise<AdminGroupReport[]> {
  const rows = await db
    .select({
      id: classGroupReports.id,
      itemId: classGroupReports.itemId,
      itemTitle: classGroupItems.title,
      itemDescription: classGroupItems.description,
      posterName: sql<string | null>`CASE WHEN ${classGroupItems.postedBy} IS NULL THEN NULL ELSE ${classGroupItems.posterName} END`,
      reason: classGroupReports.reason,
      note: classGroupReports.note,
      createdAt: classGroupReports.createdAt,
      groupId: classGroupReports.groupId,
      groupName: classGroups.name,
    })
    .from(classGroupReports)
    .innerJoin(classGroupItems, eq(classGroupItems.id, classGroupReports.itemId))
    .innerJoin(classGroups, eq(classGroups.id, classGroupReports.groupId))
    .where(isNull(classGroupReports.resolvedAt))
    .orderBy(asc(classGroupReports.createdAt))
    .limit(GROUP_ITEMS_MAX);
  return rows.map((row) => ({ ...row, reason: row.reason as GroupReport['reason'], createdAt: row.createdAt.toISOString() }));
}

/** POST /api/admin/group-reports/:id/resolve: as a moderator would, audit-logged (settings only, no text). */
export async function resolveReportAsAdmin(
  db: Database,
  jobs: Jobs | null,
  adminId: string,
  reportId: string,
  action: ReportAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ report: classGroupReports })
      .from(classGroupReports)
      .innerJoin(classGroups, eq(classGroups.id, classGroupReports.groupId))
      .where(and(eq(classGroupReports.id, reportId), isNull(classGroupReports.resolvedAt)))
      .for('update', { of: classGroups });
    if (!found) throw notFound(REPORT_NOT_FOUND);
    const changed = await resolveReportRow(tx, jobs, found.report, action);
    await writeAudit(tx, {
      actorId: adminId,
      action: 'group_report.resolve',
      targetUserId: null,
      before: { status: 'open', reason: found.report.reason },
      after: { status: action === 'remove_item' ? 'removed' : 'dismissed' },
    });
    await publishUserChange(tx, changed.userIds, changed.topics);
  });
}

// ---------- account deletion ----------
/**
 * Before an account is deleted (in its transaction): each group it was the last owner of gets a new owner
 * (the earliest-joined moderator, else the earliest-joined member); a group it was the only member of
 * closes; the display name it posted and acted under is cleared (the foreign keys then set `posted_by`,
 * `actor_id` and `reporter_id` null and remove its memberships), so no row names the account afterwards.
 * The other members' live views are told.
 */
export async function releaseGroupsOfDeletedUser(tx: DbOrTx, userId: string): Promise<void> {
  const memberships = await tx
    .select({ groupId: classGroupMembers.groupId })
    .from(classGroupMembers)
    .where(eq(classGroupMembers.userId, userId))
    .orderBy(asc(classGroupMembers.groupId));
  if (memberships.length === 0 && !(await postedAnything(tx, userId))) return;
  const groupIds = memberships.map((row) => row.groupId);
  if (groupIds.length > 0) {
    const ids = sql.join(
      groupIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    // The same lock order as every group write: the groups' rows first.
    await tx.execute(sql`SELECT id FROM ${classGroups} WHERE id IN (${ids}) ORDER BY id FOR UPDATE`);
    await tx.execute(sql`
      UPDATE ${classGroupMembers} m SET role = 'owner'
      FROM (
        SELECT DISTINCT ON (c.group_id) c.id FROM ${classGroupMembers} c
        WHERE c.group_id IN (${ids}) AND c.user_id <> ${userId}
          AND NOT EXISTS (SELECT 1 FROM ${classGroupMembers} o WHERE o.group_id = c.group_id AND o.role = 'owner' AND o.user_id <> ${userId})
        ORDER BY c.group_id, (c.role = 'moderator') DESC, c.joined_at, c.id
      ) heir
      WHERE m.id = heir.id`);
    await tx.execute(sql`
      DELETE FROM ${classGroups} g WHERE g.id IN (${ids})
        AND NOT EXISTS (SELECT 1 FROM ${classGroupMembers} o WHERE o.group_id = g.id AND o.user_id <> ${userId})`);
    const others = await tx.execute<{ user_id: string }>(sql`
      SELECT DISTINCT user_id FROM ${classGroupMembers} WHERE group_id IN (${ids}) AND user_id <> ${userId}`);
    // Their bells name the account's notices' actor no more (actor_name cleared below).
    await publishUserChange(
      tx,
      others.rows.map((row) => row.user_id),
      ['groups', 'tasks', 'notifications'],
    );
  }
  // The other members' task lists show "a former member" from now on: a no-op write of their memberships
  // raises their data versions (the lists' ETags, decision 092).
  await tx.execute(sql`
    UPDATE ${classGroupMembers} m SET display_name = m.display_name
    WHERE m.user_id <> ${userId} AND m.group_id IN (SELECT group_id FROM ${classGroupItems} WHERE posted_by = ${userId})`);
  await tx.update(classGroupItems).set({ posterName: null }).where(eq(classGroupItems.postedBy, userId));
  await tx.update(classGroupNotices).set({ actorName: null }).where(eq(classGroupNotices.actorId, userId));
}

async function postedAnything(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .execute<{ found: boolean }>(
      sql`
    SELECT EXISTS (SELECT 1 FROM ${classGroupItems} WHERE posted_by = ${userId})
      OR EXISTS (SELECT 1 FROM ${classGroupNotices} WHERE actor_id = ${userId}) AS found`,
    )
    .then((result) => result.rows);
  return row?.found === true;
}
