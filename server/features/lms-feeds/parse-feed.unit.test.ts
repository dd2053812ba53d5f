import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COURSE_KEY_MAX } from '../../../common/schemas/lms-feeds.schema';
import { FeedParseError, MAX_OCCURRENCES_PER_ITEM, MAX_RECURRENCE_STEPS, parseFeed, UID_MAX } from './parse-feed';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const NOW = new Date('2026-11-25T10:00:00Z');
const byTitle = (items: ReturnType<typeof parseFeed>['items'], title: string) => items.filter((item) => item.title === title);

describe('parseFeed: Canvas', () => {
  const feed = parseFeed(fixture('canvas.ics'), 'America/New_York', NOW);
  it('reads titles, courses in brackets, types and due instants', () => {
    expect(feed.name).toBe('Ada Lovelace Calendar (Canvas)');
    expect(byTitle(feed.items, 'Essay 2: Argument')).toEqual([
      expect.objectContaining({
        uid: 'event-assignment-5678',
        recurrenceId: '',
        dueDate: '2026-12-03T06:59:00.000Z',
        courseKey: 'ENGL 101 Composition',
        taskType: 'assignment',
        allDay: false,
      }),
    ]);
    expect(byTitle(feed.items, 'Midterm Exam')[0]).toMatchObject({ taskType: 'exam', courseKey: 'CS 101 Intro to Programming' });
    expect(byTitle(feed.items, 'Quiz 4: Loops')[0]).toMatchObject({ taskType: 'quiz' });
    expect(byTitle(feed.items, 'Office hours')[0]).toMatchObject({ taskType: 'other' });
  });
  it('maps an all-day item to the end of that local day on the user’s clock', () => {
    expect(byTitle(feed.items, 'Reading response 7')[0]).toMatchObject({ allDay: true, dueDate: '2026-12-11T04:59:59.999Z' });
    // The same file read by a student in Tokyo, Kolkata, Honolulu: the same date, their own end of day.
    const due = (zone: string) => byTitle(parseFeed(fixture('canvas.ics'), zone, NOW).items, 'Reading response 7')[0]!.dueDate;
    expect(due('Asia/Tokyo')).toBe('2026-12-10T14:59:59.999Z');
    expect(due('Asia/Kolkata')).toBe('2026-12-10T18:29:59.999Z');
    expect(due('Pacific/Honolulu')).toBe('2026-12-11T09:59:59.999Z');
    expect(due('UTC')).toBe('2026-12-10T23:59:59.999Z');
  });
  it('leaves out items before the window (30 days back)', () => {
    expect(byTitle(feed.items, 'Old essay from last spring')).toEqual([]);
  });
});

describe('parseFeed: Moodle', () => {
  const feed = parseFeed(fixture('moodle.ics'), 'UTC', NOW);
  it('takes the course from CATEGORIES and flags a cancelled item', () => {
    expect(byTitle(feed.items, 'Lab report 3 is due')[0]).toMatchObject({ courseKey: 'PHYS1001', dueDate: '2026-12-07T22:00:00.000Z' });
    expect(byTitle(feed.items, 'Final exam opens')[0]).toMatchObject({ taskType: 'exam' });
    expect(byTitle(feed.items, 'Field trip sign-up closes')[0]).toMatchObject({ cancelled: true });
  });
  it('reads a time in a zone the feed defines by its own VTIMEZONE', () => {
    expect(byTitle(feed.items, 'Online forum post is due')[0]).toMatchObject({
      dueDate: '2026-12-12T03:00:00.000Z',
      courseKey: 'Linear Algebra',
    });
  });
});

describe('parseFeed: Google Classroom', () => {
  const feed = parseFeed(fixture('google-classroom.ics'), 'Asia/Kolkata', NOW);
  const quizzes = feed.items.filter((item) => item.uid === '7a1c2b3d4e5f@google.com');
  it('expands a weekly item across the DST change, without EXDATE, with its moved and cancelled occurrences', () => {
    expect(quizzes.map((item) => [item.recurrenceId, item.dueDate, item.title, item.cancelled])).toEqual([
      ['2027-03-08T08:00:00.000Z', '2027-03-08T08:00:00.000Z', 'Lab quiz', false],
      ['2027-03-15T08:00:00.000Z', '2027-03-15T08:00:00.000Z', 'Lab quiz', true],
      // 22 March is an EXDATE; Berlin moves to summer time on 28 March.
      ['2027-03-29T07:00:00.000Z', '2027-03-29T07:00:00.000Z', 'Lab quiz', false],
      ['2027-04-05T07:00:00.000Z', '2027-04-06T12:00:00.000Z', 'Lab quiz (moved to Tuesday)', false],
      ['2027-04-12T07:00:00.000Z', '2027-04-12T07:00:00.000Z', 'Lab quiz', false],
    ]);
    expect(quizzes.every((item) => item.taskType === 'quiz' && item.courseKey === 'Chemistry 2B')).toBe(true);
  });
  it('reads an all-day assignment and an exam', () => {
    expect(byTitle(feed.items, 'Assignment: Titration worksheet')[0]).toMatchObject({ allDay: true, dueDate: '2026-12-16T18:29:59.999Z' });
    expect(byTitle(feed.items, 'Semester exam')[0]).toMatchObject({ taskType: 'exam', dueDate: '2027-02-01T09:00:00.000Z' });
  });
});

describe('parseFeed: zones the feed does not define', () => {
  const calendar = (lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//EN', 'X-WR-TIMEZONE:Asia/Tokyo', ...lines, 'END:VCALENDAR'].join('\r\n');
  it('reads an IANA TZID without its VTIMEZONE by our zone rules, across a DST change', () => {
    const feed = parseFeed(
      calendar([
        'BEGIN:VEVENT',
        'UID:a@x',
        'DTSTART;TZID=America/New_York:20270308T090000',
        'RRULE:FREQ=DAILY;COUNT=3',
        'SUMMARY:Lab',
        'END:VEVENT',
      ]),
      'UTC',
      NOW,
    );
    // 8–10 March 2027 are on Eastern Standard Time; New York moves to summer time on 14 March.
    expect(feed.items.map((item) => item.dueDate)).toEqual([
      '2027-03-08T14:00:00.000Z',
      '2027-03-09T14:00:00.000Z',
      '2027-03-10T14:00:00.000Z',
    ]);
    const across = parseFeed(
      calendar([
        'BEGIN:VEVENT',
        'UID:b@x',
        'DTSTART;TZID=America/New_York:20270313T090000',
        'RRULE:FREQ=DAILY;COUNT=2',
        'SUMMARY:Lab',
        'END:VEVENT',
      ]),
      'UTC',
      NOW,
    );
    expect(across.items.map((item) => item.dueDate)).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z']);
  });
  it('reads a floating time on the feed’s X-WR-TIMEZONE', () => {
    const feed = parseFeed(calendar(['BEGIN:VEVENT', 'UID:c@x', 'DTSTART:20261210T090000', 'SUMMARY:Essay', 'END:VEVENT']), 'UTC', NOW);
    expect(feed.items[0]!.dueDate).toBe('2026-12-10T00:00:00.000Z');
  });
});

describe('parseFeed: bounds and refusals', () => {
  it('reads 2,000 events', () => {
    const feed = parseFeed(fixture('canvas-2000.ics'), 'UTC', NOW);
    expect(feed.items).toHaveLength(2000);
    expect(new Set(feed.items.map((item) => item.uid)).size).toBe(2000);
  });
  it('caps an endless recurrence and stops at the window', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//x//y//EN',
      'BEGIN:VEVENT',
      'UID:daily@x',
      'DTSTART:20261126T090000Z',
      'RRULE:FREQ=HOURLY',
      'SUMMARY:Every hour',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:daily2@x',
      'DTSTART:20261126T090000Z',
      'RRULE:FREQ=DAILY',
      'SUMMARY:Every day',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const feed = parseFeed(text, 'UTC', NOW);
    expect(feed.items.filter((item) => item.uid === 'daily@x')).toHaveLength(MAX_OCCURRENCES_PER_ITEM);
    const daily = feed.items.filter((item) => item.uid === 'daily2@x');
    // 26 November 2026 to 25 November 2027 (the window ends 365 days after now).
    expect(daily).toHaveLength(365);
    expect(feed.truncated).toBe(true);
  });
  it('refuses text that is not a calendar', () => {
    expect(() => parseFeed('<html>Sign in</html>', 'UTC', NOW)).toThrow(FeedParseError);
    expect(() => parseFeed('BEGIN:VCARD\r\nEND:VCARD\r\n', 'UTC', NOW)).toThrow(FeedParseError);
  });
});

/** A feed whose lines are `events` (each a list of properties) in one VCALENDAR. */
const calendarOf = (events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');

describe('parseFeed: what PostgreSQL can store', () => {
  it('skips an item whose UID has a control character or is too long; holds SEQUENCE to int4; cleans and cuts the course key', () => {
    const text = calendarOf([
      ['UID:nul\u0000uid@x', 'DTSTART:20261201T090000Z', 'SUMMARY:Has a NUL'],
      ['UID:c1\u0085uid@x', 'DTSTART:20261201T090000Z', 'SUMMARY:Has a C1'],
      [`UID:${'u'.repeat(10_000)}`, 'DTSTART:20261201T090000Z', 'SUMMARY:Huge UID'],
      [`UID:${'k'.repeat(UID_MAX)}`, 'DTSTART:20261201T090000Z', 'SUMMARY:Longest UID'],
      ['UID:seq@x', 'DTSTART:20261202T090000Z', 'SEQUENCE:99999999999', 'SUMMARY:Big sequence'],
      ['UID:course@x', 'DTSTART:20261203T090000Z', `SUMMARY:Essay [MATH\u0001 ${'9'.repeat(500)}]`],
      ['UID:title@x', 'DTSTART:20261204T090000Z', 'SUMMARY:Bad\u0007title\u0090here'],
    ]);
    const feed = parseFeed(text, 'UTC', NOW);
    expect(feed.items.map((item) => item.title).sort()).toEqual(['Bad title here', 'Big sequence', 'Essay', 'Longest UID']);
    expect(feed.items.find((item) => item.uid === 'seq@x')!.sequence).toBe(2_147_483_647);
    const course = feed.items.find((item) => item.uid === 'course@x')!.courseKey!;
    expect(course.startsWith('MATH ')).toBe(true);
    expect(course).toHaveLength(COURSE_KEY_MAX);
    // eslint-disable-next-line no-control-regex -- the point
    expect(feed.items.every((item) => !/[\u0000-\u001f\u007f-\u009f]/.test(`${item.uid}${item.title}${item.courseKey ?? ''}`))).toBe(true);
  });
  it('counts every step of a recurrence, those before the window too, and stops at the cap', () => {
    // Every minute since 2015: about six million steps before the window; the cap stops it long before.
    const text = calendarOf([
      ['UID:minutely@x', 'DTSTART:20150101T000000Z', 'RRULE:FREQ=MINUTELY;INTERVAL=1', 'SUMMARY:Every minute'],
      ['UID:after@x', 'DTSTART:20261201T090000Z', 'SUMMARY:Still read'],
    ]);
    const feed = parseFeed(text, 'UTC', NOW);
    // MAX_RECURRENCE_STEPS minutes from 2015 are all before the window: no occurrence is reached, the feed says it was cut.
    expect(MAX_RECURRENCE_STEPS).toBeLessThan(60 * 24 * 365);
    expect(feed.items.filter((item) => item.uid === 'minutely@x')).toEqual([]);
    expect(feed.items.map((item) => item.uid)).toEqual(['after@x']);
    expect(feed.truncated).toBe(true);
  });
});
