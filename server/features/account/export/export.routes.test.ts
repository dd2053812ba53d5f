import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORTS_PER_HOUR, EXPORT_FORMAT_VERSION } from '../../../../common/schemas/account.schema';
import * as schema from '../../../db/schema';
import {
  classGroupItems,
  classGroupMembers,
  classGroupNotices,
  classGroups,
  userIdentities,
  academicGoals,
  academicYears,
  assessments,
  attendance,
  calendarFeeds,
  challengeCompletions,
  courses,
  customRewards,
  feedback,
  files,
  folders,
  grades,
  gradingPreferences,
  holidays,
  idempotentRequests,
  notificationReads,
  notificationSettings,
  studyHours,
  studyPlanBlocks,
  pointsLedger,
  lmsFeedItems,
  lmsFeeds,
  pushSubscriptions,
  rateLimitCounters,
  redemptions,
  sessions,
  studySessions,
  subscriptions,
  tasks,
  taskSeries,
  terms,
  userAchievements,
  users,
} from '../../../db/schema';
import { signUp, type SignedUpUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { parseCsv, readZip } from '../../../test/zip-reader';
import { exportsKey } from '../account-security.service';
import { ACCOUNT_COLUMNS, ACCOUNT_OMITTED, EXCLUDED_TABLES, EXPORT_TABLES } from './export-tables';
import { tableRows } from './export.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A task title that needs every CSV rule: a formula start, a comma, quotes and a line break. */
const TRICKY_TITLE = '=HYPERLINK("http://evil.example","click"), then\nnext line';
const CALENDAR_TOKEN = 'calendar-feed-secret-token-0123456789abcdefABCDEF';

type Seeded = { courseId: string; taskId: string; marker: string };

/** One row (or more) in every table a user owns, through the database, each carrying `marker`. */
async function seedEverything(user: SignedUpUser, marker: string): Promise<Seeded> {
  const userId = user.id;
  const db = t.db;
  const [year] = await db
    .insert(academicYears)
    .values({ userId, name: `${marker} year` })
    .returning();
  const [term] = await db
    .insert(terms)
    .values({ userId, name: `${marker} term`, startDate: '2030-01-07', endDate: '2030-06-28', color: '#123456', academicYearId: year!.id })
    .returning();
  await db.insert(holidays).values({ userId, name: `${marker} break`, startDate: '2030-04-01', endDate: '2030-04-05' });
  // A school account linked by single sign-on (decision 204).
  await db
    .insert(userIdentities)
    .values({ userId, issuer: 'https://sso.school.test', subject: `${marker}-subject`, email: 'ana@school.test' });
  const [course] = await db
    .insert(courses)
    .values({
      userId,
      name: `${marker} Physics, "advanced"`,
      color: '#abcdef',
      termId: term!.id,
      credits: 5,
      timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }],
    })
    .returning();
  await db.insert(attendance).values({ userId, courseId: course!.id, date: '2030-01-07', slotIndex: 0, status: 'attended' });
  const [series] = await db
    .insert(taskSeries)
    .values({
      userId,
      title: `${marker} weekly reading`,
      taskType: 'reading',
      priority: 'low',
      frequency: 'weekly',
      weekdays: [1, 3],
      timeOfDay: '18:00',
      timeZone: 'Europe/Madrid',
      startDate: '2030-01-07',
      untilDate: '2030-03-01',
      generatedThrough: '2030-02-01',
    })
    .returning();
  const [task] = await db
    .insert(tasks)
    .values({
      userId,
      title: TRICKY_TITLE,
      description: `${marker} +1 @mention -minus`,
      dueDate: new Date('2030-03-01T10:00:00.000Z'),
      courseId: course!.id,
      seriesId: series!.id,
      occurrenceDate: '2030-03-01',
      reminderOffsetMinutes: 60,
      reminderSentAt: new Date('2030-03-01T09:00:00.000Z'),
    })
    .returning();
  const [assessment] = await db
    .insert(assessments)
    .values({ userId, courseId: course!.id, name: `${marker} midterm`, type: 'exam', date: '2030-02-10', maxScore: 100, weight: 30 })
    .returning();
  await db.insert(grades).values({ userId, assessmentId: assessment!.id, score: 87.5 });
  await db.insert(gradingPreferences).values({ userId, customScale: [{ label: 'A', minPercent: 90, points: 4 }] as never });
  await db.insert(academicGoals).values({ userId, title: `${marker} goal`, progress: 40, notes: 'Notes 日本語' });
  await db.insert(studySessions).values({
    userId,
    startedAt: new Date('2030-01-08T08:00:00.000Z'),
    durationMinutes: 25,
    type: 'focus',
    technique: 'pomodoro',
    localDate: '2030-01-08',
    localHour: 9,
  });
  const [redemption] = await db
    .insert(redemptions)
    .values({ userId, rewardId: 'custom', rewardName: `${marker} cake`, cost: 50 })
    .returning();
  await db.insert(pointsLedger).values([
    { userId, amount: 10, reason: 'task', sourceId: task!.id, label: `${marker} task points` },
    { userId, amount: -50, reason: 'redeem', sourceId: redemption!.id, label: `${marker} cake`, redemptionId: redemption!.id },
  ]);
  await db.insert(userAchievements).values({ userId, achievementId: 'task-master' }).onConflictDoNothing();
  await db.insert(challengeCompletions).values([
    { userId, challengeId: 'daily-focus', periodStart: '2030-01-08' },
    { userId, challengeId: 'daily-focus', periodStart: '2030-01-09' },
    { userId, challengeId: 'weekly-tasks', periodStart: '2030-01-07' },
  ]);
  await db.insert(customRewards).values({ userId, name: `${marker} movie`, cost: 120, category: 'fun' });
  await db.insert(feedback).values({
    userId,
    category: 'bug',
    subject: `${marker} subject`,
    message: 'The export button, please',
    priority: 'standard',
    reply: 'Thanks!',
    repliedAt: new Date('2030-01-10T12:00:00.000Z'),
  });
  await db.insert(notificationReads).values({ userId, itemId: `achievement_unlocked:${marker}` });
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://fcm.googleapis.com/fcm/send/${marker}-${userId}`,
    p256dh: 'SECRETKEY',
    auth: 'SECRETAUTH',
    label: 'Chrome · Android',
    language: 'en',
  });
  await db
    .insert(notificationSettings)
    .values({ userId, classSoonEnabled: true, classSoonMinutes: 15, digestEnabled: true, digestTime: '06:30' });
  const [folder] = await db
    .insert(folders)
    .values({ userId, name: `${marker} folder` })
    .returning();
  await db.insert(files).values({
    userId,
    folderId: folder!.id,
    name: `${marker} notes.pdf`,
    type: 'application/pdf',
    size: 1234,
    // A valid key with no bytes stored: the zip lists the file as not included (decision 159).
    storageKey: randomUUID(),
  });
  await db.insert(subscriptions).values({
    userId,
    provider: 'test',
    providerSubscriptionId: `sub_${marker}_${userId}`,
    plan: 'yearly',
    currency: 'USD',
    status: 'active',
    currentPeriodEnd: new Date('2031-01-01T00:00:00Z'),
    stateAt: new Date('2030-01-01T00:00:00Z'),
  });
  // Excluded tables, to prove they stay out.
  await db.insert(idempotentRequests).values({
    userId,
    key: `${marker}-idem-key`,
    request: 'POST /api/rewards/x/redeem',
    statusCode: 201,
    body: { secret: `${marker}-idem-body` },
  });
  await db
    .insert(calendarFeeds)
    .values({ userId, token: `${CALENDAR_TOKEN}${marker}` })
    .onConflictDoNothing();
  await db
    .update(users)
    .set({ recoveryEmail: `${marker}@recovery.example`, email: `${marker}@example.org` })
    .where(eq(users.id, userId));
  await db.insert(studyHours).values({
    userId,
    windows: [[], [{ startTime: '16:00', endTime: '21:00' }], [], [], [], [], []],
    dailyMaxMinutes: 240,
    breakMinutes: 10,
    bufferMinutes: 120,
    unitMinutes: 25,
  });
  const [feed] = await db
    .insert(lmsFeeds)
    .values({ userId, name: `${marker} Canvas`, url: 'https://canvas.example.edu/feeds/calendars/user_abc.ics', etag: '"v1"' })
    .returning();
  await db.insert(lmsFeedItems).values({
    feedId: feed!.id,
    userId,
    uid: `${marker}-assignment@canvas`,
    taskId: task!.id,
    writtenTitle: TRICKY_TITLE,
    writtenDueDate: new Date('2030-03-01T10:00:00.000Z'),
    writtenTaskType: 'assignment',
  });
  await db.insert(studyPlanBlocks).values({
    userId,
    taskId: task!.id,
    startAt: new Date('2030-02-25T16:00:00.000Z'),
    endAt: new Date('2030-02-25T16:50:00.000Z'),
    status: 'done',
  });
  // A class group (decision 211): the membership, an item this user posted, a notice to them.
  const [group] = await db
    .insert(classGroups)
    .values({ name: `${marker} Physics group`, timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }] })
    .returning();
  await db.insert(classGroupMembers).values({ groupId: group!.id, userId, role: 'owner', displayName: `${marker} Ana` });
  await db
    .insert(classGroupItems)
    .values({ groupId: group!.id, postedBy: userId, posterName: `${marker} Ana`, title: `${marker} worksheet`, taskType: 'assignment' });
  await db
    .insert(classGroupNotices)
    .values({ userId, groupId: group!.id, kind: 'class_changed', subject: `${marker} Physics group`, actorName: 'Sam' });
  return { courseId: course!.id, taskId: task!.id, marker };
}

const exportOf = (user: SignedUpUser | undefined, format: string) =>
  t.request({ method: 'GET', url: `/api/account/export/${format}`, token: user?.token });

/** A JSON value as the export writes it (instants as ISO strings). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

let owner: SignedUpUser;
let other: SignedUpUser;
let seeded: Seeded;
beforeAll(async () => {
  owner = await signUp(t);
  other = await signUp(t);
  seeded = await seedEverything(owner, 'OWNERMARK');
  await seedEverything(other, 'OTHERMARK');
});

/** Everything of `user` the export must never contain: secrets and internals. */
async function secretsOf(user: SignedUpUser): Promise<string[]> {
  const [row] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  const tokenHashes = await t.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id));
  return [
    row!.passwordHash!,
    ...tokenHashes.map((entry) => entry.hash),
    user.token,
    CALENDAR_TOKEN,
    '-idem-key',
    '-idem-body',
    'SECRETKEY',
    'SECRETAUTH',
    'fcm.googleapis.com',
  ];
}

describe('the export covers every user-owned table (a new table must be listed or excluded)', () => {
  const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

  it('lists or excludes every table of the Drizzle schema that has a user_id column', () => {
    const listed = new Set([...EXPORT_TABLES.map((entry) => entry.name), ...Object.keys(EXCLUDED_TABLES)]);
    const owned = tables.filter((table) => getTableConfig(table).columns.some((column) => column.name === 'user_id')).map(getTableName);
    expect(owned.length).toBeGreaterThan(15);
    expect(owned.filter((name) => !listed.has(name))).toEqual([]);
    // And nothing listed twice, nothing both exported and excluded.
    expect(EXPORT_TABLES.length + Object.keys(EXCLUDED_TABLES).length).toBe(listed.size);
  });

  it('lists or excludes every table of the migrated database that has a user_id column', async () => {
    const result = await t.db.execute<{ table_name: string }>(
      sql`SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id' ORDER BY 1`,
    );
    const listed = new Set([...EXPORT_TABLES.map((entry) => entry.name), ...Object.keys(EXCLUDED_TABLES)]);
    expect(result.rows.map((row) => row.table_name).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('names every column of an exported table as exported or omitted with a reason, and each entry its own table', () => {
    for (const entry of EXPORT_TABLES) {
      expect(getTableName(entry.table)).toBe(entry.name);
      const exported = new Set(Object.values(entry.columns).map((column) => column.name));
      const omitted = new Set(Object.keys(entry.omitted ?? {}));
      const names = Object.values(getTableColumns(entry.table)).map((column: PgColumn) => column.name);
      expect(
        names.filter((name) => name !== 'user_id' && !exported.has(name) && !omitted.has(name)),
        entry.name,
      ).toEqual([]);
      expect(exported.has('user_id'), entry.name).toBe(false);
      for (const key of entry.key) expect(Object.keys(entry.columns), `${entry.name} key`).toContain(key);
    }
    const accountExported = new Set(Object.values(ACCOUNT_COLUMNS).map((column) => column.name));
    const accountColumns = Object.values(getTableColumns(users)).map((column: PgColumn) => column.name);
    expect(accountColumns.filter((name) => !accountExported.has(name) && !(name in ACCOUNT_OMITTED))).toEqual([]);
    expect(accountExported.has('password_hash')).toBe(false);
  });
});

describe('GET /api/account/export/json', () => {
  it('answers 401 signed out and 400 for an unknown format', async () => {
    expect((await exportOf(undefined, 'json')).statusCode).toBe(401);
    const bad = await exportOf(owner, 'xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
  });

  it('is one JSON document with the account and every table, field by field, of this user only', async () => {
    const response = await exportOf(owner, 'json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="studypilot-${owner.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const document = response.json<{
      format: string;
      version: number;
      exportedAt: string;
      account: Record<string, unknown>;
      tables: Record<string, Record<string, unknown>[]>;
    }>();
    expect(document.format).toBe('studypilot-export');
    expect(document.version).toBe(EXPORT_FORMAT_VERSION);
    expect(Number.isNaN(Date.parse(document.exportedAt))).toBe(false);

    const [account] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(document.account).toEqual({
      id: owner.id,
      username: owner.username,
      email: 'OWNERMARK@example.org',
      recoveryEmail: 'OWNERMARK@recovery.example',
      timeZone: account!.timeZone,
      roles: 'user',
      isPremium: false,
      subscriptionTier: null,
      trialEndDate: account!.trialEndDate.toISOString(),
      gradingSystem: account!.gradingSystem,
      language: account!.language,
      points: account!.points,
      lastSeenRelease: null,
      lockedAt: null,
      createdAt: account!.createdAt.toISOString(),
    });

    expect(Object.keys(document.tables)).toEqual(EXPORT_TABLES.map((entry) => entry.name));
    for (const entry of EXPORT_TABLES) {
      const rows = document.tables[entry.name]!;
      // Data in every table, and exactly the owner's rows with exactly the listed fields.
      expect(rows.length, entry.name).toBeGreaterThan(0);
      const stored = await t.db.select(entry.columns).from(entry.table).where(eq(entry.userId, owner.id));
      const byKey = (row: Record<string, unknown>) => JSON.stringify(entry.key.map((field) => row[field]));
      expect(rows.map(byKey).sort(), entry.name).toEqual(stored.map(byKey).sort());
      expect(
        rows.sort((a, b) => byKey(a).localeCompare(byKey(b))),
        entry.name,
      ).toEqual(asJson(stored.sort((a, b) => byKey(a).localeCompare(byKey(b)))));
      for (const row of rows) expect(Object.keys(row).sort(), entry.name).toEqual(Object.keys(entry.columns).sort());
    }

    // Spot checks of values, as the user entered them.
    expect(document.tables.tasks).toEqual([
      {
        id: seeded.taskId,
        title: TRICKY_TITLE,
        description: 'OWNERMARK +1 @mention -minus',
        dueDate: '2030-03-01T10:00:00.000Z',
        courseId: seeded.courseId,
        taskType: 'assignment',
        priority: 'medium',
        completed: false,
        completedAt: null,
        reminderOffsetMinutes: 60,
        seriesId: expect.any(String),
        occurrenceDate: '2030-03-01',
        estimateMinutes: null,
        createdAt: expect.any(String),
        groupItemId: null,
      },
    ]);
    expect(document.tables.courses?.[0]).toMatchObject({
      name: 'OWNERMARK Physics, "advanced"',
      credits: 5,
      timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:30' }],
    });
    expect(document.tables.grades?.[0]).toMatchObject({ score: 87.5 });
    // The sign-up's First Steps achievement paid 10 too.
    expect(document.tables.points_ledger?.map((row) => row.label)).toEqual(
      expect.arrayContaining(['OWNERMARK task points', 'OWNERMARK cake']),
    );
    expect(document.tables.points_ledger?.map((row) => row.amount)).toEqual(expect.arrayContaining([-50, 10]));
    expect(document.tables.feedback?.[0]).toMatchObject({
      subject: 'OWNERMARK subject',
      reply: 'Thanks!',
      repliedAt: '2030-01-10T12:00:00.000Z',
    });
    expect(document.tables.academic_goals?.[0]).toMatchObject({ notes: 'Notes 日本語', progress: 40 });
    expect(document.tables.sessions?.[0]).toEqual({
      id: expect.any(String),
      // The test client's own User-Agent (light-my-request) at sign-up.
      userAgent: 'lightMyRequest',
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    // Nothing of another user, no secrets, no internals.
    expect(response.body).not.toContain('OTHERMARK');
    expect(response.body).not.toContain(other.id);
    for (const secret of [...(await secretsOf(owner)), ...(await secretsOf(other))]) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/passwordHash|tokenHash|token_hash|password_hash|generatedThrough|reminderSentAt/);
  });

  it('works for a user without premium (their data is theirs) and for a user with almost nothing', async () => {
    const fresh = await signUp(t);
    const response = await exportOf(fresh, 'json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ tables: Record<string, unknown[]> }>();
    expect(document.tables.tasks).toEqual([]);
    expect(document.tables.user_achievements).toEqual([{ achievementId: 'first-login', unlockedAt: expect.any(String) }]);
  });

  it('reads in batches with a keyset: every row once, in key order, also on a two-column key', async () => {
    const entry = EXPORT_TABLES.find((table) => table.name === 'challenge_completions')!;
    const rows = [];
    for await (const row of tableRows(t.db, entry, owner.id, 2)) rows.push(row);
    expect(rows.map((row) => `${String(row.challengeId)}/${String(row.periodStart)}`)).toEqual([
      'daily-focus/2030-01-08',
      'daily-focus/2030-01-09',
      'weekly-tasks/2030-01-07',
    ]);
    const ledger = EXPORT_TABLES.find((table) => table.name === 'points_ledger')!;
    const one = [];
    for await (const row of tableRows(t.db, ledger, owner.id, 1)) one.push(row);
    const stored = await t.db.select({ id: pointsLedger.id }).from(pointsLedger).where(eq(pointsLedger.userId, owner.id));
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(one.map((row) => row.id)).toEqual(stored.map((row) => row.id).sort());
  });

  it(`answers 429 after ${EXPORTS_PER_HOUR} exports in an hour, with Retry-After`, async () => {
    const user = await signUp(t);
    await t.db
      .insert(rateLimitCounters)
      .values({ key: exportsKey(user.id), count: EXPORTS_PER_HOUR, resetAt: new Date(Date.now() + 600_000) });
    const response = await exportOf(user, 'csv');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Deleting the account removes its export counter with it.
    expect((await t.request({ method: 'DELETE', url: '/api/user/delete', token: user.token })).statusCode).toBe(204);
    expect(
      await t.db
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, exportsKey(user.id))),
    ).toEqual([]);
  });
});

describe('GET /api/account/export/csv', () => {
  it('is a zip of account.csv, one CSV per table and calendar.ics, escaped against breaking out and formulas', async () => {
    const response = await exportOf(owner, 'csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="studypilot-.+\.zip"$/);
    const entries = readZip(response.rawPayload);
    // Then the stored files (export-files.routes.test.ts): here one folder, whose file has no bytes stored.
    expect([...entries.keys()]).toEqual([
      'account.csv',
      ...EXPORT_TABLES.map((entry) => `${entry.name}.csv`),
      'calendar.ics',
      'files/OWNERMARK folder/',
      'file_paths.csv',
    ]);

    for (const entry of EXPORT_TABLES) {
      const text = entries.get(`${entry.name}.csv`)!;
      expect(text.startsWith('\uFEFF'), entry.name).toBe(true);
      const [header, ...rows] = parseCsv(text.slice(1));
      expect(header, entry.name).toEqual(Object.keys(entry.columns));
      expect(rows.length, entry.name).toBeGreaterThan(0);
    }

    const [header, row] = parseCsv(entries.get('tasks.csv')!.slice(1));
    const field = (name: string) => row![header!.indexOf(name)];
    // The formula start is quoted away; comma, quotes and line break survive inside one field.
    expect(field('title')).toBe(`'${TRICKY_TITLE}`);
    expect(field('description')).toBe('OWNERMARK +1 @mention -minus');
    expect(field('dueDate')).toBe('2030-03-01T10:00:00.000Z');
    expect(field('completed')).toBe('false');
    expect(field('completedAt')).toBe('');
    expect(entries.get('tasks.csv')).toContain('"\'=HYPERLINK(""http://evil.example"",""click""), then\nnext line"');

    const [ledgerHeader, ...ledgerRows] = parseCsv(entries.get('points_ledger.csv')!.slice(1));
    expect(ledgerRows.map((entry) => entry[ledgerHeader!.indexOf('amount')])).toEqual(expect.arrayContaining(['-50', '10']));
    const [courseHeader, courseRow] = parseCsv(entries.get('courses.csv')!.slice(1));
    expect(courseRow![courseHeader!.indexOf('name')]).toBe('OWNERMARK Physics, "advanced"');
    expect(JSON.parse(courseRow![courseHeader!.indexOf('timeSlots')]!)).toEqual([{ day: 1, startTime: '09:00', endTime: '10:30' }]);
    const [accountHeader, accountRow] = parseCsv(entries.get('account.csv')!.slice(1));
    expect(accountHeader).toEqual(Object.keys(ACCOUNT_COLUMNS));
    expect(accountRow![accountHeader!.indexOf('username')]).toBe(owner.username);

    const everything = [...entries.values()].join('\n');
    expect(everything).not.toContain('OTHERMARK');
    for (const secret of [...(await secretsOf(owner)), ...(await secretsOf(other))]) expect(everything).not.toContain(secret);
  });
});

describe('GET /api/account/export/ics', () => {
  it('is the schedule as iCalendar that parses, with the classes and dated tasks of this user only', async () => {
    const response = await exportOf(owner, 'ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const summaries = calendar.getAllSubcomponents('vevent').map((event) => String(event.getFirstPropertyValue('summary')));
    expect(summaries.some((summary) => summary.includes('OWNERMARK Physics'))).toBe(true);
    expect(summaries.some((summary) => summary.includes('HYPERLINK'))).toBe(true);
    expect(response.body).not.toContain('OTHERMARK');
    // The zip holds the same calendar.
    const zipped = readZip((await exportOf(owner, 'csv')).rawPayload).get('calendar.ics')!;
    expect(new ICAL.Component(ICAL.parse(zipped)).getAllSubcomponents('vevent').length).toBe(summaries.length);
  });

  // Today at 20:00 UTC is tomorrow in Tokyo; today at 05:00 UTC is yesterday in Honolulu.
  it.each([
    ['Asia/Tokyo', 20, 1],
    ['Pacific/Honolulu', 5, -1],
  ] as const)("names the file with the user's own date in %s, not the UTC date", async (timeZone, utcHour, shift) => {
    const user = await signUp(t);
    await t.request({ method: 'PATCH', url: '/api/account/profile', token: user.token, payload: { timeZone } });
    const now = new Date();
    now.setUTCHours(utcHour, 0, 0, 0);
    const utcDay = now.toISOString().slice(0, 10);
    const localDay = new Date(Date.parse(`${utcDay}T12:00:00.000Z`) + shift * 86_400_000).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      for (const format of ['ics', 'json'] as const) {
        const response = await exportOf(user, format);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="studypilot-${user.username}-${localDay}.${format}"`);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
