import { describe, expect, it } from 'vitest';
import { expandTimetable } from '../../../common/domain/timetable';
import {
  currentTerm,
  ganttBar,
  milestoneDates,
  monthGridModels,
  planningWindow,
  plannedStart,
  revisionSessions,
  sundayOf,
  weekGridModel,
  weeksOf,
} from './template-models';

const term = (startDate: string, endDate: string) => ({ startDate, endDate });

describe('currentTerm and planningWindow', () => {
  const terms = [term('2026-01-10', '2026-05-30'), term('2026-09-07', '2027-01-22')];
  it.each([
    ['2026-03-01', terms[0]],
    ['2026-09-07', terms[1]],
    ['2026-07-20', terms[1]], // starts within 60 days
    ['2026-06-10', null], // next term 89 days away
  ])('on %s the current term is %o', (today, expected) => {
    expect(currentTerm(terms, today)).toBe(expected);
  });

  it('covers the term, capped at 200 days; 120 days from today without one', () => {
    expect(planningWindow(term('2026-09-07', '2027-01-22'), '2026-10-01')).toEqual({ from: '2026-09-07', to: '2027-01-22' });
    expect(planningWindow(term('2026-01-01', '2026-12-31'), '2026-03-01')).toEqual({ from: '2026-01-01', to: '2026-07-19' });
    expect(planningWindow(null, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-06-28' });
  });
});

describe('weekGridModel', () => {
  it('puts each class of the expanded week on its day in time order and fits the hours around them', () => {
    const occurrences = expandTimetable({
      courses: [
        {
          id: 'math',
          timeSlots: [
            { day: 1, startTime: '10:15', endTime: '11:45' },
            { day: 3, startTime: '08:30', endTime: '09:30' },
          ],
        },
        {
          id: 'art',
          timeSlots: [
            { day: 1, startTime: '09:00', endTime: '10:00' },
            { day: 5, startTime: '15:00', endTime: '16:20' },
          ],
        },
      ],
      terms: [],
      holidays: [{ startDate: '2026-11-27', endDate: '2026-11-27' }],
      timeZone: 'Europe/Madrid',
      from: '2026-11-22',
      to: '2026-11-28',
    });
    const model = weekGridModel(occurrences, '2026-11-22');
    expect(model.days.map((day) => day.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(model.days[1]?.items.map((item) => item.courseId)).toEqual(['art', 'math']);
    expect(model.days[3]?.items).toEqual([{ courseId: 'math', startMinute: 510, endMinute: 570, startTime: '08:30', endTime: '09:30' }]);
    // Friday the 27th is a holiday: no art class.
    expect(model.days[5]?.items).toEqual([]);
    expect(model).toMatchObject({ startMinute: 8 * 60, endMinute: 14 * 60 });
  });

  it('shows 08:00–17:00 for an empty week and draws a class past midnight to the end of its day', () => {
    expect(weekGridModel([], '2026-11-22')).toMatchObject({ startMinute: 480, endMinute: 1020 });
    const late = weekGridModel(
      [{ courseId: 'x', date: '2026-11-23', startTime: '22:00', endTime: '00:00', start: '', end: '', slotIndex: 0, occurrenceKey: '' }],
      '2026-11-22',
    );
    expect(late.days[1]?.items[0]).toMatchObject({ startMinute: 1320, endMinute: 1440 });
    expect(late).toMatchObject({ startMinute: 18 * 60, endMinute: 24 * 60 });
  });
});

describe('monthGridModels', () => {
  it('lays out each month in weeks from the first day, shading holidays and counting what is due', () => {
    const [november, december] = monthGridModels(
      '2026-11-10',
      '2026-12-05',
      1,
      [term('2026-12-01', '2026-12-02')],
      ['2026-11-30', '2026-11-30'],
      ['2026-12-01'],
    );
    // 1 November 2026 is a Sunday: six empty cells before it when weeks start on Monday.
    expect(november?.weeks[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(november?.weeks[0]?.[6]).toMatchObject({ date: '2026-11-01', day: 1 });
    expect(november?.weeks.flat().find((cell) => cell?.date === '2026-11-30')).toMatchObject({ tasks: 2, assessments: 0, shaded: false });
    expect(december?.weeks[0]?.[1]).toMatchObject({ date: '2026-12-01', shaded: true, assessments: 1 });
    for (const week of [...(november?.weeks ?? []), ...(december?.weeks ?? [])]) expect(week).toHaveLength(7);
  });

  it('starts on Sunday when asked and stops after seven months', () => {
    const [november] = monthGridModels('2026-11-01', '2026-11-30', 0, [], [], []);
    expect(november?.weeks[0]?.[0]).toMatchObject({ date: '2026-11-01' });
    expect(monthGridModels('2026-01-01', '2027-12-31', 0, [], [], [])).toHaveLength(7);
  });
});

describe('weeks, planned starts and Gantt bars', () => {
  it('counts Sunday weeks from the week of the first date', () => {
    expect(sundayOf('2026-11-24')).toBe('2026-11-22');
    expect(weeksOf('2026-11-24', '2026-12-06')).toEqual([
      { start: '2026-11-22', end: '2026-11-28' },
      { start: '2026-11-29', end: '2026-12-05' },
      { start: '2026-12-06', end: '2026-12-12' },
    ]);
  });

  it.each([
    ['2026-12-31', 'project', '2026-12-10'],
    ['2026-12-31', 'presentation', '2026-12-21'],
    ['2026-12-31', 'quiz', '2026-12-26'],
    ['2026-11-30', 'project', '2026-11-24'], // lead time already begun: today
    ['2026-11-20', 'project', '2026-11-20'], // overdue: its due date
  ])('a %s due %s starts on %s (today 2026-11-24)', (due, type, start) => {
    expect(plannedStart(due, type, '2026-11-24')).toBe(start);
  });

  it.each([
    ['2026-11-24', '2026-11-28', { start: 0, end: 0 }],
    ['2026-11-24', '2026-12-14', { start: 0, end: 3 }],
    ['2026-12-10', '2027-06-01', { start: 2, end: 15 }], // clamped to 16 weeks
    ['2026-11-01', '2026-11-21', null], // before the chart
    ['2027-06-01', '2027-06-10', null], // after it
  ])('from %s to %s the bar spans %o', (start, due, bar) => {
    expect(ganttBar(start, due, '2026-11-24', 16)).toEqual(bar);
  });
});

describe('revisionSessions', () => {
  it('spaces sessions 14, 7, 3 and 1 days before each assessment, dropping the past ones, in date order', () => {
    const sessions = revisionSessions(
      [
        { id: 'late', date: '2026-12-20' },
        { id: 'soon', date: '2026-11-28' },
        { id: 'tomorrow', date: '2026-11-25' },
        { id: 'today', date: '2026-11-24' },
      ],
      '2026-11-24',
    );
    expect(sessions.map((session) => [session.date, session.assessment.id, session.kind])).toEqual([
      ['2026-11-24', 'tomorrow', 'recap'],
      ['2026-11-25', 'soon', 'pastPaper'],
      ['2026-11-27', 'soon', 'recap'],
      ['2026-12-06', 'late', 'firstReview'],
      ['2026-12-13', 'late', 'practice'],
      ['2026-12-17', 'late', 'pastPaper'],
      ['2026-12-19', 'late', 'recap'],
    ]);
  });
});

describe('milestoneDates', () => {
  it('spreads the milestones from today to the due date', () => {
    expect(milestoneDates('2026-11-24', '2026-12-24')).toEqual([
      { milestone: 'kickoff', date: '2026-11-24' },
      { milestone: 'research', date: '2026-12-03' },
      { milestone: 'draft', date: '2026-12-12' },
      { milestone: 'review', date: '2026-12-20' },
      { milestone: 'submission', date: '2026-12-24' },
    ]);
    expect(milestoneDates('2026-11-24', '2026-11-24').every((entry) => entry.date === '2026-11-24')).toBe(true);
  });
});
