import { describe, expect, it } from 'vitest';
import {
  classSoonExpansionDates,
  classSoonStillWanted,
  nextPlanRunAt,
  PLAN_SPREAD_MS,
  digestStillWanted,
  planClassSoon,
  planDigests,
  planWindow,
  summarizeDay,
  wantsScheduledPushes,
  type ScheduledPushSettings,
} from './push-planning';
import { expandTimetable, type TimetableCourse, type TimetableSource, type TimetableTerm } from './timetable';

const ON: ScheduledPushSettings = { classSoonEnabled: true, classSoonMinutes: 10, digestEnabled: true, digestTime: '07:00' };
const OFF: ScheduledPushSettings = { ...ON, classSoonEnabled: false, digestEnabled: false };

const iso = (millis: number) => new Date(millis).toISOString();

/** What the server's planning job does with one user's data at `now`. */
function planAt(source: TimetableSource, settings: ScheduledPushSettings, now: string) {
  const window = planWindow(Date.parse(now));
  const dates = classSoonExpansionDates(window, source.timeZone);
  const occurrences = expandTimetable({ ...source, ...dates });
  return {
    classSoon: planClassSoon(occurrences, settings, window).map((item) => ({
      course: item.courseId,
      at: iso(item.atMillis),
      key: item.key,
    })),
    digests: planDigests(settings, source.timeZone, window).map((item) => ({ date: item.date, at: iso(item.atMillis) })),
  };
}

// 2026-11-23 is a Monday; 2026-11-22 a Sunday.
const chemistry: TimetableCourse = { id: 'chem', timeSlots: [{ day: 1, startTime: '09:00', endTime: '10:00' }] };
const source = (timeZone: string, extra: Partial<TimetableSource> = {}): TimetableSource => ({
  courses: [chemistry],
  terms: [],
  holidays: [],
  timeZone,
  ...extra,
});

describe('planWindow', () => {
  it.each([
    ['2026-11-23T00:00:00.000Z', '2026-11-24T12:00:00.000Z', '2026-11-23T12:00:00.000Z'],
    ['2026-11-23T11:59:59.999Z', '2026-11-24T12:00:00.000Z', '2026-11-23T12:00:00.000Z'],
    ['2026-11-23T12:00:00.000Z', '2026-11-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
    ['2026-11-23T17:42:10.000Z', '2026-11-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
  ])('at %s plans until %s and re-arms at %s (the same on every instance within a block)', (now, to, next) => {
    const window = planWindow(Date.parse(now));
    expect([iso(window.from), iso(window.to), iso(window.nextPlanAt)]).toEqual([now, to, next]);
    // Always at least 24 hours ahead: the next run overlaps this one.
    expect(window.to - window.from).toBeGreaterThanOrEqual(24 * 3_600_000);
  });
});

describe('nextPlanRunAt', () => {
  it('spreads the users over the first 6 hours of the block, the same for a user everywhere', () => {
    const block = Date.parse('2026-11-24T12:00:00.000Z');
    const ids = Array.from({ length: 200 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    const delays = ids.map((id) => nextPlanRunAt(block, id) - block);
    expect(delays.every((delay) => delay >= 0 && delay < PLAN_SPREAD_MS && delay % 1000 === 0)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(190);
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(PLAN_SPREAD_MS / 2);
    expect(nextPlanRunAt(block, ids[7]!)).toBe(nextPlanRunAt(block, ids[7]!));
    // A run at its spread start plans up to 36 hours past its block: still at least 24 hours ahead.
    const window = planWindow(nextPlanRunAt(block, ids[7]!));
    expect(window.to - (block + PLAN_SPREAD_MS)).toBeGreaterThanOrEqual(24 * 3_600_000);
  });
});

describe('planClassSoon and planDigests in the user time zone', () => {
  // Planned on Sunday 22 Nov at 18:00 UTC: the block runs to Tuesday 00:00 UTC.
  it.each([
    // zone, class-soon instant (Mon 09:00 local − 10 min), digests at 07:00 local inside the window
    ['Pacific/Honolulu', '2026-11-23T18:50:00.000Z', ['2026-11-23 2026-11-23T17:00:00.000Z']],
    ['UTC', '2026-11-23T08:50:00.000Z', ['2026-11-23 2026-11-23T07:00:00.000Z']],
    ['Asia/Kolkata', '2026-11-23T03:20:00.000Z', ['2026-11-23 2026-11-23T01:30:00.000Z']],
    // In Tokyo it is already Monday 03:00 at planning time; Tuesday's 07:00 is 22:00 UTC Monday.
    ['Asia/Tokyo', '2026-11-22T23:50:00.000Z', ['2026-11-23 2026-11-22T22:00:00.000Z', '2026-11-24 2026-11-23T22:00:00.000Z']],
  ])('%s', (timeZone, classAt, digests) => {
    const plan = planAt(source(timeZone), ON, '2026-11-22T18:00:00.000Z');
    expect(plan.classSoon.map((item) => item.at)).toEqual([classAt]);
    expect(plan.digests.map((item) => `${item.date} ${item.at}`)).toEqual(digests);
  });

  it('follows the chosen lead time and skips a push whose instant has passed', () => {
    const thirtyMinutes = planAt(source('UTC'), { ...ON, classSoonMinutes: 30 }, '2026-11-23T08:00:00.000Z');
    expect(thirtyMinutes.classSoon.map((item) => item.at)).toEqual(['2026-11-23T08:30:00.000Z']);
    // 08:55: the 09:00 class's 10-minute push was at 08:50, already past; no late "starts in 10 minutes".
    expect(planAt(source('UTC'), ON, '2026-11-23T08:55:00.000Z').classSoon).toEqual([]);
    // The lead time is part of the key: changing it plans another job, the old one finds itself unwanted.
    const [ten] = planAt(source('UTC'), ON, '2026-11-23T08:00:00.000Z').classSoon;
    const [thirty] = thirtyMinutes.classSoon;
    expect(ten!.key).not.toBe(thirty!.key);
  });

  it.each([
    // New York moved to summer time on Sunday 8 March 2026 at 02:00 (UTC−5 → UTC−4).
    ['America/New_York', '2026-03-07T18:00:00.000Z', '2026-03-08', ['2026-03-08T12:50:00.000Z'], ['2026-03-08 2026-03-08T11:00:00.000Z']],
    // Berlin on Sunday 29 March 2026 at 02:00 (UTC+1 → UTC+2).
    ['Europe/Berlin', '2026-03-28T13:00:00.000Z', '2026-03-29', ['2026-03-29T06:50:00.000Z'], ['2026-03-29 2026-03-29T05:00:00.000Z']],
    // Back to winter time in New York on Sunday 1 November 2026.
    ['America/New_York', '2026-10-31T18:00:00.000Z', '2026-11-01', ['2026-11-01T13:50:00.000Z'], ['2026-11-01 2026-11-01T12:00:00.000Z']],
  ])('across a DST change in %s: the class stays at 09:00 local and the digest at 07:00 local', (timeZone, now, date, classAt, digests) => {
    const sunday: TimetableCourse = { id: 'sun', timeSlots: [{ day: 0, startTime: '09:00', endTime: '10:00' }] };
    const plan = planAt(source(timeZone, { courses: [sunday] }), ON, now);
    expect(plan.classSoon.map((item) => item.at)).toEqual(classAt);
    expect(plan.digests.filter((item) => item.date === date).map((item) => `${item.date} ${item.at}`)).toEqual(digests);
  });

  it('a digest time inside the DST gap moves forward by the gap (02:30 does not exist on 8 March in New York)', () => {
    const plan = planAt(source('America/New_York', { courses: [] }), { ...ON, digestTime: '02:30' }, '2026-03-07T18:00:00.000Z');
    expect(plan.digests).toEqual([{ date: '2026-03-08', at: '2026-03-08T07:30:00.000Z' }]);
  });

  it('a class at 00:10 with a 30-minute lead is announced the evening before', () => {
    const early: TimetableCourse = { id: 'early', timeSlots: [{ day: 2, startTime: '00:10', endTime: '01:00' }] };
    // Block of Monday 12:00 UTC runs to Wednesday 00:00 UTC; Tuesday's 00:10 class → Monday 23:40.
    const plan = planAt(source('UTC', { courses: [early] }), { ...ON, classSoonMinutes: 30 }, '2026-11-23T12:00:00.000Z');
    expect(plan.classSoon.map((item) => item.at)).toEqual(['2026-11-23T23:40:00.000Z']);
  });
});

describe('rotations, holidays, term dates and settings', () => {
  const abTerm: TimetableTerm = { id: 't', startDate: '2026-11-01', endDate: '2027-01-31', rotation: { kind: 'ab' } };
  // The term starts in the week of Sunday 1 Nov (week A): the week of 22 Nov is week B, of 29 Nov week A.
  const abCourse: TimetableCourse = {
    id: 'ab',
    termId: 't',
    timeSlots: [
      { day: 1, startTime: '09:00', endTime: '10:00', week: 'A' },
      { day: 1, startTime: '11:00', endTime: '12:00', week: 'B' },
    ],
  };
  const ndayTerm: TimetableTerm = { id: 'n', startDate: '2026-11-23', endDate: '2027-01-31', rotation: { kind: 'nday', days: 2 } };
  const ndayCourse: TimetableCourse = { id: 'nd', termId: 'n', timeSlots: [{ day: 1, startTime: '13:00', endTime: '14:00', cycleDay: 2 }] };

  it.each([
    [
      'A/B: week B meets at 11:00 only',
      source('UTC', { courses: [abCourse], terms: [abTerm] }),
      '2026-11-22T18:00:00.000Z',
      ['2026-11-23T10:50:00.000Z'],
    ],
    [
      'A/B: week A meets at 09:00 only',
      source('UTC', { courses: [abCourse], terms: [abTerm] }),
      '2026-11-29T18:00:00.000Z',
      ['2026-11-30T08:50:00.000Z'],
    ],
    // Monday 23 Nov is cycle day 1, Tuesday 24 day 2: the cycle-day-2 class meets on Tuesday.
    [
      'N-day: cycle day 2 is Tuesday',
      source('UTC', { courses: [ndayCourse], terms: [ndayTerm] }),
      '2026-11-23T12:00:00.000Z',
      ['2026-11-24T12:50:00.000Z'],
    ],
    [
      'N-day: a holiday on Monday makes Tuesday cycle day 1, so nothing',
      source('UTC', { courses: [ndayCourse], terms: [ndayTerm], holidays: [{ startDate: '2026-11-23', endDate: '2026-11-23' }] }),
      '2026-11-23T12:00:00.000Z',
      [],
    ],
    [
      'a holiday: no class, no push',
      source('Asia/Kolkata', { holidays: [{ startDate: '2026-11-20', endDate: '2026-11-23' }] }),
      '2026-11-22T18:00:00.000Z',
      [],
    ],
    [
      'after the course ends: nothing',
      source('UTC', { courses: [{ ...chemistry, endDate: '2026-11-22' }] }),
      '2026-11-22T18:00:00.000Z',
      [],
    ],
  ])('%s', (_name, timetable, now, expected) => {
    expect(planAt(timetable, { ...ON, digestEnabled: false }, now).classSoon.map((item) => item.at)).toEqual(expected);
  });

  it.each([
    ['both off', OFF, 0, 0],
    ['class soon only', { ...ON, digestEnabled: false }, 1, 0],
    ['digest only', { ...ON, classSoonEnabled: false }, 0, 1],
  ])('settings %s', (_name, settings, classes, digests) => {
    const plan = planAt(source('UTC'), settings, '2026-11-22T18:00:00.000Z');
    expect([plan.classSoon.length, plan.digests.length]).toEqual([classes, digests]);
    expect(wantsScheduledPushes(settings)).toBe(classes + digests > 0);
    expect(wantsScheduledPushes(null)).toBe(false);
  });
});

describe('send-time checks', () => {
  const occurrences = expandTimetable({ ...source('Asia/Tokyo'), from: '2026-11-23', to: '2026-11-23' });
  const job = { occurrenceKey: 'chem:2026-11-23:0', date: '2026-11-23', startMillis: Date.parse('2026-11-23T00:00:00.000Z'), minutes: 10 };
  const at = Date.parse('2026-11-22T23:50:00.000Z');

  it.each([
    ['still wanted', ON, occurrences, at, true],
    ['setting turned off', { ...ON, classSoonEnabled: false }, occurrences, at, false],
    ['lead time changed (another job was planned)', { ...ON, classSoonMinutes: 5 }, occurrences, at, false],
    ['no settings row', null, occurrences, at, false],
    ['the course was removed', ON, [], at, false],
    ['the class moved (another instant)', ON, occurrences.map((found) => ({ ...found, start: '2026-11-23T01:00:00.000Z' })), at, false],
    ['the job ran after the class started', ON, occurrences, job.startMillis + 1, false],
  ])('class soon: %s', (_name, settings, current, now, wanted) => {
    expect(classSoonStillWanted(job, settings, current, now) !== null).toBe(wanted);
  });

  const digest = { date: '2026-11-23', atMillis: Date.parse('2026-11-23T17:00:00.000Z') }; // 07:00 in Honolulu
  it.each([
    ['still wanted', ON, 'Pacific/Honolulu', digest.atMillis, true],
    ['late but the same day', ON, 'Pacific/Honolulu', Date.parse('2026-11-24T09:59:00.000Z'), true],
    ['the day is over', ON, 'Pacific/Honolulu', Date.parse('2026-11-24T10:00:00.000Z'), false],
    ['turned off', { ...ON, digestEnabled: false }, 'Pacific/Honolulu', digest.atMillis, false],
    ['another time chosen', { ...ON, digestTime: '08:00' }, 'Pacific/Honolulu', digest.atMillis, false],
    ['the user moved to Tokyo', ON, 'Asia/Tokyo', digest.atMillis, false],
  ])('digest: %s', (_name, settings, timeZone, now, wanted) => {
    expect(digestStillWanted(digest, settings, timeZone, now)).toBe(wanted);
  });
});

describe('summarizeDay', () => {
  const day = expandTimetable({
    ...source('UTC', {
      courses: [chemistry, { id: 'bio', timeSlots: [{ day: 1, startTime: '08:00', endTime: '09:00' }] }],
    }),
    from: '2026-11-23',
    to: '2026-11-23',
  });
  it.each([
    ['nothing at all: no digest', [], 0, 0, null],
    [
      'classes only, the first one named',
      day,
      0,
      0,
      { classCount: 2, firstClass: { courseId: 'bio', start: '2026-11-23T08:00:00.000Z' }, dueToday: 0, overdue: 0 },
    ],
    ['tasks only', [], 2, 0, { classCount: 0, firstClass: null, dueToday: 2, overdue: 0 }],
    ['overdue only', [], 0, 3, { classCount: 0, firstClass: null, dueToday: 0, overdue: 3 }],
  ])('%s', (_name, occurrences, dueToday, overdue, expected) => {
    expect(summarizeDay(occurrences, { dueToday, overdue })).toEqual(expected);
  });
});
