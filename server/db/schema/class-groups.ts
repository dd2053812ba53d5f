import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import type { CourseTimeSlot } from './schedule';

/** A lesson that does not take place: the slot `slotIndex` of the class on the local `date`. */
export type CancelledLessonRow = { date: string; slotIndex: number };

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A class shared by its members (issue 39, docs/decisions/211-classmates-groups.md). It holds the shared
 * fields of the class — name, instructor, room, slots, cancelled lessons — which moderators write and the
 * server copies into every member's linked course (`courses.group_id`). No user owns it: its members do.
 * `invite_code` is the current invite (8 characters of INVITE_CODE_ALPHABET, upper case), null when
 * revoked; it stops working at `invite_expires_at`.
 */
export const classGroups = pgTable(
  'class_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    instructor: text('instructor'),
    room: text('room'),
    /** Kept in order as the courses' slots: attendance keys use a slot's index. */
    timeSlots: jsonb('time_slots').$type<CourseTimeSlot[]>().notNull().default([]),
    cancelledLessons: jsonb('cancelled_lessons').$type<CancelledLessonRow[]>().notNull().default([]),
    inviteCode: text('invite_code'),
    inviteExpiresAt: instant('invite_expires_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('class_groups_invite_code_idx').on(table.inviteCode),
    check('class_groups_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 100`),
    check('class_groups_cancelled_lessons_max', sql`jsonb_array_length(${table.cancelledLessons}) <= 400`),
  ],
);

/**
 * One member of a group. Other members see only `display_name` (chosen at join) and `role` — never the
 * account's name, email, grades or completions. At most 100 per group (counted under the group's row lock).
 */
export const classGroupMembers = pgTable(
  'class_group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner' | 'moderator' | 'member'. */
    role: text('role').notNull(),
    displayName: text('display_name').notNull(),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('class_group_members_group_user_idx').on(table.groupId, table.userId),
    index('class_group_members_user_idx').on(table.userId),
    check('class_group_members_role', sql`${table.role} IN ('owner', 'moderator', 'member')`),
    check('class_group_members_display_name_length', sql`char_length(${table.displayName}) BETWEEN 1 AND 40`),
  ],
);

/**
 * A shared item: the shared fields of the task every member has a copy of (`tasks.group_item_id`).
 * `posted_by` becomes null when the poster's account is deleted (the item stays, "a former member"), and
 * `poster_name` with it, so no row names that account.
 */
export const classGroupItems = pgTable(
  'class_group_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    postedBy: uuid('posted_by').references(() => users.id, { onDelete: 'set null' }),
    posterName: text('poster_name'),
    title: text('title').notNull(),
    description: text('description'),
    dueDate: instant('due_date'),
    taskType: text('task_type').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('class_group_items_group_idx').on(table.groupId, table.createdAt),
    // A poster's items: account deletion and the export find them.
    index('class_group_items_poster_idx').on(table.postedBy, table.createdAt),
  ],
);

/**
 * Every (item, user) that ever got a copy of a shared item — the poster's own and each member's, written
 * by the post's fan-out and a join. A join copies only the items without one, so leaving (or hiding a
 * copy, then leaving) and joining again never re-creates a copy. Append-only; goes with the item or the user.
 */
export const classGroupItemReceipts = pgTable(
  'class_group_item_receipts',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => classGroupItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.userId] }), index('class_group_item_receipts_user_idx').on(table.userId)],
);

/**
 * What a member's notification centre shows of a group (recent days only): an item posted or changed,
 * the class changed, a lesson cancelled — by someone else (`actor_name`, a display name). `actor_id` lets
 * an account's deletion clear the name it acted under.
 */
export const classGroupNotices = pgTable(
  'class_group_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    /** 'item_posted' | 'item_changed' | 'class_changed' | 'lesson_cancelled'. */
    kind: text('kind').notNull(),
    /** The item's title or the class's name at the time. */
    subject: text('subject').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('class_group_notices_user_idx').on(table.userId, table.createdAt),
    index('class_group_notices_group_idx').on(table.groupId),
    index('class_group_notices_actor_idx').on(table.actorId),
    check('class_group_notices_kind', sql`${table.kind} IN ('item_posted', 'item_changed', 'class_changed', 'lesson_cancelled')`),
  ],
);

/**
 * A member's report of an item, to the group's moderators and the admins' inbox. The reporter is kept
 * (null once their account is deleted) but never shown.
 */
export const classGroupReports = pgTable(
  'class_group_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => classGroups.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => classGroupItems.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'spam' | 'inappropriate' | 'wrong' | 'other'. */
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: instant('created_at').notNull().defaultNow(),
    resolvedAt: instant('resolved_at'),
    /** 'dismissed' | 'removed'. */
    resolution: text('resolution'),
  },
  (table) => [
    index('class_group_reports_open_idx')
      .on(table.groupId, table.createdAt)
      .where(sql`${table.resolvedAt} IS NULL`),
    index('class_group_reports_item_idx').on(table.itemId),
    index('class_group_reports_reporter_idx').on(table.reporterId),
    check('class_group_reports_reason', sql`${table.reason} IN ('spam', 'inappropriate', 'wrong', 'other')`),
    check('class_group_reports_note_length', sql`${table.note} IS NULL OR char_length(${table.note}) <= 500`),
    check('class_group_reports_resolution', sql`${table.resolution} IS NULL OR ${table.resolution} IN ('dismissed', 'removed')`),
  ],
);
