import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed, FeedPreview, FeedWithResult } from '../../../common/schemas/lms-feeds.schema';
import type { Task } from '../../../common/schemas/tasks.schema';
import { lmsFeeds, userDataVersions } from '../../db/schema';
import { signUp, type SignedUpUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Resolver } from './feed-fetch';
import { syncDueFeeds } from './lms-feeds.service';

/**
 * School calendar feeds over HTTP (docs/api.md "School calendar feeds"): real export files served by a
 * local HTTP server (fixtures/), the clock set to 25 November 2026, and a DNS that answers a private
 * address for one name.
 */
const NOW = new Date('2026-11-25T10:00:00Z');
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** What the school's server serves at each path, and how often each was asked. */
const served = new Map<string, { body: string; status?: number }>();
const hits = new Map<string, number>();
let feedServer: Server;
let base: string;

const resolver: Resolver = async (host) => {
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'lms.internal.test') return [{ address: '10.1.2.3', family: 4 }];
  throw new Error('ENOTFOUND');
};

let t: TestApp;
beforeAll(async () => {
  feedServer = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const entry = served.get(pathname);
    if (!entry) return void response.writeHead(404).end();
    if (entry.status) return void response.writeHead(entry.status).end('down');
    const etag = `"${createHash('sha1').update(entry.body).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(entry.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://localhost:${(feedServer.address() as AddressInfo).port}`;
  t = await createTestApp({ lmsFeeds: { allowHttpLocalhost: true, resolver, clock: () => NOW } });
});
afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

function serve(name: string, body: string, status?: number): string {
  served.set(`/${name}`, { body, status });
  return `${base}/${name}`;
}

async function call<T>(user: SignedUpUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await t.request({ method, url, token: user?.token, payload });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
}

async function withCourse(user: SignedUpUser, name: string): Promise<string> {
  const response = await call<{ id: string }>(user, 'POST', '/api/courses', { name, color: '#334455' });
  expect(response.status).toBe(201);
  return response.body.id;
}
const tasksOf = async (user: SignedUpUser) => (await call<Task[]>(user, 'GET', '/api/tasks')).body;
const dataVersion = async (user: SignedUpUser) =>
  (await t.db.select().from(userDataVersions).where(eq(userDataVersions.userId, user.id)))[0]!.version;

describe('preview', () => {
  it('lists what will be imported, with each course matched or left to choose', async () => {
    const user = await signUp(t);
    const cs = await withCourse(user, 'CS101 Intro to Programming');
    const url = serve('canvas-preview.ics', fixture('canvas.ics'));
    const { status, body } = await call<FeedPreview>(user, 'POST', '/api/lms-feeds/preview', { url });
    expect(status).toBe(200);
    expect(body.name).toBe('Ada Lovelace Calendar (Canvas)');
    expect(body.items.map((item) => item.title)).toEqual([
      'Office hours',
      'Essay 2: Argument',
      'Quiz 4: Loops',
      'Reading response 7',
      'Midterm Exam',
    ]);
    expect(body.courses).toEqual([
      { key: 'CS 101 Intro to Programming', itemCount: 2, courseId: cs },
      { key: 'ENGL 101 Composition', itemCount: 2, courseId: null },
      { key: 'PHIL 210 Ethics', itemCount: 1, courseId: null },
    ]);
    expect(await tasksOf(user)).toEqual([]);
  });

  it('reads an uploaded file, and webcal:// as https://', async () => {
    const user = await signUp(t);
    const upload = await call<FeedPreview>(user, 'POST', '/api/lms-feeds/preview', { ics: fixture('google-classroom.ics') });
    expect(upload.status).toBe(200);
    expect(upload.body.courses).toEqual([{ key: 'Chemistry 2B', itemCount: 6, courseId: null }]);
    // webcal:// is fetched over https: the name's address is checked first (here: a private one).
    const webcal = await call<{ code: string }>(user, 'POST', '/api/lms-feeds/preview', { url: 'webcal://lms.internal.test/feed.ics' });
    expect(webcal).toMatchObject({ status: 400, body: { code: 'feed_address_refused' } });
  });

  it.each([
    [{ url: 'http://canvas.example.edu/feed.ics' }, 'feed_url_invalid'],
    [{ url: 'https://127.0.0.1/feed.ics' }, 'feed_address_refused'],
    [{ url: 'https://10.0.0.7/feed.ics' }, 'feed_address_refused'],
    [{ url: 'https://169.254.169.254/latest/meta-data/' }, 'feed_address_refused'],
    [{ url: 'https://lms.internal.test/feed.ics' }, 'feed_address_refused'],
    [{ ics: '<html>Please sign in</html>' }, 'feed_not_calendar'],
    [{ url: 'https://a.example/x.ics', ics: 'BEGIN:VCALENDAR' }, 'validation_error'],
    [{}, 'validation_error'],
    [{ url: 'https://a.example/x.ics', extra: 1 }, 'validation_error'],
  ])('refuses %j: 400 %s', async (payload, code) => {
    const user = await signUp(t);
    const { status, body } = await call<{ code: string; message: string }>(user, 'POST', '/api/lms-feeds/preview', payload);
    expect(status).toBe(400);
    expect(body.code).toBe(code);
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('refuses a redirect into a private address', async () => {
    const user = await signUp(t);
    const redirector = createServer((_request, response) => response.writeHead(302, { location: 'https://169.254.169.254/latest/' }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://localhost:${(redirector.address() as AddressInfo).port}/feed.ics`;
      const { status, body } = await call<{ code: string }>(user, 'POST', '/api/lms-feeds/preview', { url });
      expect(status).toBe(400);
      expect(body.code).toBe('feed_address_refused');
    } finally {
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});

describe('import and sync', () => {
  it('imports tasks with due dates, types and chosen courses, once; an unchanged re-sync writes nothing', async () => {
    const user = await signUp(t);
    const cs = await withCourse(user, 'CS101 Intro to Programming');
    const english = await withCourse(user, 'English');
    const url = serve('canvas-import.ics', fixture('canvas.ics'));
    const points = (await call<{ points: number }>(user, 'GET', '/api/points')).body.points;
    const created = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', {
      url,
      courseChoices: { 'ENGL 101 Composition': english, 'PHIL 210 Ethics': null },
    });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({ unchanged: false, created: 5, updated: 0, removed: 0, keptEdits: 0 });
    expect(created.body.feed).toMatchObject({
      name: 'Ada Lovelace Calendar (Canvas)',
      url,
      taskCount: 5,
      lastErrorCode: null,
      removedItems: [],
    });
    const tasks = await tasksOf(user);
    expect(
      tasks.map((task) => [task.title, task.dueDate, task.taskType, task.courseId, task.completed, task.reminderOffsetMinutes]),
    ).toEqual([
      ['Office hours', '2026-12-02T16:00:00.000Z', 'other', null, false, null],
      ['Essay 2: Argument', '2026-12-03T06:59:00.000Z', 'assignment', english, false, null],
      ['Quiz 4: Loops', '2026-12-04T23:59:00.000Z', 'quiz', cs, false, null],
      // All-day: the end of 10 December on the user's clock (UTC here).
      ['Reading response 7', '2026-12-10T23:59:59.999Z', 'assignment', english, false, null],
      ['Midterm Exam', '2026-12-15T09:00:00.000Z', 'exam', cs, false, null],
    ]);
    // Importing pays nothing: points are for completing (decision 202).
    expect((await call<{ points: number }>(user, 'GET', '/api/points')).body.points).toBe(points);

    const again = await call<{ code: string }>(user, 'POST', '/api/lms-feeds', { url });
    expect(again).toMatchObject({ status: 409, body: { code: 'feed_already_added' } });

    const version = await dataVersion(user);
    const before = hits.get('/canvas-import.ics');
    const synced = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${created.body.feed.id}/sync`);
    expect(synced.status).toBe(200);
    expect(synced.body.result).toEqual({ unchanged: true, created: 0, updated: 0, removed: 0, keptEdits: 0 });
    expect(hits.get('/canvas-import.ics')).toBe(before! + 1);
    expect(await dataVersion(user)).toBe(version);
    expect(await tasksOf(user)).toEqual(tasks);
  });

  it('moves changed due dates, adds new items, flags removed ones, keeps the student’s edits, never duplicates', async () => {
    const user = await signUp(t);
    const original = fixture('canvas.ics');
    const url = serve('canvas-sync.ics', original);
    const { body } = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url });
    const feedId = body.feed.id;
    const byTitle = async (title: string) => (await tasksOf(user)).find((task) => task.title === title)!;
    // The student moves the quiz to the day before and renames the essay.
    const quiz = await byTitle('Quiz 4: Loops');
    await call(user, 'PATCH', `/api/tasks/${quiz.id}`, { dueDate: '2026-12-03T20:00:00.000Z' });
    const essay = await byTitle('Essay 2: Argument');
    await call(user, 'PATCH', `/api/tasks/${essay.id}`, { title: 'Essay 2 (argument) — draft first' });

    // The school moves the essay and the quiz, drops office hours, cancels nothing, adds a project.
    const changed = original
      .replace('DTSTART:20261203T065900Z', 'DTSTART:20261205T065900Z')
      .replace('DTSTART:20261204T235900Z', 'DTSTART:20261206T235900Z')
      .replace(/BEGIN:VEVENT\r\n(?:(?!END:VEVENT).)*event-calendar-event-88\r\nEND:VEVENT\r\n/s, '')
      .replace(
        'END:VCALENDAR',
        'BEGIN:VEVENT\r\nDTSTART:20261218T065900Z\r\nDTSTAMP:20261126T101500Z\r\nSUMMARY:Final project [CS 101 Intro to Programming]\r\nUID:event-assignment-7100\r\nEND:VEVENT\r\nEND:VCALENDAR',
      );
    expect(changed).not.toContain('event-calendar-event-88');
    serve('canvas-sync.ics', changed);
    const synced = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${feedId}/sync`);
    expect(synced.body.result).toEqual({ unchanged: false, created: 1, updated: 1, removed: 1, keptEdits: 1 });
    const tasks = await tasksOf(user);
    // The essay's due date moved (the student changed only its title); the quiz keeps the student's date.
    expect(tasks.find((task) => task.id === essay.id)).toMatchObject({
      title: 'Essay 2 (argument) — draft first',
      dueDate: '2026-12-05T06:59:00.000Z',
    });
    expect(tasks.find((task) => task.id === quiz.id)).toMatchObject({ dueDate: '2026-12-03T20:00:00.000Z' });
    expect(tasks.filter((task) => task.title === 'Final project')).toHaveLength(1);
    // Office hours left the feed: its task stays, flagged on the feed.
    expect(tasks.filter((task) => task.title === 'Office hours')).toHaveLength(1);
    expect(synced.body.feed.removedItems).toEqual([
      expect.objectContaining({ title: 'Office hours', dueDate: '2026-12-02T16:00:00.000Z' }),
    ]);

    // The same change read again, and the original back: no duplicates, the flag lifts.
    await call(user, 'POST', `/api/lms-feeds/${feedId}/sync`);
    serve('canvas-sync.ics', original.replace('DTSTAMP:20261120T101500Z', 'DTSTAMP:20261127T101500Z'));
    const back = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${feedId}/sync`);
    // Office hours is back (its flag lifts); the final project has left in its turn.
    expect(back.body.feed.removedItems.map((item) => item.title)).toEqual(['Final project']);
    const titles = (await tasksOf(user)).map((task) => task.title).sort();
    expect(titles).toEqual([
      'Essay 2 (argument) — draft first',
      'Final project',
      'Midterm Exam',
      'Office hours',
      'Quiz 4: Loops',
      'Reading response 7',
    ]);
  });

  it('never makes again a task the student deleted', async () => {
    const user = await signUp(t);
    const url = serve('canvas-deleted.ics', fixture('canvas.ics'));
    const { body } = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url });
    const office = (await tasksOf(user)).find((task) => task.title === 'Office hours')!;
    expect((await call(user, 'DELETE', `/api/tasks/${office.id}`)).status).toBe(204);
    serve('canvas-deleted.ics', fixture('canvas.ics').replace('Office hours', 'Office hours (room 4)'));
    const synced = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${body.feed.id}/sync`);
    expect(synced.body.result.created).toBe(0);
    expect((await tasksOf(user)).some((task) => task.title.startsWith('Office hours'))).toBe(false);
  });

  it('imports recurring, cancelled and all-day items of Google Classroom and Moodle; a cancellation later flags the task', async () => {
    const user = await signUp(t);
    await call(user, 'PATCH', '/api/account/profile', { timeZone: 'Asia/Kolkata' });
    const google = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { ics: fixture('google-classroom.ics') });
    expect(google.status).toBe(201);
    // Five lab quizzes less the cancelled one, the worksheet and the exam.
    expect(google.body.result.created).toBe(6);
    expect(google.body.feed.url).toBeNull();
    const worksheet = (await tasksOf(user)).find((task) => task.title === 'Assignment: Titration worksheet');
    expect(worksheet?.dueDate).toBe('2026-12-16T18:29:59.999Z');
    expect((await call<{ code: string }>(user, 'POST', `/api/lms-feeds/${google.body.feed.id}/sync`)).status).toBe(400);

    const moodle = fixture('moodle.ics');
    const url = serve('moodle.ics', moodle);
    const created = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url });
    expect(created.body.result.created).toBe(3);
    serve('moodle.ics', moodle.replace('SUMMARY:Lab report 3 is due', 'SUMMARY:Lab report 3 is due\r\nSTATUS:CANCELLED'));
    const synced = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${created.body.feed.id}/sync`);
    expect(synced.body.result).toMatchObject({ removed: 1, created: 0 });
    expect(synced.body.feed.removedItems.map((item) => item.title)).toEqual(['Lab report 3 is due']);
    expect((await tasksOf(user)).some((task) => task.title === 'Lab report 3 is due')).toBe(true);
  });

  it('a feed that fails keeps its tasks and says why', async () => {
    const user = await signUp(t);
    const url = serve('canvas-fails.ics', fixture('canvas.ics'));
    const { body } = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url });
    serve('canvas-fails.ics', '', 503);
    const failed = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${body.feed.id}/sync`);
    expect(failed.status).toBe(200);
    expect(failed.body.feed).toMatchObject({ lastErrorCode: 'feed_http_error', lastErrorAt: NOW.toISOString(), taskCount: 5 });
    serve('canvas-fails.ics', '<html>Maintenance</html>');
    const garbage = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${body.feed.id}/sync`);
    expect(garbage.body.feed.lastErrorCode).toBe('feed_not_calendar');
    expect(await tasksOf(user)).toHaveLength(5);
    serve('canvas-fails.ics', fixture('canvas.ics'));
    const recovered = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${body.feed.id}/sync`);
    expect(recovered.body.feed.lastErrorCode).toBeNull();
    expect(await tasksOf(user)).toHaveLength(5);
  });

  it('removes a feed with or without its tasks; completed tasks and their points stay', async () => {
    const user = await signUp(t);
    const keep = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url: serve('canvas-keep.ics', fixture('canvas.ics')) });
    expect((await call(user, 'DELETE', `/api/lms-feeds/${keep.body.feed.id}`)).status).toBe(204);
    expect(await tasksOf(user)).toHaveLength(5);
    expect((await call<Feed[]>(user, 'GET', '/api/lms-feeds')).body).toEqual([]);

    const other = await signUp(t);
    const drop = await call<FeedWithResult>(other, 'POST', '/api/lms-feeds', { url: serve('canvas-drop.ics', fixture('canvas.ics')) });
    const done = (await tasksOf(other))[0]!;
    const completed = await call<{ rewards: { pointsAwarded: number } }>(other, 'PATCH', `/api/tasks/${done.id}`, { completed: true });
    expect(completed.status).toBe(200);
    expect((await call(other, 'DELETE', `/api/lms-feeds/${drop.body.feed.id}?deleteTasks=true`)).status).toBe(204);
    expect((await tasksOf(other)).map((task) => task.id)).toEqual([done.id]);
    expect((await call<{ points: number }>(other, 'GET', '/api/points')).body.points).toBeGreaterThan(0);
  });

  it('imports 2,000 events in one transaction within 5 s', async () => {
    const user = await signUp(t);
    const url = serve('canvas-2000.ics', fixture('canvas-2000.ics'));
    const started = performance.now();
    const created = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url });
    const elapsed = performance.now() - started;
    expect(created.status).toBe(201);
    expect(created.body.result.created).toBe(2000);
    console.info(`lms-feeds bench: 2,000-event import ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(5_000);
    const resyncStarted = performance.now();
    serve('canvas-2000.ics', fixture('canvas-2000.ics').replaceAll('DTSTAMP:20261120T101500Z', 'DTSTAMP:20261126T101500Z'));
    const resynced = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${created.body.feed.id}/sync`);
    console.info(`lms-feeds bench: 2,000-event re-sync, new bytes, same items ${Math.round(performance.now() - resyncStarted)} ms`);
    expect(resynced.body.result).toEqual({ unchanged: true, created: 0, updated: 0, removed: 0, keptEdits: 0 });
  });
});

describe('the hourly sync', () => {
  it('syncs each due feed once, however many instances run it at the same time', async () => {
    const user = await signUp(t);
    const url = serve('canvas-hourly.ics', fixture('canvas.ics'));
    const { body } = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url });
    const later = new Date(NOW.getTime() + 61 * 60_000);
    const deps = { db: t.db, jobs: null, config: { allowHttpLocalhost: true, resolver, clock: () => later } };
    const before = hits.get('/canvas-hourly.ics') ?? 0;
    await Promise.all([syncDueFeeds(deps), syncDueFeeds(deps), syncDueFeeds(deps)]);
    expect(hits.get('/canvas-hourly.ics')).toBe(before + 1);
    const [feed] = (await call<Feed[]>(user, 'GET', '/api/lms-feeds')).body;
    expect(feed).toMatchObject({ id: body.feed.id, lastSyncedAt: later.toISOString() });
    // Within the hour: not due again.
    await syncDueFeeds(deps);
    expect(hits.get('/canvas-hourly.ics')).toBe(before + 1);
  });
});

describe('items PostgreSQL could not store', () => {
  it('imports the good items of a feed with a NUL in a UID, a 10,000-character UID, SEQUENCE 99999999999 and a control character in a course key', async () => {
    const user = await signUp(t);
    const event = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
    const body = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      ...event(['UID:nul\u0000@x', 'DTSTART:20261201T090000Z', 'SUMMARY:NUL in the UID']),
      ...event([`UID:${'u'.repeat(10_000)}`, 'DTSTART:20261201T090000Z', 'SUMMARY:Huge UID']),
      ...event(['UID:seq@x', 'DTSTART:20261202T090000Z', 'SEQUENCE:99999999999', 'SUMMARY:Big sequence']),
      ...event(['UID:course@x', 'DTSTART:20261203T090000Z', 'SUMMARY:Essay [MATH\u0001200]']),
      'END:VCALENDAR',
    ].join('\r\n');
    const url = serve('hostile.ics', body);
    const preview = await call<FeedPreview>(user, 'POST', '/api/lms-feeds/preview', { url });
    expect(preview.status).toBe(200);
    expect(preview.body.items.map((item) => item.title)).toEqual(['Big sequence', 'Essay']);
    expect(preview.body.courses).toEqual([{ key: 'MATH 200', itemCount: 1, courseId: null }]);
    const created = await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url, courseChoices: { 'MATH 200': null } });
    expect(created.status).toBe(201);
    expect(created.body.result.created).toBe(2);
    const synced = await call<FeedWithResult>(user, 'POST', `/api/lms-feeds/${created.body.feed.id}/sync`);
    expect(synced.status).toBe(200);
    expect((await tasksOf(user)).map((task) => task.title).sort()).toEqual(['Big sequence', 'Essay']);
  });
});

describe('the hourly sync when one feed fails for a reason of ours', () => {
  it('records it on that feed (internal), moves it to the back, and syncs the others', async () => {
    const user = await signUp(t);
    const badUrl = serve('canvas-internal.ics', fixture('canvas.ics'));
    const goodUrl = serve('canvas-after-internal.ics', fixture('canvas.ics'));
    const bad = (await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url: badUrl })).body.feed;
    const good = (await call<FeedWithResult>(user, 'POST', '/api/lms-feeds', { url: goodUrl })).body.feed;
    // The failing feed sorts first; writing its new item fails in the database (a real one, by a trigger).
    await t.db
      .update(lmsFeeds)
      .set({ lastSyncedAt: new Date(NOW.getTime() - 60 * 60_000) })
      .where(eq(lmsFeeds.id, bad.id));
    await t.db.execute(sql`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'boom'; END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER refuse_boom BEFORE INSERT ON lms_feed_items
      FOR EACH ROW WHEN (NEW.uid = 'boom@x') EXECUTE FUNCTION refuse_boom()`);
    try {
      const boom = ['BEGIN:VEVENT', 'UID:boom@x', 'DTSTART:20261205T090000Z', 'SUMMARY:Boom', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
      serve('canvas-internal.ics', fixture('canvas.ics').replace('END:VCALENDAR', boom));
      serve('canvas-after-internal.ics', fixture('canvas.ics').replace('END:VCALENDAR', boom.replaceAll('boom@x', 'fine@x')));
      const later = new Date(NOW.getTime() + 3 * 60 * 60_000);
      const warnings: unknown[] = [];
      const outcome = await syncDueFeeds({
        db: t.db,
        jobs: null,
        config: { allowHttpLocalhost: true, resolver, clock: () => later },
        log: { warn: (...args: unknown[]) => void warnings.push(args) },
      });
      expect(outcome.failed).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      const feeds = (await call<Feed[]>(user, 'GET', '/api/lms-feeds')).body;
      expect(feeds.find((feed) => feed.id === bad.id)).toMatchObject({
        lastErrorCode: 'internal',
        lastErrorAt: later.toISOString(),
        lastSyncedAt: later.toISOString(),
        taskCount: 5,
      });
      expect(feeds.find((feed) => feed.id === good.id)).toMatchObject({
        lastErrorCode: null,
        lastSyncedAt: later.toISOString(),
        taskCount: 6,
      });
      // Not due again within the hour: the failed feed waits its turn like the others.
      const hitsBefore = hits.get('/canvas-internal.ics');
      await syncDueFeeds({ db: t.db, jobs: null, config: { allowHttpLocalhost: true, resolver, clock: () => later } });
      expect(hits.get('/canvas-internal.ics')).toBe(hitsBefore);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_boom ON lms_feed_items`);
      await t.db.execute(sql`DROP FUNCTION refuse_boom()`);
    }
  });
});

describe('access', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/lms-feeds'],
      ['POST', '/api/lms-feeds/preview'],
      ['POST', '/api/lms-feeds'],
      ['PATCH', '/api/lms-feeds/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/lms-feeds/00000000-0000-4000-8000-000000000000/sync'],
      ['DELETE', '/api/lms-feeds/00000000-0000-4000-8000-000000000000'],
    ] as const)
      expect(
        (await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : { url: 'https://x.example/a.ics' })).status,
      ).toBe(401);
  });

  it('answers 404 for another user’s feed, 400 for a malformed id or choice', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const { body } = await call<FeedWithResult>(owner, 'POST', '/api/lms-feeds', { url: serve('canvas-owned.ics', fixture('canvas.ics')) });
    const id = body.feed.id;
    expect((await call(stranger, 'PATCH', `/api/lms-feeds/${id}`, { name: 'Mine' })).status).toBe(404);
    expect((await call(stranger, 'POST', `/api/lms-feeds/${id}/sync`)).status).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/lms-feeds/${id}?deleteTasks=true`)).status).toBe(404);
    expect((await call<Feed[]>(stranger, 'GET', '/api/lms-feeds')).body).toEqual([]);
    expect((await tasksOf(owner)).length).toBe(5);
    expect((await call(owner, 'PATCH', '/api/lms-feeds/not-a-uuid', { name: 'x' })).status).toBe(400);
    expect((await call(owner, 'DELETE', `/api/lms-feeds/${id}?deleteTasks=maybe`)).status).toBe(400);
    // A course choice naming another user's course is a 404, as an unknown one.
    const theirs = await withCourse(stranger, 'Theirs');
    const refused = await call<{ code: string }>(owner, 'PATCH', `/api/lms-feeds/${id}`, {
      courseChoices: { 'ENGL 101 Composition': theirs },
    });
    expect(refused.status).toBe(404);
    const renamed = await call<Feed>(owner, 'PATCH', `/api/lms-feeds/${id}`, { name: 'Canvas — fall' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Canvas — fall' } });
  });
});
